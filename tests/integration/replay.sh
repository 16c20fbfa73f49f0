#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The <replay> step (#24 replay). testplans/replay.xml's smoke form replays the
# shipped traces (traces/, magic checked) onto a 128 MiB file target: the report's
# MB/s and average access time per trace equal those recomputed with jq from each
# replay's fio.json, fio's reads, writes and trims (count and bytes) are exactly the
# capture's as blkparse reads it (a write carrying a flush included: fio alone would
# drop it), and the fit is the factor recomputed with awk from blkparse's reading (the
# target does not grow, the fitted trace fio read stays inside it).
# Two more traces are captured here (ext4 on a loop device over a file made here: a
# folder copied and synced, then read back on a read-only mount): only the copy is a
# writing step; the copy on a target of 40 % of its span is scaled; five replays of
# it on one file agree within the noise docs/replay.md states. Refusals: raw replay
# options, a <fio> inside <replay>, a truncated or missing trace, each at its place.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pdfsize.sh"  # #22: pdf_ok, no word under 9 pt

if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null || ! command -v mkfs.ext4 > /dev/null ||
   ! command -v blkparse > /dev/null || ! command -v pdftotext > /dev/null; then
  echo "replay: skipped (needs root, losetup, mkfs.ext4, blkparse and pdftotext)"; exit 77
fi
# ok CMD...: runs CMD, its output in $WORK/out.log and err.log, shown when it fails.
ok() {
  "$@" > "$WORK/out.log" 2> "$WORK/err.log" ||
    { cat "$WORK/out.log" "$WORK/err.log" >&2; fail "failed: $*"; }
}

# ---- Two real traces: a copy with sync (writes), a read-back (reads only) ----
img=$WORK/fs.img mnt=$WORK/mnt tr=$WORK/traces
truncate -s 128M "$img"
loop=$(losetup --find --show "$img")
cleanup_hooks+=("umount '$mnt' 2>/dev/null; losetup '$loop' 2>/dev/null | grep -qF '$img' && losetup -d '$loop'")
mkfs.ext4 -q "$loop"
mkdir "$mnt" "$tr" "$WORK/src"
cp -r "$SRC/common" "$SRC/parsers" "$SRC/report" "$WORK/src/"
for kb in 5 90 700 3000 16384; do head -c $((kb * 1024)) /dev/urandom > "$WORK/src/blob$kb"; done
mkdir "$WORK/src/small"   # 2048 files of 4 KiB: requests of their own
head -c $((8 << 20)) /dev/urandom | split -b 4096 -a 4 - "$WORK/src/small/f"
mount "$loop" "$mnt"
ok "$SSDBENCH" trace capture "$loop" -o "$tr/copy.blktrace" -- sh -c "cp -r '$WORK/src' '$mnt/copy' && sync"
umount "$mnt"
mount -o ro "$loop" "$mnt"   # a fresh mount: nothing cached, and nothing written
ok "$SSDBENCH" trace capture "$loop" -o "$tr/read.blktrace" -- sh -c "find '$mnt' -type f -exec cat {} + > /dev/null"
umount "$mnt"
losetup -d "$loop"
for t in copy read; do
  ok "$SSDBENCH" trace info --json "$tr/$t.blktrace"
  cp "$WORK/out.log" "$WORK/$t.info.json"
done
expect_eq "the read-back trace writes nothing" "$(jq .writes "$WORK/read.info.json")" 0
check "the copy trace writes" test "$(jq .writes "$WORK/copy.info.json")" -gt 0

# ---- Refusals at load: exit 2 with FILE:LINE:COL ----
cat > "$WORK/raw.xml" <<'EOF'
<plan name="raw">
  <target name="dut" file="t.bin" size="64MiB"/>
  <workload name="w" rw="randread" runtime="1s">
    <fio option="read_iolog" value="/tmp/any.blktrace"/>
  </workload>
</plan>
EOF
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" check "$WORK/raw.xml"
expect_eq "a raw read_iolog: exit code" "$rc" 2
check "a raw read_iolog is refused at 4:18" grep -q "raw.xml:4:18: error: .*read_iolog" "$WORK/err.log"
sed 's/read_iolog/replay_redirect/' "$WORK/raw.xml" > "$WORK/raw2.xml"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" run "$WORK/raw2.xml" --out "$WORK/raw2"
expect_eq "a raw replay_redirect: exit code" "$rc" 2
check "a raw replay_redirect is refused at 4:18" grep -q "raw2.xml:4:18: error: .*replay_redirect" "$WORK/err.log"
cat > "$WORK/inner.xml" <<EOF
<plan name="inner">
  <target name="dut" file="t.bin" size="64MiB"/>
  <replay name="r" trace="$tr/read.blktrace"><fio option="write_iolog" value="x"/></replay>
</plan>
EOF
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" check "$WORK/inner.xml"
expect_eq "a <fio> inside <replay>: exit code" "$rc" 2
check "a <fio> inside <replay> is refused at 3:" grep -q "inner.xml:3:[0-9]*: error: .*<fio>" "$WORK/err.log"
head -c 100 "$tr/copy.blktrace" > "$WORK/short.blktrace"
sed "s|$tr/read.blktrace\"><fio option=\"write_iolog\" value=\"x\"/></replay>|short.blktrace\"/>|" \
  "$WORK/inner.xml" > "$WORK/short.xml"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" check "$WORK/short.xml"
expect_eq "a truncated trace: exit code" "$rc" 2
check "a truncated trace is refused at its step, byte 96" \
  grep -q "short.xml:3: error: <replay> 'r': .*short.blktrace: byte 96: truncated record" "$WORK/err.log"
sed 's|short.blktrace|missing.blktrace|' "$WORK/short.xml" > "$WORK/missing.xml"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" check "$WORK/missing.xml"
check "a missing trace is refused at its value" grep -q "missing.xml:3:[0-9]*: error: cannot read trace" "$WORK/err.log"

# factor TRACE CAP: from blkparse's Q events with data, the divisor each needs so
# that floor(offset / f) + length <= CAP, the largest of them (1: the trace fits).
factor() {
  blkparse -i - < "$1" | awk -v cap="$2" '
    $6 == "Q" && $9 == "+" && $10 > 0 {
      off = $8 * 512; len = $10 * 512
      f = (off + len > cap) ? int(off / (cap - len + 1)) + 1 : 1
      if (f > m) m = f
    }
    END { print m + 0 }'
}

# blk_dirs TRACE: blkparse's Q events with data as "reads bytes writes bytes trims
# bytes": D in rwbs a trim, else W a write (with or without a leading F, a flush it
# carries), R a read; a request without data (a flush alone) is no I/O.
blk_dirs() {
  blkparse -i - < "$1" | awk '
    $6 == "Q" {
      n = ($9 == "+") ? $10 * 512 : 0
      if ($7 ~ /D/) k = "t"; else if (n == 0) next; else if ($7 ~ /W/) k = "w"; else if ($7 ~ /R/) k = "r"; else next
      c[k]++; b[k] += n
    }
    END { printf "%d %d %d %d %d %d\n", c["r"], b["r"], c["w"], b["w"], c["t"], b["t"] }'
}

# ---- Which replays write: ssdbench check on the two captured traces ----
sets=(--set smoke=1 --set "tracedir=$tr" --set "traces=copy read")
ok "$SSDBENCH" check "$SRC/testplans/replay.xml" "${sets[@]}" --json --target "dut=file:$WORK/t.bin,size=256MiB"
expect_eq "check: the copy replays write" "$(jq -r '.steps[] | select(.name == "before-copy") | .writes' "$WORK/out.log")" true
expect_eq "check: the read-back replays do not" "$(jq -r '.steps[] | select(.name == "before-read") | .writes' "$WORK/out.log")" false

# ---- replay.xml's smoke form with the shipped traces on a 128 MiB file ----
cap=$((128 << 20))
t0=$SECONDS
run_ok "$SRC/testplans/replay.xml" "$WORK/run" --set smoke=1 --target "dut=file:$WORK/t.bin,size=128MiB" -q
pdf_ok "replay smoke: report.pdf" "$WORK/run/report.pdf"
echo "replay: replay.xml smoke in $((SECONDS - t0)) s"
ok "$SSDBENCH" report "$WORK/run" --lang en -o "$WORK/en.pdf"
pdftotext -layout "$WORK/en.pdf" "$WORK/en.txt"
shipped=$(sed -n 's/.*<var name="traces" value="\([^"]*\)".*/\1/p' "$SRC/testplans/replay.xml")
check "replay.xml replays the shipped traces" test -n "$shipped"
expect_eq "replay elements" "$(jq '[.steps[] | select(.kind == "replay")] | length' "$WORK/run/manifest.json")" \
  $(($(echo $shipped | wc -w) * 2))
# the second suite comes after the <rounds>: steady state reached, or not (2 smoke rounds)
after=$(jq -r '.scopes[] | select(.name == "steady-state") |
  if .steady_round > 0 then "after steady state" else "after the rounds" end' "$WORK/run/manifest.json")
for t in $shipped; do
  trace=$SRC/traces/$t.blktrace
  check "$t: a shipped blktrace file (magic 0x65617407)" test "$(od -An -tx4 -N4 "$trace" | tr -d ' ')" = 65617407
  ok "$SSDBENCH" trace info --json "$trace"
  want_ios=$(jq .ios "$WORK/out.log")
  f=$(factor "$trace" "$cap")
  for name in "before-$t" "after-$t"; do
    # the scores table names an element by its trace and what came before it
    label="$t, after purge"; [ "$name" = "after-$t" ] && label="$t, $after"
    dir=$WORK/run/$(jq -r --arg n "$name" '.steps[] | select(.name == $n) | .dir' "$WORK/run/manifest.json")
    # MB/s: every direction's bytes over the job's runtime; access time: the mean
    # completion latency over every I/O (each direction's mean weighted by its I/Os).
    read -r mbps acc ios < <(jq -r '.jobs[0] | [.read, .write, .trim] as $d |
      [(($d | map(.io_bytes) | add) / .job_runtime * 1000 / 1e6),
       (($d | map(.clat_ns.mean * .total_ios) | add) / ($d | map(.total_ios) | add) / 1000),
       ($d | map(.total_ios) | add)] | @tsv' "$dir/fio.json")
    printf '%s\t%s\n' "${label#"$t, "}" "$mbps" >> "$WORK/suites"
    row=$(awk -v n="  $label  " 'i = index($0, n) { s = substr($0, i + length(n)); gsub(",", "", s)
                                                    if (split(s, f) >= 5) { print s; exit } }' "$WORK/en.txt")
    [ -n "$row" ] || fail "$name: no row '$label' in the report's scores table"
    check "$name: the report's MB/s $(echo "$row" | awk '{print $1}') is fio's $mbps" \
      awk -v r="$(echo "$row" | awk '{print $1}')" -v v="$mbps" 'BEGIN { exit !((r - v) ^ 2 <= 0.0025) }'
    check "$name: the report's access time $(echo "$row" | awk '{print $2}') µs is fio's $acc" \
      awk -v r="$(echo "$row" | awk '{print $2}')" -v v="$acc" 'BEGIN { exit !((r - v) ^ 2 <= 0.0025) }'
    expect_eq "$name: fio replayed every I/O trace info counts" "$ios" "$want_ios"
    expect_eq "$name: fio's reads, writes, trims (count bytes) are the capture's" \
      "$(jq -r '.jobs[0] | [.read, .write, .trim] | map("\(.total_ios) \(.io_bytes)") | join(" ")' "$dir/fio.json")" \
      "$(blk_dirs "$trace")"
    idx=$(jq -r --arg n "$name" '.steps[] | select(.name == $n) | .index' "$WORK/run/manifest.json")
    expect_eq "$name: no consistency score for a replay (its pace is the trace's)" \
      "$(csv_get "$WORK/run/results.csv" "$idx" drivemaster_score)$(csv_get "$WORK/run/results.csv" "$idx" iops_avg)" ""
    expect_eq "$name: recorded fit" "$(jq -r --arg n "$name" '.steps[] | select(.name == $n) |
      "\(.replay_fit) \(.replay_scale) \(.trace_ios)"' "$WORK/run/manifest.json")" \
      "$([ "$f" -gt 1 ] && echo scale || echo none) $f $want_ios"
  done
done
expect_eq "the target file did not grow" "$(stat -c %s "$WORK/t.bin")" "$cap"
for t in $shipped; do   # the archive keeps each trace, inside plan/ only
  check "$t: the archive's copy is the trace" cmp -s "$SRC/traces/$t.blktrace" "$WORK/run/plan/traces/$t.blktrace"
done
check "nothing copied outside the archive's plan/" test ! -e "$WORK/run/traces"
# A lineup compares replay scores: replay_MBps, fio's bytes over its job runtime.
ok "$SSDBENCH" compare "$WORK/run" "$WORK/run" --csv "$WORK/lineup.csv" -o "$WORK/lineup.pdf"
for name in before-build after-sqlite; do
  dir=$WORK/run/$(jq -r --arg n "$name" '.steps[] | select(.name == $n) | .dir' "$WORK/run/manifest.json")
  mbps=$(jq -r '.jobs[0] | ([.read, .write, .trim] | map(.io_bytes) | add) / .job_runtime * 1000 / 1e6' "$dir/fio.json")
  got=$(awk -F, -v n="$name" '$3 == n && $5 == "replay_MBps" { print $7; exit }' "$WORK/lineup.csv")
  check "$name: the lineup's replay_MBps '$got' is fio's $mbps" \
    awk -v r="$got" -v v="$mbps" 'BEGIN { exit !(r != "" && (r - v) ^ 2 <= 0.0001) }'
done
# Each suite's score, in the scores table and on the score page that opens the replay
# pages (PCMark 8's): the geometric mean of its traces' MB/s, fio's, recomputed here.
while IFS=$'\t' read -r suite want; do
  got=$(grep -o "$suite: suite score (geometric mean MB/s) *[0-9,.]*" "$WORK/en.txt" | awk '{ print $NF }')
  check "$suite: the suite score '$got' is the geometric mean of fio's MB/s, $want" \
    awk -v r="${got//,/}" -v v="$want" 'BEGIN { exit !(r != "" && (r - v) ^ 2 <= 0.0025) }'
  check "$suite: the score page says $got MB/s" grep -qF "$got MB/s" "$WORK/en.txt"
done < <(awk -F'\t' '{ s[$1] += log($2); n[$1]++ } END { for (k in s) printf "%s\t%.4f\n", k, exp(s[k] / n[k]) }' \
  "$WORK/suites")
expect_eq "two suites scored" "$(cut -f1 "$WORK/suites" | sort -u | wc -l)" 2
check "the replay pages open with the score" grep -q "Replay score" "$WORK/en.txt"
check "the steps table names a replay by its trace" grep -q "replay build ($after)" "$WORK/en.txt"
ok "$SSDBENCH" report "$WORK/run" --lang zh-TW --check-wording -o "$WORK/zh.pdf"
check "the report has the before/after table" grep -q "Trace replay: first suite against last" "$WORK/en.txt"

# ---- A trace past the target's end: scaled by the smallest whole factor ----
# A target of 40 % of the trace's end (whole MiB): its offsets must be divided.
mib=$(( $(jq .lba_end_bytes "$WORK/copy.info.json") * 2 / 5 / 1048576 ))
cap=$((mib * 1048576))
cat > "$WORK/scale.xml" <<EOF
<plan name="scale">
  <target name="dut" file="t.bin" size="${mib}MiB"/>
  <replay name="copy" trace="$tr/copy.blktrace"/>
</plan>
EOF
run_ok "$WORK/scale.xml" "$WORK/scale" -q
want=$(factor "$tr/copy.blktrace" "$cap")
check "the trace needs dividing onto $mib MiB (factor $want)" test "$want" -gt 1
expect_eq "the fit recorded" "$(jq -r '.steps[0] | "\(.replay_fit) \(.replay_scale)"' "$WORK/scale/manifest.json")" "scale $want"
rt=$WORK/scale/steps/001-copy/replay.blktrace
check "fio read the fitted trace" grep -qx "read_iolog=$rt" "$WORK/scale/steps/001-copy/job.fio"
check "fio was not told to scale again" test -z "$(grep '^replay_scale' "$WORK/scale/steps/001-copy/job.fio")"
expect_eq "the fitted trace: every request inside the target" "$(blkparse -i - < "$rt" | awk -v cap="$cap" '
  $6 == "Q" && $9 == "+" && ($8 + $10) * 512 > cap { n++ } END { print n + 0 }')" 0
expect_eq "the fitted trace: offsets divided by $want, 4 KiB aligned" \
  "$(blkparse -i - < "$rt" | awk '$6 == "Q" && $9 == "+" && $10 > 0 { print $8 * 512 }' | paste -sd' ')" \
  "$(blkparse -i - < "$tr/copy.blktrace" | awk -v f="$want" '$6 == "Q" && $9 == "+" && $10 > 0 {
    printf "%d\n", int($8 * 512 / f / 4096) * 4096 }' | paste -sd' ')"
expect_eq "the target file did not grow" "$(stat -c %s "$WORK/scale/t.bin")" "$cap"
ios=$(fio_sum "$WORK/scale/steps/001-copy" '.jobs[0] | .read.total_ios + .write.total_ios + .trim.total_ios')
expect_eq "every I/O replayed, scaled" "$ios" "$(jq .ios "$WORK/copy.info.json")"

# ---- Reproducibility: 5 replays of the copy trace on one file ----
cat > "$WORK/noise.xml" <<EOF
<plan name="noise">
  <target name="dut" file="t.bin" size="128MiB"/>
  <sweep var="i" values="1 2 3 4 5">
    <replay name="copy-\${i}" trace="$tr/copy.blktrace"/>
  </sweep>
</plan>
EOF
run_ok "$WORK/noise.xml" "$WORK/noise" -q
for d in "$WORK"/noise/steps/*/; do
  jq -r '.jobs[0] | ([.read, .write, .trim] | map(.io_bytes) | add) / .job_runtime * 1000 / 1e6' "$d/fio.json"
done > "$WORK/noise.txt"
# docs/replay.md states the bound: (max - min) / mean of 5 replays at most 200 %.
spread=$(awk '{ s += $1; if (NR == 1 || $1 < lo) lo = $1; if ($1 > hi) hi = $1 }
  END { printf "%.3f", (hi - lo) / (s / NR) }' "$WORK/noise.txt")
echo "replay: copy.blktrace $(jq -r '"\(.ios) I/Os, \(.bytes) bytes"' "$WORK/copy.info.json"); 5 replays, MB/s $(tr '\n' ' ' < "$WORK/noise.txt")spread $spread"
check "five replays agree within docs/replay.md's 200 % (spread $spread)" \
  awk -v s="$spread" 'BEGIN { exit !(s <= 2.00) }'
check "docs/replay.md states that bound" grep -q "spread of 5 replays is at most 200 %" "$SRC/docs/replay.md"
echo "replay: ok"
