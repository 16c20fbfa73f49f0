#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# "% of capacity written" (issue #19): it starts again at 0 after every purge and after
# the discard an OP scope starts with, and inside an OP scope it, and a <rounds
# written="1x"> goal, count in the scope's capacity (the first 1/1.28 of the target
# with 28 % over-provisioning), checked against fio's own byte counts.
. "$(dirname "$0")/lib.sh"

cap=$((64 << 20))
cat > "$WORK/plan.xml" <<'PLAN'
<plan name="written">
  <target name="dut" file="t.bin" size="64MiB"/>
  <precondition name="fill" amount="1x" bs="1m"/>
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
expect_eq "after the fill: what the fill wrote" "$(wb after-fill)" "$(fio_written "$fill_dir")"
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
echo "written: ok"
