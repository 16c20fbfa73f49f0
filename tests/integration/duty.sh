#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Duty cycles (SNIA HIR's wait states): each wait runs from the end of one access's
# I/O to the first I/O of the next, the plan's "off" time. ssdbench starts the next
# fio during the wait; fio sets up (files, buffers, random map) and each job then
# waits at its gate (exec_prerun reading a line of a FIFO, the last thing fio does
# before its clock's zero and first I/O), and ssdbench writes the lines at the wait's
# end. Recomputed from fio's own reports (a report's timestamp_ms is its I/O's end;
# that less its runtime, its first I/O) and the manifest's fio_released_ms (the
# gate's opening), with two CPU hogs running all along:
#   - each gate opened at end + off: never early, at most 100 ms late;
#   - no fio's first I/O came before its gate opened (fio waited there);
#   - so every wait is within 5 % of off (what is left is fio's own step from the
#     gate to its first I/O, and its report's time after its last). fio sets up in
#     the wait (after ssdbench's own work on the element before): 3 s leave it time
#     on a loaded machine, under the sanitizers, beside another test.
# A job of two fio jobs: each passes on its own line.
. "$(dirname "$0")/lib.sh"

cpu_hogs 2
cat > "$WORK/plan.xml" <<'PLAN'
<plan name="duty">
  <target name="dut" file="t.bin" size="32MiB"/>
  <duty-cycle name="wait-3s" on="1s" off="3s" repeat="3">
    <workload name="access" rw="randwrite" bs="4KiB" iodepth="8" numjobs="2" runtime="1s"/>
  </duty-cycle>
  <workload name="baseline" rw="randwrite" bs="4KiB" iodepth="8" runtime="1s"/>
</plan>
PLAN
out=$WORK/out
run_ok "$WORK/plan.xml" "$out"
m=$out/manifest.json
# per fio element, in order: first I/O, end of I/O (Unix ms, from fio.json), gate
jq -r '.steps[] | "\(.dir) \(.fio_released_ms)"' "$m" | while read -r d rel; do
  jq -r --arg rel "$rel" \
    '"\(.timestamp_ms - ([.jobs[] | [.read.runtime, .write.runtime] | max] | max)) \(.timestamp_ms) \($rel)"' \
    "$out/$d/fio.json"
done > "$WORK/io.txt"
expect_eq "four fio elements" "$(wc -l < "$WORK/io.txt")" 4
check "every element's release recorded" awk '$3 == "null" { exit 1 }' "$WORK/io.txt"
awk -v off=3000 '
  { if (NR > 1) {
      late = $3 - (end + off); w = $1 - end; pass = $1 - $3
      printf "wait %d: %d ms (gate %+d ms from end + off, first I/O %d ms after it)\n", NR - 1, w, late, pass
      if (late < -1 || late > 100) { print "  the gate did not open at end + off"; bad++ }
      if (pass < 0) { print "  fio did I/O before its gate opened"; bad++ }
      if (w < off * 0.95 || w > off * 1.05) { print "  not within 5 % of the plan"; bad++ }
    }
    end = $2 }
  END { exit bad > 0 }' "$WORK/io.txt" > "$WORK/waits.txt" ||
  { cat "$WORK/waits.txt" >&2; fail "a wait state not held (above)"; }
cat "$WORK/waits.txt"
# The gate is in the job files fio ran after a wait (the baseline follows the last
# one), and in no other; fio's output of it (empty) and the FIFO are gone.
gates=$(jq -r '.steps[].dir' "$m" | while read -r d; do
  grep -c '^exec_prerun=read g < /tmp/ssdbench-gate\.[A-Za-z0-9]*/gate$' "$out/$d/job.fio" || true
done | tr '\n' ' ')
expect_eq "gated job files (elements in order)" "$gates" "0 1 1 1 "
for f in $(grep -h '^exec_prerun=' "$out"/steps/*/job.fio | sed 's/.*< //'); do
  check "the gate $f removed" test ! -e "$(dirname "$f")"
done
check "no prerun output left in the archive" test -z "$(find "$out" -name '*.prerun.txt')"
echo "duty: ok"
