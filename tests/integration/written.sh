#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# "% of capacity written" (issue #19): it starts again at 0 after every purge and after
# the discard an OP scope starts with, and inside an OP scope it, and a <rounds
# written="1x"> goal, count in the scope's capacity (the first 1/1.28 of the target
# with 28 % over-provisioning), checked against fio's own byte counts. A workload on
# fio's null engine writes nothing to the target: it counts no byte.
. "$(dirname "$0")/lib.sh"

cap=$((64 << 20))
cat > "$WORK/plan.xml" <<'PLAN'
<plan name="written">
  <target name="dut" file="t.bin" size="64MiB"/>
  <precondition name="fill" amount="1x" bs="1m"/>
  <workload name="null-engine" rw="randwrite" bs="4k" runtime="1s" ioengine="null"/>
  <workload name="after-fill" rw="randwrite" bs="4k" runtime="1s"/>
  <purge name="erase"/>
  <workload name="after-purge" rw="randwrite" bs="4k" runtime="1s"/>
  <op name="op28" percent="28%">
    <rounds name="sat" until="written" written="1x" max="50">
      <workload name="rnd" rw="randwrite" bs="64k" iodepth="8" runtime="1s" rate="20m"/>
    </rounds>
  </op>
</plan>
PLAN
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/A" -q > "$WORK/a.log" 2>&1 ||
  { cat "$WORK/a.log" >&2; fail "run"; }
m=$WORK/A/manifest.json
wb() { jq -r --arg n "$1" '[.steps[] | select(.name == $n)][0].written_before' "$m"; }
fio_written() { fio_sum "$WORK/A/$1" '[.jobs[].write.io_bytes] | add'; }
fill_dir=$(jq -r '.steps[] | select(.name == "fill") | .dir' "$m")
null_dir=$(jq -r '.steps[] | select(.name == "null-engine") | .dir' "$m")
expect_eq "the null engine's step: its engine" \
  "$(jq -r '.steps[] | select(.name == "null-engine") | .ioengine' "$m")" null
check "the null engine's fio 'wrote' ($(fio_written "$null_dir") bytes)" \
  test "$(fio_written "$null_dir")" -gt 0
expect_eq "after the fill and the null engine: what the fill wrote" "$(wb after-fill)" \
  "$(fio_written "$fill_dir")"
expect_eq "the null engine's step starts there too" "$(wb null-engine)" "$(wb after-fill)"
expect_eq "the fill's engine" "$(jq -r '.steps[] | select(.name == "fill") | .ioengine' "$m")" \
  "$(jq -r .ioengine "$m")"
expect_eq "after the purge: 0" "$(wb after-purge)" 0
expect_eq "after the OP scope's discard: 0" "$(wb rnd)" 0
usable=$((cap * 100 / 128 / 4096 * 4096))
expect_eq "the OP scope's capacity" "$(jq '[.steps[] | select(.name == "rnd")][0].capacity' "$m")" "$usable"
expect_eq "the written goal counts in it" "$(jq '.scopes[0].written_goal' "$m")" "$usable"
# The rounds stopped at the first round that brought fio's bytes to the goal.
sum=0; n=0
for d in $(jq -r '.steps[] | select(.name == "rnd") | .dir' "$m"); do
  check "$d: written_before is the rounds' bytes so far" \
    test "$(jq -r --arg d "$d" '.steps[] | select(.dir == $d) | .written_before' "$m")" = "$sum"
  sum=$((sum + $(fio_written "$d"))); n=$((n + 1))
done
check "the rounds wrote the goal ($sum of $usable bytes)" test "$sum" -ge "$usable"
last=$(jq -r '[.steps[] | select(.name == "rnd")][-1].dir' "$m")
check "and not a round more" test $((sum - $(fio_written "$last"))) -lt "$usable"
# series.csv of the first OP round counts from the scope's discard, in its capacity:
# its first row's bytes are some of what that round wrote (fio's), not the fill's
# 64 MiB before it, and its capacity_pct is those bytes of the scope's capacity. (How
# many rows a round has depends on when fio answers its reports: on a loaded machine
# the first round can be the whole scope.)
first=$(jq -r '[.steps[] | select(.name == "rnd")][0].dir' "$m")
read -r wb1 pct < <(awk -F, 'NR == 2 { print $11, $12 }' "$WORK/A/$first/series.csv")
r1=$(fio_written "$first")
check "the first OP round's first row counts from the discard ($wb1 of its $r1 bytes)" \
  test "$wb1" -gt 0 -a "$wb1" -le "$r1"
check "its capacity_pct $pct is $wb1 bytes of the scope's $usable" \
  awk -v b="$wb1" -v p="$pct" -v u="$usable" 'BEGIN { d = p - 100 * b / u; exit !(p > 0 && d < 0.001 && d > -0.001) }'

# An OP scope whose first step is a purge erases the target once: the purge, with no
# discard element of the scope's own before it; the next step counts from 0.
cat > "$WORK/op-purge.xml" <<'PLAN'
<plan name="op-purge">
  <target name="dut" file="t.bin" size="64MiB"/>
  <precondition name="fill" amount="1x" bs="1m"/>
  <op name="op28" percent="28%">
    <purge name="erase"/>
    <workload name="w" rw="randwrite" bs="4k" runtime="1s"/>
  </op>
</plan>
PLAN
"$SSDBENCH" run "$WORK/op-purge.xml" --out "$WORK/B" > "$WORK/b.log" 2>&1 ||
  { cat "$WORK/b.log" >&2; fail "run op-purge"; }
expect_eq "OP scope starting with a purge: its elements" \
  "$(jq -r '[.steps[] | "\(.name):\(.kind)"] | join(",")' "$WORK/B/manifest.json")" \
  "fill:precondition,erase:purge,w:workload"
check "it says why there is no discard" grep -qF "op28: its first step, 'erase', purges the drive" "$WORK/b.log"
expect_eq "after that purge: 0" \
  "$(jq -r '.steps[] | select(.name == "w") | .written_before' "$WORK/B/manifest.json")" 0

# A read of a sparse file target's holes (a file made by truncate, never written) is
# recorded and said: fio reads zeros the file system makes up. After a fill there are
# none; `ls` headlines the read that reached the data (fio's bandwidth).
cat > "$WORK/holes.xml" <<'PLAN'
<plan name="holes">
  <target name="dut" file="t.bin" size="64MiB"/>
  <workload name="r1" rw="randread" bs="4k" runtime="1s"/>
  <precondition name="fill" amount="1x" bs="1m"/>
  <workload name="r2" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
truncate -s 64M "$WORK/sparse.bin"
"$SSDBENCH" run "$WORK/holes.xml" --out "$WORK/H" -t "dut=file:$WORK/sparse.bin,size=64MiB" \
  --destroy "$WORK/sparse.bin" > "$WORK/h.log" 2>&1 || { cat "$WORK/h.log" >&2; fail "run holes"; }
expect_eq "the sparse file's read: its holes" \
  "$(jq -r '.steps[] | select(.name == "r1") | .read_holes' "$WORK/H/manifest.json")" $((64 << 20))
expect_eq "after the fill: none" \
  "$(jq -r '.steps[] | select(.name == "r2") | .read_holes' "$WORK/H/manifest.json")" null
check "the run says so" grep -qF "r1: 64 MiB of the 64 MiB it reads are holes of the file" "$WORK/h.log"
r2=$(jq -r '.steps[] | select(.name == "r2") | .dir' "$WORK/H/manifest.json")
want=$(jq '[.jobs[].read.bw_bytes] | add / 1e6' "$WORK/H/$r2/fio.json" | awk '{ printf "%.0f", $1 }')
check "ls: the read that reached the data ($want MB/s)" \
  bash -c "'$SSDBENCH' ls '$WORK/H' | grep -qF '  read $want MB/s  '"
# results.csv's read_holes_bytes; the step table of the PDF and the HTML article says it
# beside the status.
hcol=$(head -1 "$WORK/H/results.csv" | tr ',' '\n' | grep -nx read_holes_bytes | cut -d: -f1)
[ -n "$hcol" ] || fail "results.csv has no read_holes_bytes column"
expect_eq "results.csv: read_holes_bytes of r1, fill, r2" \
  "$(tail -n +2 "$WORK/H/results.csv" | cut -d, -f"$hcol" | paste -sd' ')" "67108864  "
"$SSDBENCH" report "$WORK/H" --lang en -o "$WORK/h.pdf" --html "$WORK/hh" > /dev/null || fail "report holes"
check "the PDF's step table" bash -c "pdftotext -layout '$WORK/h.pdf' - |
  grep -E ' \(step 1\) .* ok \(read never-written holes: not the medium\)'"
check "the HTML's step table" grep -qF "ok (read never-written holes: not the medium)" "$WORK/hh/index.html"
# the two reads read alike: each told apart by what came before it, else by its number
check "the PDF's step table: r2 after the fill" bash -c "pdftotext -layout '$WORK/h.pdf' - |
  grep -E '4K random read QD1 T1 \(after fill\) '"
rm -f "$WORK/sparse.bin"
echo "written: ok"
