#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The SNIA report header (#21) and the plan's report template: a smoke run of
# snia-iops on a file, whose English PDF text carries each header field with the
# value recomputed from manifest.json and fio.json (the steady-state line by least
# squares in awk from the window's rounds); a non-SNIA plan's report with the fields
# that apply; a plan naming an unknown template refused at FILE:LINE:COL, and one
# naming a broken template refused by check and run (exit 2) before anything runs.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pdfsize.sh"  # #22: pdf_ok, no word under 9 pt
command -v pdftotext > /dev/null || { echo "SKIP: no pdftotext"; exit 77; }
command -v jq > /dev/null || { echo "SKIP: no jq"; exit 77; }

A=$WORK/iops
SPONSOR="ACME 實驗室 Lab"
run_ok "$SRC/testplans/snia-iops.xml" "$A" --target "dut=file:$WORK/t.bin,size=256MiB" \
  --set smoke=1 --set "sponsor=$SPONSOR"
pdf_ok "snia-iops smoke: report.pdf" "$A/report.pdf"
M=$A/manifest.json
expect_eq "manifest plan.report" "$(jq -r .plan.report "$M")" snia-iops
# The run drew with report-snia-iops.xml: its rounds charts, no summary bars.
check "rounds charts" test -f "$A/charts/scope-steady-state-iops-table.svg"
check "no summary (not in report-snia-iops.xml)" test ! -e "$A/charts/summary.svg"
"$SSDBENCH" report "$A" --lang en > /dev/null
check "report DIR: the plan's template again" test ! -e "$A/charts/summary.svg"
pdftotext -layout "$A/report.pdf" - | tr -s ' ' > "$WORK/iops.txt"
T=$WORK/iops.txt
has() { grep -qF -- "$2" "$T" || { sed -n 1,60p "$T" >&2; fail "$1: no '$2' in the PDF"; }; }
# track_words K: tracking variable K of the first scope as the English report words it,
# recomputed from its element in manifest.json: "4K random 0/100 mix QD32 T4, total IOPS"
track_words() {
  jq -r --argjson k "$1" '.scopes[0].tracks[$k] as $t
    | [.steps[] | select(.name == $t.element)][0] as $s
    | ($s.bs | if . % 1048576 == 0 then "\(. / 1048576)M" elif . % 1024 == 0 then "\(. / 1024)K"
                else "\(.)B" end) as $bs
    | ({"read": "sequential read", "write": "sequential write", "randread": "random read",
        "randwrite": "random write"}[$s.rw] // "random \($s.rwmixread)/\(100 - $s.rwmixread) mix") as $rw
    | "\($bs) \($rw) QD\($s.iodepth) T\($s.numjobs), \({"total": "total", "read": "Read",
        "write": "Write"}[$t.dir]) \({"iops": "IOPS", "bw": "MB/s"}[$t.metric])"' "$M"
}

has "header" "SNIA report header"
# DUT identity: a file has no model, serial or firmware (null in the manifest), and
# the row says so instead of dashes (#22 cover); capacity from target.size.
size=$(jq .target.size "$M")
expect_eq "a file's model, serial, firmware" \
  "$(jq -c '[.target.model, .target.serial, .target.firmware]' "$M")" "[null,null,null]"
has "DUT" "Device under test file target (no model, serial or firmware) / capacity"
has "DUT capacity" "($size B)"
# Purge: a file target has none, in the header and in the steps table.
expect_eq "target kind" "$(jq -r .target.kind "$M")" file
has "purge" "Purge none (file target)"
pname=$(jq -r '.steps[] | select(.kind == "purge") | .name' "$M")
has "purge row" "1 $pname none (file target) ok"
check "no 'none / 0 B'" bash -c "! grep -qF 'none / 0 B' '$T'"
# The test sponsor (--set sponsor=, a <plan> attribute), kept in the manifest.
expect_eq "manifest plan.sponsor" "$(jq -r .plan.sponsor "$M")" "$SPONSOR"
has "sponsor" "Test sponsor $SPONSOR"
# The measurement's TC / QD: each pair of the <rounds> elements fio measured.
tcqd=$(jq -r '[.steps[] | select(.scope != null and (.iodepth // 0) > 0)
  | "TC \(.numjobs) / QD \(.iodepth)"] | unique | join(", ")' "$M")
[ -n "$tcqd" ] || fail "no measured step with a queue depth"
has "TC/QD" "Thread count / queue depth $tcqd"
# Write cache and data pattern, each state once, from the elements.
wc=$(jq -r '[.steps[].write_cache | select(. != null)] | unique | .[0]' "$M")
has "write cache" "Write cache $wc"
# each pattern in words: random data, zeros, N % compressible
JQ_DATA='[.steps[].data | select(. != null)] | unique | map(if . == "random" then "random data"
  elif . == "zero" then "zeros" else sub("compressible:(?<p>[0-9]+)%"; "\(.p) % compressible") end)
  | join(", ")'
data=$(jq -r "$JQ_DATA" "$M")
has "data" "Data pattern $data"
# Active range: the workloads' range over their capacity.
pct=$(jq -r '[.steps[] | select(.kind == "workload") | .range_size * 100 / .capacity]
  | unique | .[0]' "$M")
has "active range" "Active range $(awk -v p="$pct" 'BEGIN { printf "%.1f", p }') % of capacity"
# WIPC: the precondition's rw / bs / QD / TC / amount, the amount also fio's bytes.
read -r wname wrw wbs wqd wtc wamt wdir < <(jq -r '.steps[] | select(.kind == "precondition")
  | "\(.name) \(.rw) \(.bs) \(.iodepth) \(.numjobs) \(.amount) \(.dir)"' "$M")
expect_eq "WIPC bytes in fio.json" "$(jq '[.jobs[].write.io_bytes] | add' "$A/$wdir/fio.json")" "$wamt"
expect_eq "WIPC bs" "$wbs" 131072
wrw=$(jq -rn --arg rw "$wrw" '{"write": "sequential write", "randwrite": "random write"}[$rw]')
has "WIPC" "WIPC $wrw / 128 KiB / QD$wqd / TC$wtc /"
has "WIPC amount" "written ($(awk -v a="$wamt" -v s="$size" 'BEGIN { printf "%.2f", a / s }')x capacity)"
# Tracking variables and, per variable, the window's least-squares line and excursions.
sc=$(jq -r '.scopes[0].labels.en' "$M")   # the plan's label of its rounds
tracks=$(for k in $(seq 0 $(($(jq '.scopes[0].tracks | length' "$M") - 1))); do track_words "$k"; done |
  paste -sd '|' | sed 's/|/, /g')
has "tracking variables" "Tracking variables ($sc) $tracks"
win=$(jq .scopes[0].window "$M")
rounds=$(jq .scopes[0].rounds "$M")
sround=$(jq .scopes[0].steady_round "$M")
endr=$((sround > 0 ? sround : rounds))
range=$(jq .scopes[0].range "$M")
slope=$(jq .scopes[0].slope "$M")
ntr=$(jq '.scopes[0].tracks | length' "$M")
for k in $(seq 0 $((ntr - 1))); do
  name=$(track_words "$k")
  vals=$(jq -r ".scopes[0].tracks[$k].rounds[$((endr - win)):$endr][].value" "$M")
  # rounds endr-win+1 .. endr as x: slope a, intercept b, excursions in % of the mean.
  read -r first last a b rg sl ok < <(echo "$vals" | awk -v f=$((endr - win + 1)) \
    -v rl="$range" -v sll="$slope" '
    { x = f + NR - 1; y = $1; n++; sx += x; sy += y; sxx += x * x; sxy += x * y
      if (n == 1 || y < lo) lo = y; if (n == 1 || y > hi) hi = y }
    END { a = (n * sxy - sx * sy) / (n * sxx - sx * sx); b = (sy - a * sx) / n; m = sy / n
          rg = 100 * (hi - lo) / m; sl = 100 * (a < 0 ? -a : a) * (n - 1) / m
          print f, f + n - 1, a, b, rg, sl, (rg <= 100 * rl && sl <= 100 * sll) ? 1 : 0 }')
  line=$(grep -F -- "$name: window rounds $first-$last, least-squares line y = " "$T") ||
    fail "no window line for $name (rounds $first-$last)"
  got=$(echo "$line" | sed -E 's/.*y = ([-0-9.e+]+)x ([-+]) ([0-9.e+]+).*/\1 \2\3/')
  read -r ga gb <<< "$got"
  awk -v g="$ga" -v w="$a" -v gb="$gb" -v wb="$b" -v s="$(echo "$vals" | awk '{s += $1} END {print s / NR}')" \
    'BEGIN { d = g - w; e = gb - wb; if (d < 0) d = -d; if (e < 0) e = -e
             exit !(d <= 1e-4 * (w < 0 ? -w : w) + 1e-9 && e <= 1e-5 * s + 1e-9) }' ||
    fail "$name: line y = ${ga}x + $gb in the PDF, recomputed y = ${a}x + $b"
  exc=$(grep -A1 -F -- "$name: window rounds" "$T" | tail -n 1)
  read -r prg psl < <(echo "$exc" | sed -E 's/.*data excursion ([0-9.]+) % \(max ([0-9]+) %\), slope excursion ([0-9.]+) % \(max ([0-9]+) %\).*/\1 \3/')
  awk -v p="$prg" -v w="$rg" -v q="$psl" -v v="$sl" \
    'BEGIN { d = p - w; e = q - v; exit !(d * d < 0.0026 && e * e < 0.0026) }' ||
    fail "$name: excursions $prg % / $psl % in the PDF, recomputed $rg % / $sl %"
  lim=$(awk -v r="$range" -v s="$slope" 'BEGIN { printf "(max %.0f %%), slope excursion", 100 * r }')
  echo "$exc" | grep -qF "$lim" || fail "$name: range limit: $exc"
  echo "$exc" | grep -qF "(max $(awk -v s="$slope" 'BEGIN { printf "%.0f", 100 * s }') %):" ||
    fail "$name: slope limit: $exc"
  verdict=$([ "$ok" = 1 ] && echo "within both limits" || echo "outside the limits")
  echo "$exc" | grep -qF ": $verdict" || fail "$name: verdict, want '$verdict': $exc"
done
if [ "$sround" -gt 0 ]; then
  has "scope verdict" "Steady state reached at round $sround"
else
  has "scope verdict" "Steady state not reached in $rounds rounds"
fi
# --template still wins over the plan's template.
"$SSDBENCH" report "$A" --lang en --template "$SRC/templates/report-default.xml" > /dev/null
check "--template: the default's summary" test -f "$A/charts/summary.svg"
# Chinese: the header's title from each language's strings.
for lang in zh-TW zh-CN; do
  want=$(sed -n 's/.*<string id="hdr-title">\(.*\)<\/string>.*/\1/p' "$SRC/templates/i18n/$lang.xml")
  "$SSDBENCH" report "$A" --lang "$lang" --output "$WORK/$lang.pdf" > /dev/null
  pdftotext "$WORK/$lang.pdf" "$WORK/$lang.txt"
  grep -qF "$want" "$WORK/$lang.txt" || fail "$lang: no '$want'"
done

# A non-SNIA plan: the header's fields that apply, none of the SNIA-only ones.
Q=$WORK/quick
run_ok "$SRC/testplans/quick.xml" "$Q" --target "dut=file:$WORK/q.bin,size=64MiB" --set smoke=1
pdf_ok "quick smoke: report.pdf" "$Q/report.pdf"
expect_eq "quick: plan.report" "$(jq -r .plan.report "$Q/manifest.json")" null
"$SSDBENCH" report "$Q" --lang en > /dev/null
check "quick: the default template's summary" test -f "$Q/charts/summary.svg"
pdftotext -layout "$Q/report.pdf" - | tr -s ' ' > "$WORK/quick.txt"
T=$WORK/quick.txt
has "quick header" "SNIA report header"
has "quick DUT" "capacity 64 MiB ($(jq .target.size "$Q/manifest.json") B)"
has "quick purge" "Purge none (file target)"
has "quick data" "Data pattern $(jq -r "$JQ_DATA" "$Q/manifest.json")"
has "quick range" "Active range 100.0 % of capacity"
for no in "WIPC" "Tracking variables" "Steady state (" "Thread count / queue depth"; do
  grep -qF "$no" "$T" && fail "quick: '$no' on a plan without it"
done

# An archive whose plan.report is no template name is refused, not followed as a path.
jq '.plan.report = "../../x"' "$Q/manifest.json" > "$WORK/m.json" && mv "$WORK/m.json" "$Q/manifest.json"
run_rc "$WORK/rep.log" "$WORK/rep.err" "$SSDBENCH" report "$Q" --lang en
[ "$rc" -ne 0 ] && grep -qF "plan.report '../../x' is not a template name" "$WORK/rep.err" ||
  { cat "$WORK/rep.err" >&2; fail "report: plan.report '../../x' not refused"; }

# report="nope": refused by check at the attribute's value, naming the shipped ones.
sed 's/<plan /<plan report="nope" /' "$SRC/testplans/quick.xml" > "$WORK/nope.xml"
line=$(grep -n '<plan report="nope"' "$WORK/nope.xml" | cut -d: -f1)
col=$(awk -v l="$line" 'NR == l { print index($0, "report=\"nope\"") + 8 }' "$WORK/nope.xml")
run_rc "$WORK/check.log" "$WORK/check.err" "$SSDBENCH" check "$WORK/nope.xml"
[ "$rc" -ne 0 ] || fail "check accepted report=\"nope\""
grep -qF "$WORK/nope.xml:$line:$col: error: unknown report 'nope'" "$WORK/check.err" ||
  { cat "$WORK/check.err" >&2; fail "check: no FILE:LINE:COL for report=\"nope\""; }
grep -qF "snia-iops" "$WORK/check.err" || fail "check: the shipped templates not listed"
sed 's/<plan /<plan report="snia-iop" /' "$SRC/testplans/quick.xml" > "$WORK/typo.xml"
run_rc "$WORK/check.log" "$WORK/check.err" "$SSDBENCH" check "$WORK/typo.xml"
grep -qF "did you mean 'snia-iops'?" "$WORK/check.err" || fail "check: no suggestion"

# report="snia-iops" whose template (in another data folder) is broken: check and run
# refuse it before anything runs, exit 2 at the template's FILE:LINE:COL with the
# line and a caret, and the run writes nothing (no archive, no target file).
D=$WORK/data
mkdir -p "$D"
cp -a "$SRC/templates" "$D/"
sed -i '0,/<chart kind="rounds"/s//<chart kind="rouns"/' "$D/templates/report-snia-iops.xml"
line=$(grep -n 'kind="rouns"' "$D/templates/report-snia-iops.xml" | cut -d: -f1)
[ -n "$line" ] || fail "the broken template: no kind=\"rouns\""
col=$(awk -v l="$line" 'NR == l { print index($0, "kind=\"rouns\"") + 6 }' \
  "$D/templates/report-snia-iops.xml")
want="$D/templates/report-snia-iops.xml:$line:$col: error: unknown chart kind 'rouns' (did you mean 'rounds'?"
caret="  $(sed -n "${line}p" "$D/templates/report-snia-iops.xml" | cut -c1-$((col - 1)) | sed 's/[^\t]/ /g')^"
run_rc "$WORK/check.log" "$WORK/check.err" env SSDBENCH_DATADIR="$D" "$SSDBENCH" check \
  "$SRC/testplans/snia-iops.xml" --set smoke=1
expect_eq "check, broken template: exit" "$rc" 2
grep -qF "$want" "$WORK/check.err" || { cat "$WORK/check.err" >&2; fail "check: the template's error"; }
expect_eq "check, broken template: the caret" "$(sed -n 3p "$WORK/check.err")" "$caret"
run_rc "$WORK/run.log" "$WORK/run.err" env SSDBENCH_DATADIR="$D" "$SSDBENCH" run \
  "$SRC/testplans/snia-iops.xml" --set smoke=1 --target "dut=file:$WORK/never.bin,size=256MiB" \
  --out "$WORK/never"
expect_eq "run, broken template: exit" "$rc" 2
grep -qF "$want" "$WORK/run.err" || { cat "$WORK/run.err" >&2; fail "run: the template's error"; }
expect_eq "run, broken template: the caret" "$(sed -n 3p "$WORK/run.err")" "$caret"
check "run, broken template: no archive" test ! -e "$WORK/never"
check "run, broken template: no target file" test ! -e "$WORK/never.bin"
echo "ok"
