#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Ctrl-C during a step: the run stops, records the step as interrupted, keeps every
# step that finished before it (manifest, results.csv, report) and says how to go
# on; "ssdbench resume" then runs the interrupted step again (its --set applies).
# SIGHUP (the terminal closed) ends a run the same way.
. "$(dirname "$0")/fault_lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="long">
  <var name="long" value="5min"/>
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="first" rw="randread" bs="4k" runtime="1s"/>
  <workload name="second" rw="randread" bs="4k" runtime="${long}"/>
</plan>
PLAN
out=$WORK/out
setsid "$SSDBENCH" run "$WORK/plan.xml" --out "$out" > "$WORK/out.log" 2> "$WORK/err.log" &
pid=$!
# Wait (bounded) until the second step's job file exists: fio is starting on it.
wait_file "$pid" "$out/steps/002-second/job.fio"
kill -INT -- "-$pid"
set +e
wait "$pid"; rc=$?
set -e
expect_eq "exit code: 128 + SIGINT" "$rc" 130
check "says interrupted" grep -q "interrupted during step 'second'" "$WORK/err.log"
m=$out/manifest.json
expect_eq "run status" "$(jq -r .status "$m")" failed
expect_eq "statuses" "$(jq -r '[.steps[].status] | join(",")' "$m")" "ok,failed"
check "step error" jq -e '.steps[1].error == "interrupted by signal 2"' "$m" > /dev/null
expect_eq "csv keeps the first step" "$(tail -n +2 "$out/results.csv" | cut -d, -f2)" first
check "report written" test -s "$out/report.pdf"
check "says how to resume" grep -q "'ssdbench resume $out' goes on from there" "$WORK/err.log"
first_sha=$(sha256sum < "$out/steps/001-first/fio.json")
# The resumed run starts the 5 min step again; Ctrl-C it too once it says so.
"$SSDBENCH" resume "$out" > "$WORK/r.log" 2>&1 &
rpid=$!
for _ in $(seq 600); do
  grep -q "resuming after element 1 (first)" "$WORK/r.log" && break
  kill -0 "$rpid" 2>/dev/null || break
  sleep 0.1
done
check "the interrupted step runs again" grep -q "resuming after element 1 (first)" "$WORK/r.log"
kill -INT "$rpid"
set +e
wait "$rpid"
set -e
expect_eq "first step untouched" "$(sha256sum < "$out/steps/001-first/fio.json")" "$first_sha"
"$SSDBENCH" verify "$out" > /dev/null || fail "verify after the resumed run stopped"

# The terminal going away (SIGHUP) stops the run the same way: its manifest says
# "failed", not "running".
setsid "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/hup" > "$WORK/hup.log" 2> "$WORK/hup.err" &
pid=$!
wait_file "$pid" "$WORK/hup/steps/002-second/job.fio"
kill -HUP "$pid"
set +e
wait "$pid"; rc=$?
set -e
expect_eq "hup: exit code: 128 + SIGHUP" "$rc" 129
expect_eq "hup: run status" "$(jq -r .status "$WORK/hup/manifest.json")" failed
check "hup: step error" jq -e '.steps[1].error == "interrupted by signal 1"' \
  "$WORK/hup/manifest.json" > /dev/null
check "hup: no lock left" test ! -e "$WORK/hup/.lock"
echo "interrupt: ok"
