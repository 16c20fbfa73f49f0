#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Duty cycles (SNIA HIR's wait states, issue #19): each wait, from the end of one
# access's I/O to the first I/O of the next, is the plan's "off" time (5 s, HIR's
# shortest) within 1 %, and their mean within 0.5 %,
# measured from fio's own reports (a report's timestamp_ms is its I/O's end; that
# less its runtime, its first I/O). fio's start-up (~0.3 s here) is taken out of the
# idle time instead of being added to the wait state; what is left is the jitter
# of fio's start-up (tens of ms). (fio 3.33's thinktime_iotime does not hold its
# times, so each access is still its own fio process.)
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
# first I/O and end of I/O of every fio element, in order (Unix ms, from fio.json)
jq -r '.steps[] | .dir' "$m" | while read -r d; do
  jq -r '"\(.timestamp_ms - ([.jobs[] | [.read.runtime, .write.runtime] | max] | max)) \(.timestamp_ms)"' \
    "$out/$d/fio.json"
done > "$WORK/io.txt"
expect_eq "four fio elements" "$(wc -l < "$WORK/io.txt")" 4
awk 'NR > 1 { w = $1 - end; n++; sum += w; printf "wait %d: %d ms\n", NR - 1, w;
              if (w < 4950 || w > 5050) bad++ } { end = $2 }
     END { printf "mean: %.1f ms\n", sum / n; exit bad > 0 || sum / n < 4975 || sum / n > 5025 }' \
  "$WORK/io.txt" > "$WORK/waits.txt" ||
  { cat "$WORK/waits.txt" >&2; fail "a wait state is off by more than 1 %, or their mean by more than 0.5 %"; }
cat "$WORK/waits.txt"
echo "duty: ok"
