#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Software over-provisioning 28 % on a loop device this test creates: the run purges
# (discard) and confines every write to the first 78.125 %; afterwards the backing
# file holds no data past that point (FIEMAP extents, via filefrag).
. "$(dirname "$0")/device_lib.sh"
need_root device_op
command -v filefrag > /dev/null || { echo "device_op: skipped (no filefrag)"; exit 77; }

img=$WORK/disk.img
random_image "$img" 128        # every byte allocated and non-zero before the run
new_loop loop "$img"
usable=$((128 * 1048576 * 100 / 128))   # 128 MiB / 1.28 = 104857600
cat > "$WORK/op.xml" <<'PLAN'
<plan name="op">
  <target name="dut" device="/dev/placeholder"/>
  <workload name="fill" rw="write" bs="1MiB" iodepth="4" runtime="2s"/>
  <workload name="rnd" rw="randwrite" bs="4KiB" iodepth="16" runtime="2s"/>
</plan>
PLAN
# The dry run shows the purge, the OP range and the job files, and touches nothing.
before=$(devsum "$loop")
"$SSDBENCH" run "$WORK/op.xml" --target "dut=$loop" --op 28 --destroy "$(basename "$loop")" \
  --out "$WORK/out" --dry-run > "$WORK/dry.log" 2>&1 || { cat "$WORK/dry.log"; fail "OP dry run"; }
check "dry run: purge" grep -q "^purge method: discard" "$WORK/dry.log"
check "dry run: OP range" grep -qF "over-provisioning 28.00 %: steps use bytes 0 .. $usable of \
$((128 * 1048576)) (78.125 %)" "$WORK/dry.log"
check "dry run: what it would destroy" grep -q "^would destroy $loop (128 MiB" "$WORK/dry.log"
check "dry run: job file" grep -qx "size=100m" "$WORK/dry.log"
check "dry run: no archive" test ! -e "$WORK/out"
expect_eq "dry run: device unchanged" "$(devsum "$loop")" "$before"

"$SSDBENCH" run "$WORK/op.xml" --target "dut=$loop" --op 28 --destroy "$(basename "$loop")" \
  --out "$WORK/out" > "$WORK/run.log" 2>&1 || { cat "$WORK/run.log"; fail "OP run"; }
check "job file confined" grep -qx "size=100m" "$WORK/out/steps/001-fill/job.fio"
check "purge recorded" grep -q "purged with discard" "$WORK/out/manifest.json"
check "OP recorded" grep -q "OP 28.00 %" "$WORK/out/manifest.json"
sync "$img"
# The end (exclusive, in bytes) of the last extent that holds data.
end=$(filefrag -v -b1 "$img" | awk -F'[:. ]+' '/^ *[0-9]+:/ { e = $4 + 1 } END { print e + 0 }')
[ "$end" -gt 0 ] || fail "no data written at all"
[ "$end" -le "$usable" ] || fail "data past the OP boundary: extent ends at $end > $usable"
# Hardware OP (<op method="hpa">) on a loop device: refused before anything starts,
# first for want of --allow-capacity-change, then because a loop device has no ATA.
cat > "$WORK/hpa.xml" <<'PLAN'
<plan name="hpa">
  <target name="dut" device="/dev/placeholder"/>
  <op name="op28" percent="28%" method="hpa">
    <workload name="rw" rw="randwrite" bs="4k" iodepth="4" runtime="1s"/>
  </op>
</plan>
PLAN
before=$(devsum "$loop")
set +e
"$SSDBENCH" run "$WORK/hpa.xml" --target "dut=$loop" --destroy "$(basename "$loop")" \
  --out "$WORK/hpa" > "$WORK/hpa.log" 2>&1; rc=$?
set -e
expect_eq "hpa without the flag: exit status" "$rc" 2
check "hpa without the flag: why" grep -q "needs --allow-capacity-change" "$WORK/hpa.log"
set +e
"$SSDBENCH" run "$WORK/hpa.xml" --target "dut=$loop" --destroy "$(basename "$loop")" \
  --allow-capacity-change --out "$WORK/hpa" > "$WORK/hpa.log" 2>&1; rc=$?
set -e
expect_eq "hpa on a loop device: exit status" "$rc" 2
check "hpa on a loop device: why" grep -q "(loop) does not answer ATA commands" "$WORK/hpa.log"
check "hpa: no archive" test ! -e "$WORK/hpa"
expect_eq "hpa: device unchanged" "$(devsum "$loop")" "$before"
echo "device_op: ok (data ends at $end of $((128 * 1048576)) bytes, limit $usable)"
