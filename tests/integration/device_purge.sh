#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Purge of a loop device this test creates: refused without --destroy or for a method
# the device lacks (device unchanged), a dry run touches nothing, and a discard purge
# leaves every sampled block reading zero. Files: holes punched only with --destroy PATH.
. "$(dirname "$0")/device_lib.sh"
need_root device_purge

img=$WORK/disk.img
random_image "$img" 64
new_loop loop "$img"
name=$(basename "$loop")

expect_refusal "no --destroy" "$loop" \
  "refusing to destroy '$loop': destroying its data needs --destroy $name" purge "$loop"
expect_refusal "missing method" "$loop" \
  "cannot purge '$loop' with 'nvme-sanitize-block': it is not an NVMe device" \
  purge "$loop" --method nvme-sanitize-block --destroy "$name"

before=$(devsum "$loop")
"$SSDBENCH" purge "$loop" --destroy "$name" --dry-run > "$WORK/dry.out" ||
  { cat "$WORK/dry.out"; fail "dry run"; }
check "dry run names the method" grep -q "^purge method: discard" "$WORK/dry.out"
check "dry run says what it would destroy" grep -q "^would destroy $loop (64 MiB" "$WORK/dry.out"
expect_eq "dry run: device unchanged" "$(devsum "$loop")" "$before"

"$SSDBENCH" purge "$loop" --destroy "$name" > "$WORK/purge.out" ||
  { cat "$WORK/purge.out"; fail "purge"; }
check "purge reports the method" grep -q "^purged '$loop' with discard in" "$WORK/purge.out"
# Every sampled block (first, last, 62 random 4 KiB blocks) reads back zero.
expect_zero_blocks "$loop" $((64 * 256)) 62 "after purge"
expect_eq "backing file fully deallocated (blocks)" "$(stat -c %b "$img")" 0

# A file target: holes punched only when --destroy names its path.
file=$WORK/target.bin
random_image "$file" 8
expect_refusal "file without --destroy" "$file" \
  "refusing to destroy '$file': destroying its data needs --destroy $file" purge "$file"
"$SSDBENCH" purge "$file" --destroy "$file" > "$WORK/file.out" || { cat "$WORK/file.out"; fail "file purge"; }
check "file: punch-holes" grep -q "with punch-holes in" "$WORK/file.out"
expect_eq "file keeps its size" "$(stat -c %s "$file")" 8388608
expect_eq "file fully deallocated (blocks)" "$(stat -c %b "$file")" 0
echo "device_purge: ok"
