#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fio killed with SIGKILL in the middle of a step: the step fails with the signal
# named, the run stops at once (fio's orphaned job process is killed, not waited
# for), and the archive keeps the step that finished.
. "$(dirname "$0")/fault_lib.sh"

long_step_plan "$WORK/plan.xml" killed
out=$WORK/out
"$SSDBENCH" run "$WORK/plan.xml" --out "$out" > "$WORK/out.log" 2> "$WORK/err.log" &
pid=$!
wait_file "$pid" "$out/steps/002-second/job.fio"
fio=$(fio_pid "$pid") || fail "no fio started for the second step"
kill -KILL "$fio"
wait_exit "$pid" 60
expect_eq "exit code" "$rc" 1
check "names the step and the signal" grep -q "step 'second' failed: fio exited with status 137" "$WORK/err.log"
m=$out/manifest.json
expect_eq "run status" "$(jq -r .status "$m")" failed
check "step error recorded" jq -e '.steps[1].error | startswith("fio exited with status 137")' "$m" > /dev/null
archive_ok "$out" "ok,failed,pending" first
check "third step never ran" test ! -e "$out/steps/003-third"
no_fio_left "$out"
echo "fault_sigkill: ok"
