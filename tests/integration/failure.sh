#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A plan whose second step fio cannot run (trim on a regular file): exit 1 with
# fio's error, and the archive keeps the step that finished before it.
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="fails" title="失敗測試">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="good" rw="randread" bs="4k" runtime="1s"/>
  <workload name="trim" rw="trim" bs="4k" runtime="1s"/>
  <workload name="never" rw="read" bs="4k" runtime="1s"/>
</plan>
PLAN
out=$WORK/out
set +e
"$SSDBENCH" run "$WORK/plan.xml" --out "$out" > "$WORK/out.log" 2> "$WORK/err.log"
rc=$?
set -e
expect_eq "exit code" "$rc" 1
check "names the step" grep -q "step 'trim' failed" "$WORK/err.log"
check "quotes fio's error (errno 25)" grep -q "Inappropriate ioctl for device" "$WORK/err.log"
m=$out/manifest.json
expect_eq "run status" "$(jq -r .status "$m")" failed
expect_eq "statuses" "$(jq -r '[.steps[].status] | join(",")' "$m")" "ok,failed,pending"
check "step error recorded" jq -e '.steps[1].error | test("Inappropriate ioctl")' "$m" > /dev/null
expect_eq "csv keeps the finished step" "$(tail -n +2 "$out/results.csv" | cut -d, -f2)" good
check "finished step's fio.json kept" test -s "$out/steps/001-good/fio.json"
check "report still written" test -s "$out/report.pdf"
check "failed step's fio output kept" test -e "$out/steps/002-trim/fio.json"
check "third step never ran" test ! -e "$out/steps/003-never"

# When fio explains itself (on stderr, or inside its --output file), that text is quoted.
cat > "$WORK/plan2.xml" <<'PLAN'
<plan name="nodir">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="only" rw="randread" bs="4k" runtime="1s" ioengine="psync"/>
</plan>
PLAN
set +e
"$SSDBENCH" run "$WORK/plan2.xml" --out "$WORK/out2" \
  --target dut=file:/proc/no-such-dir/t.bin,size=16MiB > /dev/null 2> "$WORK/err2.log"
rc=$?
set -e
expect_eq "exit code (fio's own error)" "$rc" 1
check "quotes fio once" test "$(grep -o "fio: failed to create dir (/proc/no-such-dir)" \
  "$WORK/err2.log" | wc -l)" = 1
expect_eq "engine recorded" "$(jq -r .ioengine "$WORK/out2/manifest.json")" psync
echo "failure: ok"
