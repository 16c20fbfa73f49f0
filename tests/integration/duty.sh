#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Duty cycles (SNIA HIR's wait states, issue #19): each wait is meant to run from the
# end of one access's I/O to the first I/O of the next, the plan's "off" time (5 s,
# HIR's shortest). fio takes a few hundred ms from being given its job to its first
# I/O (its clock calibration, its set-up); ssdbench starts fio before the wait ends
# and gives it the job that start-up early, the (lower) median of the start-ups it measured
# so far. What this test holds, recomputed from fio's own reports (a report's
# timestamp_ms is its I/O's end; that less its runtime, its first I/O) and the
# manifest's fio_released_ms, is ssdbench's part, which does not depend on the
# machine's speed or load:
#   - every fio element's start-up (release to first I/O) is positive and under 10 s;
#   - each wait's release came at end + off - the median of the earlier start-ups,
#     never early and at most 100 ms late (a timer wake-up on a loaded machine);
#   - so each wait is off + (that element's start-up - the median) + lateness.
# How close the waits come to 5 s on a given machine (fio's start-up jitter, ~tens of
# ms here idle; more under a sanitizer or load) is a measurement: it is printed here,
# and bench/run --only duty reports it against starting fio after the wait.
# (fio 3.33's thinktime_iotime does not hold its times, so each access is still its
# own fio process.)
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="duty">
  <target name="dut" file="t.bin" size="32MiB"/>
  <duty-cycle name="wait-5s" on="1s" off="5s" repeat="3">
    <workload name="access" rw="randwrite" bs="4KiB" iodepth="8" runtime="1s"/>
  </duty-cycle>
  <workload name="baseline" rw="randwrite" bs="4KiB" iodepth="8" runtime="1s"/>
</plan>
PLAN
out=$WORK/out
run_ok "$WORK/plan.xml" "$out"
m=$out/manifest.json
# per fio element, in order: first I/O, end of I/O (Unix ms, from fio.json), release
jq -r '.steps[] | "\(.dir) \(.fio_released_ms)"' "$m" | while read -r d rel; do
  jq -r --arg rel "$rel" \
    '"\(.timestamp_ms - ([.jobs[] | [.read.runtime, .write.runtime] | max] | max)) \(.timestamp_ms) \($rel)"' \
    "$out/$d/fio.json"
done > "$WORK/io.txt"
expect_eq "four fio elements" "$(wc -l < "$WORK/io.txt")" 4
check "every element's release recorded" awk '$3 == "null" { exit 1 }' "$WORK/io.txt"
awk -v off=5000 '
  function median(   i, j, t, v) {
    for (i = 1; i <= n; i++) v[i] = su[i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return v[int((n + 1) / 2)]   # the lower median, as ssdbench takes it
  }
  { start = $1 - $3
    if (start <= 0 || start >= 10000) { printf "element %d: start-up %d ms\n", NR, start; bad++ }
    if (NR > 1) {
      aim = end + off - median(); late = $3 - aim; w = $1 - end
      printf "wait %d: %d ms (start-up %d ms, median before %d ms, released %+d ms late)\n", NR - 1, w, start, median(), late
      if (late < -1 || late > 100) bad++
    }
    su[++n] = start; end = $2 }
  END { exit bad > 0 }' "$WORK/io.txt" > "$WORK/waits.txt" ||
  { cat "$WORK/waits.txt" >&2; fail "a start-up out of range, or a release not at its wait's end less the median start-up"; }
cat "$WORK/waits.txt"
echo "duty: ok"
