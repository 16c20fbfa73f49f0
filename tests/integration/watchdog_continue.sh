#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# failure="continue": fio stopped with SIGSTOP is ended by the watchdog, that step
# is recorded as failed, and the run goes on with the next one; the run then exits
# 1 saying how many elements failed, and the archive keeps everything that ran.
. "$(dirname "$0")/fault_lib.sh"

long_step_plan "$WORK/plan.xml" hung
sed -i 's/<plan name="hung">/<plan name="hung" failure="continue">/' "$WORK/plan.xml"
out=$WORK/out
timeout=6
SSDBENCH_STEP_TIMEOUT_S=$timeout "$SSDBENCH" run "$WORK/plan.xml" --out "$out" \
  > "$WORK/out.log" 2> "$WORK/err.log" &
pid=$!
wait_file "$pid" "$out/steps/002-second/job.fio"
fio=$(fio_pid "$pid") || fail "no fio started for the second step"
kill -STOP $(pgrep -P "$fio" -x fio) "$fio"
wait_exit "$pid" 60
expect_eq "exit code" "$rc" 1
check "says one element failed" grep -q "1 element failed (failure policy 'continue'" "$WORK/err.log"
check "the watchdog is named" grep -q "stopped by the watchdog" "$WORK/out.log"
m=$out/manifest.json
expect_eq "plan policy recorded" "$(jq -r .plan.failure "$m")" continue
archive_ok "$out" "ok,failed,ok" "first,third"
no_fio_left "$out"
echo "watchdog_continue: ok"
