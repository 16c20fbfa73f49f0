#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Block-device targets on a loop device over a file this test creates: reading
# works; a plan that writes is refused without --destroy, before fio runs, and no
# byte changes.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null; then
  echo "device: skipped (needs root and losetup)"; exit 77
fi
img=$WORK/disk.img
head -c 67108864 /dev/urandom > "$img"
loop=$(losetup --find --show "$img" 2>/dev/null) || { echo "device: skipped (no loop devices)"; exit 77; }
cleanup_hooks+=("losetup -d '$loop'")
before=$(sha256sum < "$loop")

cat > "$WORK/read.xml" <<'PLAN'
<plan name="readonly">
  <target name="dut" device="/dev/placeholder"/>
  <workload name="rr" rw="randread" bs="4k" iodepth="4" runtime="1s"/>
</plan>
PLAN
"$SSDBENCH" run "$WORK/read.xml" --target "dut=$loop" --out "$WORK/ro" > "$WORK/ro.log" 2>&1 ||
  { cat "$WORK/ro.log"; fail "read-only run on $loop"; }
expect_eq "target kind" "$(jq -r .target.kind "$WORK/ro/manifest.json")" device
expect_eq "target size" "$(jq -r .target.size "$WORK/ro/manifest.json")" 67108864
expect_eq "probes before and after" \
  "$(jq -r '.target | "\(.before.kernel_name) \(.before.size_bytes) \(.after.kernel_name)"' "$WORK/ro/manifest.json")" \
  "${loop#/dev/} 67108864 ${loop#/dev/}"
check "job file names the device" grep -q "^filename=$loop$" "$WORK/ro/steps/001-rr/job.fio"

set +e
"$SSDBENCH" run "$SRC/testplans/quick.xml" --target "dut=$loop" --out "$WORK/rw" \
  > /dev/null 2> "$WORK/rw.err"; rc=$?
set -e
expect_eq "write plan on a device" "$rc" 1
check "refusal explains" grep -q "refusing to destroy '$loop': destroying its data needs --destroy $(basename "$loop")" "$WORK/rw.err"
check "nothing ran" test ! -e "$WORK/rw/steps"
expect_eq "device unchanged" "$(sha256sum < "$loop")" "$before"
echo "device: ok"
