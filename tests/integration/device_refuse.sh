#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Interlocks on loop devices this test creates: a mounted ext4, a partition table
# without --destroy, another process holding the device open, a wrong --destroy;
# and (dry run only) the disk holding '/'. Each refusal leaves the device unchanged.
. "$(dirname "$0")/device_lib.sh"
need_root device_refuse
command -v mkfs.ext4 > /dev/null || { echo "device_refuse: skipped (no mkfs.ext4)"; exit 77; }

img=$WORK/disk.img
random_image "$img" 64
new_loop loop "$img"
name=$(basename "$loop")
plan=$WORK/writes.xml
write_plan "$plan"
run=(run "$plan" --target "dut=$loop" --out "$WORK/out")

# 1. A mounted ext4, read-write but frozen so that ext4's own writes (journal, lazy
#    init) cannot change the checksum; raw writes to the device would still show.
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$loop"
mnt=$(mktemp -d "$WORK/mnt.XXXXXX")
mount -o noatime "$loop" "$mnt"
cleanup_hooks=("umount '$mnt'" "${cleanup_hooks[@]}")
sync -f "$mnt"
fsfreeze -f "$mnt"
cleanup_hooks=("fsfreeze -u '$mnt'" "${cleanup_hooks[@]}")
expect_refusal "mounted ext4" "$loop" \
  "refusing to destroy '$loop': a filesystem on it is mounted at '$mnt'" \
  "${run[@]}" --destroy "$name"
check "mounted: no step ran" test ! -e "$WORK/out/steps"
grep -q "FAIL  exclusive open" "$LAST_OUT" || fail "mounted: the O_EXCL probe did not fail"
fsfreeze -u "$mnt"
umount "$mnt"
cleanup_hooks=("${cleanup_hooks[@]:2}")

# 2. A partition table and no --destroy: the table is named in the checks.
printf 'label: gpt\n,32M\n' | sfdisk -q "$loop" > /dev/null 2>&1 ||
  { echo "device_refuse: skipped (sfdisk failed)"; exit 77; }
expect_refusal "partition table" "$loop" \
  "refusing to destroy '$loop': destroying its data needs --destroy $name" "${run[@]}"
grep -q "FAIL  signatures      it holds gpt partition table" "$LAST_OUT" ||
  { cat "$LAST_OUT"; fail "partition table: not reported"; }

# 3. Held open by another process (invisible to O_EXCL; found by the /proc scan).
sleep 600 < "$loop" &
holder=$!
cleanup_hooks=("kill $holder" "${cleanup_hooks[@]}")
# Polled until the holder has the device open (its fd 0), not a fixed wait.
for _ in $(seq 100); do
  [ "$(readlink "/proc/$holder/fd/0" 2>/dev/null)" = "$loop" ] && break
  sleep 0.05
done
expect_eq "the holder has it open" "$(readlink "/proc/$holder/fd/0")" "$loop"
expect_refusal "open elsewhere" "$loop" \
  "refusing to destroy '$loop': process $holder has it open" "${run[@]}" --destroy "$name"
kill "$holder"; wait "$holder" 2> /dev/null || true
cleanup_hooks=("${cleanup_hooks[@]:1}")

# 4. A wrong --destroy (the identity is the device's, not the plan's).
expect_refusal "wrong --destroy" "$loop" \
  "refusing to destroy '$loop': --destroy 'loop999' does not match its identity '$name'" \
  "${run[@]}" --destroy loop999

# 5. The disk holding '/': only ever a dry run, which opens nothing for writing.
root=$(findmnt -no SOURCE / 2>/dev/null || true)
if [ -b "$root" ]; then
  set +e
  "$SSDBENCH" run "$plan" --target "dut=$root" --destroy whatever --dry-run \
    > "$WORK/root.out" 2> "$WORK/root.err"; rc=$?
  set -e
  expect_eq "root disk dry run" "$rc" 1
  grep -q "FAIL  root disk       it holds the root filesystem '/'" "$WORK/root.out" ||
    { cat "$WORK/root.out"; fail "root disk: no root-disk refusal"; }
  grep -q "^result: REFUSED: refusing to destroy" "$WORK/root.out" || fail "root disk: no verdict"
else
  echo "device_refuse: '/' is not on a block device here; root-disk case left to the unit test"
fi
echo "device_refuse: ok"
