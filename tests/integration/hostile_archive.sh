#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hostile archives (issue 18): copies of a real archive with links out of it, FIFOs,
# /dev/zero, a huge file and wrong JSON types. report, ls, compare, verify and resume
# must hang on nothing (timeout 20, exit not 124), crash on nothing (exit < 128),
# change nothing outside the archive (victims compared byte for byte), name the path
# in their errors without echoing what a link names, and verify must say tampered.
# A report killed half-way leaves no broken file, and resume says to re-render it.
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="hostile" title="敵意">
  <target name="dut" file="t.bin" size="8MiB"/>
  <workload name="rr" rw="randread" bs="4k" runtime="1s"/>
  <workload name="rw" rw="randwrite" bs="4k" runtime="1s"/>
</plan>
PLAN
good=$WORK/good
"$SSDBENCH" run "$WORK/plan.xml" --out "$good" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log"; fail "run"; }
rm "$good/t.bin" # not listed, not needed to read the archive: keeps the copies small

# What must not change: files and a folder outside every archive.
v=$WORK/victims
mkdir -p "$v/dir" "$v/steps"
printf 'MARKER-7f3a first line of a victim\nsecond\n' > "$v/marker"
printf 'victim pdf\n' > "$v/pdf"
printf 'victim svg\n' > "$v/svg"
printf 'keep\n' > "$v/dir/keep"
snapshot() { (cd "$v" && find . -printf '%y %p %s %m\n' | sort && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
snapshot > "$WORK/victims.before"
victims_intact() {
  snapshot > "$WORK/victims.after"
  cmp -s "$WORK/victims.before" "$WORK/victims.after" ||
    { diff "$WORK/victims.before" "$WORK/victims.after" >&2; fail "victims changed: $1"; }
  check "$1: marker byte-identical" cmp -s "$v/marker" <(printf 'MARKER-7f3a first line of a victim\nsecond\n')
}

# sb NAME ARGS...: ssdbench ARGS under timeout 20, output in $WORK/NAME.{out,err}, exit in
# $rc; a hang (124) or a crash (128 and up) fails the test.
sb() {
  local name=$1
  shift
  run_rc "$WORK/$name.out" "$WORK/$name.err" timeout 20 "$SSDBENCH" "$@"
  [ "$rc" != 124 ] || fail "$name: ssdbench $* hung"
  [ "$rc" -lt 128 ] || { cat "$WORK/$name.err" >&2; fail "$name: ssdbench $* crashed ($rc)"; }
}
# expect_err NAME TEXT: stderr of NAME has TEXT and never the marker's content.
expect_err() {
  grep -qF -- "$2" "$WORK/$1.err" || { cat "$WORK/$1.err" >&2; fail "$1: stderr lacks '$2'"; }
  ! grep -q MARKER "$WORK/$1.out" "$WORK/$1.err" || fail "$1: echoed a victim's content"
}
m=$WORK/m
mkdir "$m"
mutant() { cp -a "$good" "$m/$1"; }

# A fresh archive verifies intact (the baseline the mutants differ from).
sb v0 verify "$good"
expect_eq "fresh archive: verify" "$rc" 0

# report.pdf, charts/ and one chart as links to victims: verify says tampered;
# report replaces the file links, refuses the folder link, writes through none.
mutant pdf
ln -sf "$v/pdf" "$m/pdf/report.pdf"
sb pdf-verify verify "$m/pdf"
expect_eq "linked report.pdf: verify" "$rc" 1
check "verify names report.pdf" grep -q '^tampered: report.pdf (a symbolic link)$' "$WORK/pdf-verify.out"
check "verify says tampered" grep -q 'tampered$' "$WORK/pdf-verify.out"
sb pdf-report report "$m/pdf"
expect_eq "linked report.pdf: report" "$rc" 0
check "report.pdf replaced by a file" test -f "$m/pdf/report.pdf" -a ! -L "$m/pdf/report.pdf"
check "report.pdf is a PDF" pdfinfo "$m/pdf/report.pdf" > /dev/null
victims_intact "linked report.pdf"

# A FIFO at report.pdf: refused by name, never replaced (as for -o), nothing hangs.
mutant pdffifo
rm "$m/pdffifo/report.pdf"
mkfifo "$m/pdffifo/report.pdf"
sb pdffifo-report report "$m/pdffifo"
[ "$rc" -ne 0 ] || fail "FIFO report.pdf: report exited 0"
expect_err pdffifo-report "report.pdf' is a FIFO, not a regular file: refusing to replace it"
check "the FIFO is still there" test -p "$m/pdffifo/report.pdf"

mutant charts
rm -r "$m/charts/charts"
ln -s "$v/dir" "$m/charts/charts"
sb charts-report report "$m/charts"
[ "$rc" -ne 0 ] || fail "linked charts/: report exited 0"
expect_err charts-report "charts' is a symbolic link: refusing to write through it"
sb charts-verify verify "$m/charts"
check "verify names charts" grep -q '^tampered: charts (a symbolic link)$' "$WORK/charts-verify.out"
victims_intact "linked charts/"

mutant chart
ln -sf "$v/svg" "$m/chart/charts/summary.svg"
sb chart-verify verify "$m/chart"
expect_eq "linked chart: verify" "$rc" 1
check "verify names the chart" grep -q '^tampered: charts/summary.svg (a symbolic link)$' "$WORK/chart-verify.out"
sb chart-report report "$m/chart"
expect_eq "linked chart: report" "$rc" 0
check "chart replaced by a file" test -s "$m/chart/charts/summary.svg" -a ! -L "$m/chart/charts/summary.svg"
check "chart is SVG" xmllint --noout "$m/chart/charts/summary.svg"
victims_intact "linked chart"

# steps/ a link to a folder outside: refused by name, nothing there read or changed.
mutant steps
cp -a "$m/steps/steps/." "$v/steps/"
rm -r "$m/steps/steps"
ln -s "$v/steps" "$m/steps/steps"
snapshot > "$WORK/victims.before"
sb steps-report report "$m/steps"
[ "$rc" -ne 0 ] || fail "linked steps/: report exited 0"
expect_err steps-report "steps' is a symbolic link: refusing to follow it"
sb steps-verify verify "$m/steps"
check "verify names steps" grep -q '^tampered: steps (a symbolic link)$' "$WORK/steps-verify.out"
victims_intact "linked steps/"

# A FIFO in place of a log and of manifest.json; manifest.json -> /dev/zero.
mutant fifolog
rm "$m/fifolog/steps/001-rr/log_iops.1.log"
mkfifo "$m/fifolog/steps/001-rr/log_iops.1.log"
sb fifolog-report report "$m/fifolog"
[ "$rc" -ne 0 ] || fail "FIFO log: report exited 0"
expect_err fifolog-report "steps/001-rr/log_iops.1.log' is a FIFO, not a regular file"
sb fifolog-verify verify "$m/fifolog"
check "verify names the FIFO" grep -q '^tampered: steps/001-rr/log_iops.1.log (a FIFO)$' "$WORK/fifolog-verify.out"

mutant fifoman
rm "$m/fifoman/manifest.json"
mkfifo "$m/fifoman/manifest.json"
for cmd in report verify; do
  sb "fifoman-$cmd" "$cmd" "$m/fifoman"
  [ "$rc" -ne 0 ] || fail "FIFO manifest: $cmd exited 0"
  expect_err "fifoman-$cmd" "manifest.json' is a FIFO, not a regular file"
done
sb fifoman-compare compare "$good" "$m/fifoman" -o "$WORK/cmp.pdf"
[ "$rc" -ne 0 ] || fail "FIFO manifest: compare exited 0"
expect_err fifoman-compare "manifest.json' is a FIFO"

mutant zero
ln -sf /dev/zero "$m/zero/manifest.json"
for cmd in report verify; do
  sb "zero-$cmd" "$cmd" "$m/zero"
  [ "$rc" -ne 0 ] || fail "manifest -> /dev/zero: $cmd exited 0"
  expect_err "zero-$cmd" "manifest.json' is a symbolic link"
done

# A log linked to a file whose first line is a marker: refused by name, not echoed.
mutant loglink
ln -sf "$v/marker" "$m/loglink/steps/001-rr/log_clat.1.log"
sb loglink-report report "$m/loglink"
[ "$rc" -ne 0 ] || fail "linked log: report exited 0"
expect_err loglink-report "steps/001-rr/log_clat.1.log' is a symbolic link"
victims_intact "linked log"

# A huge file (sparse) is an error naming it, not an abort.
mutant big
truncate -s 300M "$m/big/steps/001-rr/fio.json"
sb big-report report "$m/big"
expect_eq "huge fio.json: report" "$rc" 1
expect_err big-report "steps/001-rr/fio.json' is larger than 256 MiB"

# results.csv (the workbook reads it whole) and a fio.json as links to the marker, and
# results.csv as a FIFO (#30): report --xlsx and --html and compare --xlsx and --html
# refuse each by name, hang on none, and nothing of the marker reaches any output.
mutant csvlink
ln -sf "$v/marker" "$m/csvlink/results.csv"
mutant jsonlink
ln -sf "$v/marker" "$m/jsonlink/steps/001-rr/fio.json"
mutant csvfifo
rm "$m/csvfifo/results.csv"
mkfifo "$m/csvfifo/results.csv"
o=$WORK/outs
for a in csvlink:results.csv jsonlink:steps/001-rr/fio.json csvfifo:results.csv; do
  name=${a%%:*} file=${a#*:}
  what="symbolic link"
  [ "$name" != csvfifo ] || what="FIFO, not a regular file"
  rm -rf "$o"
  mkdir -p "$o"
  refused() {   # refused NAME ARGS...: ssdbench ARGS fails, naming the file
    sb "$@"
    [ "$rc" -ne 0 ] || fail "$1 exited 0"
    expect_err "$1" "$file' is a $what"
  }
  refused "$name-xlsx" report "$m/$name" -o "$o/r.pdf" --xlsx "$o/r.xlsx"
  refused "$name-html" report "$m/$name" -o "$o/r2.pdf" --html "$o/html"
  refused "$name-cmp-xlsx" compare "$good" "$m/$name" -o "$o/c.pdf" --xlsx "$o/c.xlsx"
  refused "$name-cmp-html" compare "$good" "$m/$name" -o "$o/c2.pdf" --html "$o/chtml"
  for f in "$o"/*.xlsx; do
    [ -e "$f" ] || continue
    ! unzip -p "$f" | grep -q MARKER || fail "$name: the marker in $f"
  done
  ! grep -rq MARKER "$o" "$m/$name/report.pdf" "$m/$name/charts" 2> /dev/null ||
    fail "$name: the marker in an output"
  victims_intact "$name: report and compare, --xlsx and --html"
done

# Wrong JSON types: "plan": null, a string for steps, a number for the platform.
mutant nullplan
jq '.plan = null' "$good/manifest.json" > "$m/nullplan/manifest.json"
mutant strsteps
jq '.steps = "x" | .platform = 5' "$good/manifest.json" > "$m/strsteps/manifest.json"
sb nullplan-report report "$m/nullplan"
expect_eq "\"plan\": null: report" "$rc" 0
mutant good

# ls over the folder of mutants (and over each): no crash, the good ones listed,
# each bad one named on stderr.
cd "$m" # ls pads its first column: short names
sb ls ls .
expect_eq "ls over mutants: exit" "$rc" 1
for a in good nullplan pdf chart; do
  check "ls lists $a" grep -q "^\./$a " "$WORK/ls.out"
done
for a in steps fifolog fifoman zero loglink big strsteps; do
  check "ls names $a" grep -q "^\./$a: unreadable: " "$WORK/ls.err"
done
sb ls-each ls ./*
check "ls ./* lists the good one" grep -q "^\./good " "$WORK/ls-each.out"
check "ls ./* names the FIFO manifest" grep -q "^\./fifoman: unreadable: " "$WORK/ls-each.err"
cd "$WORK"
victims_intact "ls"

# resume in place: an archive whose steps/ links outside, and one whose unfinished
# element's folder does. The first is refused; the second runs, removing the link only.
res=$WORK/res
"$SSDBENCH" run "$WORK/plan.xml" --out "$res" > "$WORK/run2.log" 2>&1 ||
  { cat "$WORK/run2.log"; fail "second run"; }
head -2 "$res/journal.jsonl" > "$WORK/j" && cp "$WORK/j" "$res/journal.jsonl"
mkdir "$v/steps2"
mv "$res/steps" "$v/steps2/steps"
ln -s "$v/steps2/steps" "$res/steps"
snapshot > "$WORK/victims.before"
sb resume-steps resume "$res"
expect_eq "resume with linked steps/: exit" "$rc" 1
expect_err resume-steps "steps' is a symbolic link: refusing to follow it"
victims_intact "resume with linked steps/"
rm "$res/steps"
mv "$v/steps2/steps" "$res/steps"
mv "$res/steps/002-rw" "$v/steps2/002-rw"
ln -s "$v/steps2/002-rw" "$res/steps/002-rw"
snapshot > "$WORK/victims.before"
sb resume-step resume "$res"
[ "$rc" = 0 ] || { cat "$WORK/resume-step.err" >&2; fail "resume with a linked step folder: exit $rc"; }
victims_intact "resume with a linked step folder"
check "the step ran again in a folder of its own" test -d "$res/steps/002-rw" -a ! -L "$res/steps/002-rw"
sb resume-verify verify "$res"
expect_eq "resumed archive: verify" "$rc" 0

# resume of a crafted journal that points outside the archive (#30): its plan at a
# file of the victims' (with the SHA-256 the journal claims), its target a victim.
# resume runs the archive's copy of the plan, takes no target from the journal, and
# refuses the plan's own (a file kept inside) as not the journal's.
jr=$WORK/jr
"$SSDBENCH" run "$WORK/plan.xml" --out "$jr" > "$WORK/run3.log" 2>&1 ||
  { cat "$WORK/run3.log"; fail "third run"; }
sed 's/name="rr"/name="evil"/' "$WORK/plan.xml" > "$v/evil.xml"
snapshot > "$WORK/victims.before"
evsha=$(sha256sum < "$v/evil.xml" | cut -d' ' -f1)
head -1 "$jr/journal.jsonl" |
  jq -c --arg p "$v/evil.xml" --arg s "$evsha" --arg t "$v/marker" \
    '.plan = $p | .files = [{path: $p, sha256: $s}] | .targets = ["dut=file:\($t),size=8MiB"]
     | .hosts = ["x=127.0.0.1:1"] | .target.path = $t' > "$WORK/j"
sed -n 2p "$jr/journal.jsonl" >> "$WORK/j"
cp "$WORK/j" "$jr/journal.jsonl"
sb resume-journal resume "$jr"
expect_eq "resume of a journal pointing outside: exit" "$rc" 2
expect_err resume-journal "the plan copy '$jr/plan/plan.xml' is not the file the run started with"
victims_intact "resume of a journal pointing outside"
# The same journal, its files' SHA-256 the copy's: the copy runs, and the target is
# still the archive's own, not the journal's victim.
cpsha=$(sha256sum < "$jr/plan/plan.xml" | cut -d' ' -f1)
{ head -1 "$WORK/j" | jq -c --arg s "$cpsha" '.files[0].sha256 = $s'; sed -n 2p "$WORK/j"; } > "$jr/journal.jsonl"
sb resume-journal2 resume "$jr"
expect_eq "resume of a journal naming a victim target: exit" "$rc" 1
expect_err resume-journal2 "cannot resume: the target changed since the run started: it was $v/marker (file"
check "resume-journal2: never ran the outside plan" sh -c "! grep -q evil '$WORK/resume-journal2.out' '$WORK/resume-journal2.err' '$jr/manifest.json'"
victims_intact "resume of a journal naming a victim target"

# A report killed while it writes: no broken report.pdf, no empty chart; resume says
# to re-render, and report then does.
kill9=$m/killed
cp -a "$res" "$kill9"
# (the report is drawn in a folder of its own, .ssdbench-report-PID/, then swapped in;
# a report that ends before this side sees a chart's temporary file, on a loaded
# machine, is run again, up to five times)
caught=0
for attempt in 1 2 3 4 5; do
  rm -f "$kill9/report.pdf" "$kill9"/charts/*
  "$SSDBENCH" report "$kill9" --width 4000 > "$WORK/kill.log" 2>&1 &
  pid=$!
  for _ in $(seq 2000); do
    compgen -G "$kill9/.ssdbench-report-*/charts/*.tmp" > /dev/null && { caught=1; break; }
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  [ $caught = 1 ] && break
  wait "$pid" || { cat "$WORK/kill.log"; fail "the report to kill failed (attempt $attempt)"; }
done
[ $caught = 1 ] || { cat "$WORK/kill.log"; fail "caught no temporary chart to kill the report on in $attempt reports"; }
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
check "no report.pdf after the kill" test ! -e "$kill9/report.pdf"
expect_eq "empty charts after the kill" "$(find "$kill9" -empty -name '*.png' -o -empty -name '*.svg' | wc -l)" 0
# verify names the folder the killed report left (#30), and is not intact.
leftover=$(cd "$kill9" && compgen -G '.ssdbench-report-*')
sb kill-verify verify "$kill9"
expect_eq "verify after a killed report: exit" "$rc" 1
check "verify names the leftover" grep -qx "leftover: $leftover/ (a report that was cut short; the next 'ssdbench report $kill9' removes it)" "$WORK/kill-verify.out"
check "verify's summary counts it" grep -q "^$kill9: .* 0 extra, 1 report folder left$" "$WORK/kill-verify.out"
sb kill-resume resume "$kill9"
expect_eq "resume after a killed report: exit" "$rc" 2
expect_err kill-resume "run 'ssdbench report $kill9' to render it"
sb kill-report report "$kill9"
expect_eq "re-render after the kill" "$rc" 0
check "re-rendered report.pdf" pdfinfo "$kill9/report.pdf" > /dev/null
expect_eq "the killed report's folder removed" "$(find "$kill9" -name '.ssdbench-report-*' | wc -l)" 0
sb kill-verify2 verify "$kill9"
expect_eq "verify after the re-render: exit" "$rc" 0
sb kill-resume2 resume "$kill9"
check "then resume says finished" grep -q "nothing to resume: the run in '$kill9' finished$" "$WORK/kill-resume2.err"

# -o at a device is refused, never replacing it with a file: /dev/null as a usage
# error (no .pdf), and a null.pdf that links to it when the write is tried.
sb devnull report "$good" -o /dev/null
expect_eq "report -o /dev/null: exit" "$rc" 2
expect_err devnull "output '/dev/null' must end in .pdf"
ln -s /dev/null "$WORK/null.pdf"
sb devlink report "$good" -o "$WORK/null.pdf"
[ "$rc" -ne 0 ] || fail "report -o null.pdf (a link to /dev/null) exited 0"
expect_err devlink "cannot write '$WORK/null.pdf': it is a device, not a regular file"
check "/dev/null still a device" test -c /dev/null
echo "hostile archives: ok"
