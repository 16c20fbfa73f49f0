#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Resume refuses a target that changed: a run on a loop device is interrupted, the
# device is detached and its node attached to another (smaller) file, and
# "ssdbench resume" names the change instead of measuring another medium.
. "$(dirname "$0")/device_lib.sh"
need_root device_resume

random_image "$WORK/one.img" 64
random_image "$WORK/two.img" 32
new_loop loopdev "$WORK/one.img"
dev=$loopdev
cat > "$WORK/plan.xml" <<'PLAN'
<plan name="reads">
  <target name="dut" device="/dev/placeholder"/>
  <workload name="first" rw="randread" bs="4k" runtime="1s"/>
  <workload name="second" rw="randread" bs="4k" runtime="5min"/>
</plan>
PLAN
out=$WORK/out
setsid "$SSDBENCH" run "$WORK/plan.xml" --target "dut=$dev" --out "$out" > "$WORK/run.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
  [ -e "$out/steps/002-second/job.fio" ] && break
  kill -0 "$pid" 2>/dev/null || fail "the run ended before its second step"
  sleep 0.1
done
kill -INT -- "-$pid"
set +e
wait "$pid"
set -e
expect_eq "first step kept" "$(jq -r '.steps[0].status' "$out/manifest.json")" ok
check "the interruption prints the whole resume command" \
  grep -qF "'ssdbench resume $out --target dut=$dev' goes on from there" "$WORK/run.log"

losetup -d "$dev"
losetup "$dev" "$WORK/two.img"
set +e
# A resume takes its targets only from its command line (#30): the journal's is not
# enough, and the refusal says how to give it.
"$SSDBENCH" resume "$out" > "$WORK/r.log" 2> "$WORK/r.err"; rc=$?
expect_eq "resume without --target: exit code" "$rc" 2
check "resume without --target: says so" grep -qF "target 'dut' of the archive's plan is '/dev/placeholder': resume runs only on the targets named on its command line (--target dut=SPEC)" "$WORK/r.err"
"$SSDBENCH" resume "$out" --target "dut=$dev" > "$WORK/r.log" 2> "$WORK/r.err"; rc=$?
set -e
expect_eq "resume on another medium: exit code" "$rc" 1
check "says the target changed" grep -q "cannot resume: the target changed since the run started" "$WORK/r.err"
check "names both sizes" grep -q "67108864 bytes), it is now $dev (${dev#/dev/}, 33554432 bytes)" "$WORK/r.err"
check "nothing resumed" sh -c "! grep -q '\"event\":\"resume\"' '$out/journal.jsonl'"
echo "device_resume: ok"
