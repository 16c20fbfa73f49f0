#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The watchdog: fio stopped with SIGSTOP (a hung drive looks the same) is ended
# once the step's timeout passes (SIGTERM, then SIGKILL after a grace period), the
# step fails saying so, the run stops, and the archive keeps what finished.
. "$(dirname "$0")/fault_lib.sh"

long_step_plan "$WORK/plan.xml" hung
out=$WORK/out
timeout=8   # seconds; the default for a 5 min step would be 7.5 min
SSDBENCH_STEP_TIMEOUT_S=$timeout "$SSDBENCH" run "$WORK/plan.xml" --out "$out" \
  > "$WORK/out.log" 2> "$WORK/err.log" &
pid=$!
wait_file "$pid" "$out/steps/002-second/job.fio"
fio=$(fio_pid "$pid") || fail "no fio started for the second step"
kill -STOP $(pgrep -P "$fio" -x fio) "$fio"
# Timeout, then at most the 10 s grace period: well within 60 s.
wait_exit "$pid" 60
expect_eq "exit code" "$rc" 1
check "says the watchdog stopped fio" \
  grep -q "\[2/3\] second: fio was stopped by the watchdog: the step did not end within its $timeout s timeout" "$WORK/err.log"
check "names the variable" grep -q "SSDBENCH_STEP_TIMEOUT_S" "$WORK/err.log"
m=$out/manifest.json
expect_eq "run status" "$(jq -r .status "$m")" failed
check "step error recorded" jq -e '.steps[1].error | test("stopped by the watchdog")' "$m" > /dev/null
archive_ok "$out" "ok,failed,pending" first
# The step ended after its timeout and within timeout + grace (10 s) + slack.
took=$(( $(date -d "$(jq -r .steps[1].ended "$m")" +%s) - $(date -d "$(jq -r .steps[1].started "$m")" +%s) ))
[ "$took" -ge "$timeout" ] && [ "$took" -le $((timeout + 10 + 5)) ] ||
  fail "second step took $took s, want $timeout..$((timeout + 15)) s"
check "third step never ran" test ! -e "$out/steps/003-third"
no_fio_left "$out"
echo "fault_watchdog: ok"
