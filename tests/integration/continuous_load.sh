#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Continuous rounds under load: 20 write-saturation scopes, each one fio process cut
# into rounds from its status reports (SIGUSR1 each second of its jobs' clock), run
# one after another beside two CPU hogs. fio 3.33 dies (SIGSEGV) of a SIGUSR1 in its
# teardown, and a report read while fio still writes it is half a report: ssdbench
# asks for none in a run's last second and reads a report whole or not at all. Every
# one of the 20 processes must end with both its rounds ok (fio exited 0 and wrote its
# final report), each round's I/Os its end report less its start report and, end to
# end, fio's final report (jq on the segment's fio/fio.json), and fio saying nothing on
# stderr but the one line a racy status report of its own makes it say (below).
# Labelled stress: the normal build's phase runs it, the sanitizer phase does not
# (what it tests is fio under ssdbench's signals and a loaded machine, the same C
# it_continuous runs under the sanitizers).
. "$(dirname "$0")/lib.sh"

n=20
{
  echo '<plan name="cont-load">'
  echo '  <target name="dut" file="t.bin" size="32MiB"/>'
  for i in $(seq -w 1 $n); do
    echo "  <rounds name=\"wsat$i\" until=\"max\" max=\"2\">"
    echo "    <workload name=\"w$i\" rw=\"randwrite\" bs=\"4KiB\" iodepth=\"16\" numjobs=\"2\" runtime=\"1s\"/>"
    echo '  </rounds>'
  done
  echo '</plan>'
} > "$WORK/plan.xml"
cpu_hogs 2
out=$WORK/out
run_ok "$WORK/plan.xml" "$out" --lang en
m=$out/manifest.json
expect_eq "elements, all ok" "$(jq '[.steps[] | select(.status == "ok")] | length' "$m")" $((2 * n))
expect_eq "scopes ended by max" \
  "$(jq '[.scopes[] | select(.verdict == "max")] | length' "$m")" "$n"
# ios DIR FILE: the write I/Os of fio's report FILE in DIR (0 when it is absent).
ios() {
  if [ -f "$1/$2" ]; then
    sed -n '/^{/,$p' "$1/$2" | jq -s 'last | [.jobs[] | .write.total_ios] | add'
  else echo 0; fi
}
for i in $(seq -w 1 $n); do
  dirs=$(jq -r --arg s "wsat$i" '.steps[] | select(.scope == $s) | .dir' "$m")
  total=0
  for d in $dirs; do
    r=$(( $(ios "$out/$d" fio.json) - $(ios "$out/$d" fio-start.json) ))
    check "wsat$i: $d did I/O ($r)" test "$r" -gt 0
    total=$((total + r))
  done
  # the rounds end to end are fio's final report (the segment's folder keeps it)
  expect_eq "wsat$i: the rounds' I/Os against fio's final report" "$total" \
    "$(ios "$out/$(echo "$dirs" | head -1)/fio" fio.json)"
  # fio's one known line: a status report taken while its jobs update their counters
  # can find its latency bins a few I/Os short of its sample count, and fio says so;
  # ssdbench takes no percentile from fio's reports of a round (they come from the
  # bins, end less start: fiojson_delta.c). Anything else fio says fails the test.
  err=$out/$(echo "$dirs" | head -1)/fio/fio.stderr
  if grep -v -x 'fio: error calculating latency percentiles' "$err" > "$WORK/err.txt"; then
    cat "$WORK/err.txt" >&2
    fail "wsat$i: fio said the above on stderr"
  fi
done
echo "continuous under load: $n fio processes, $((2 * n)) rounds, ok"
