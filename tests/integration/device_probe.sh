#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ssdbench probe on loop devices (512 and 4096-byte sectors), a zram device this test
# adds (the kernel's zram module, loaded if need be; without it the test fails) and a file: sizes, block sizes, "not supported"
# where the device lacks a feature, valid JSON.
. "$(dirname "$0")/device_lib.sh"
need_root device_probe

img=$WORK/disk.img
truncate -s 64M "$img"
new_loop loop "$img"
j=$WORK/loop.json
"$SSDBENCH" probe --json "$loop" > "$j" || fail "probe $loop"
expect_eq "loop kind" "$(jq -r .kind "$j")" loop
expect_eq "loop size" "$(jq -r .size_bytes "$j")" 67108864
expect_eq "loop logical block" "$(jq -r .logical_block_bytes "$j")" 512
expect_eq "loop identity" "$(jq -r .identity "$j")" "$(basename "$loop")"
expect_eq "loop serial" "$(jq -r .serial "$j")" null
expect_eq "loop nvme" "$(jq -r .nvme "$j")" "not supported"
expect_eq "loop ata" "$(jq -r .ata "$j")" "not supported"
expect_eq "loop backing file" "$(jq -r .backing_file "$j")" "$img"
"$SSDBENCH" probe "$loop" > "$WORK/loop.txt" || fail "probe text"
check "text: serial not supported" grep -q "^serial: *not supported$" "$WORK/loop.txt"

new_loop loop4k -b 4096 "$img"
"$SSDBENCH" probe --json "$loop4k" > "$j" || fail "probe $loop4k"
expect_eq "4k loop logical block" "$(jq -r .logical_block_bytes "$j")" 4096

file=$WORK/f.bin
truncate -s 10M "$file"
"$SSDBENCH" probe --json "$file" > "$j" || fail "probe file"
expect_eq "file kind" "$(jq -r .kind "$j")" file
expect_eq "file size" "$(jq -r .size_bytes "$j")" 10485760
expect_eq "file block" "$(jq -r .logical_block_bytes "$j")" "$(stat -c %o "$file")"
expect_eq "file temperature" "$(jq -r .temperature_celsius "$j")" null

set +e
"$SSDBENCH" probe /dev/does-not-exist > /dev/null 2> "$WORK/missing.err"; rc=$?
set -e
expect_eq "missing device" "$rc" 1
check "missing device message" grep -q "cannot examine '/dev/does-not-exist'" "$WORK/missing.err"
set +e
"$SSDBENCH" probe "$WORK/no-such-file" > /dev/null 2> "$WORK/missing.err"; rc=$?
set -e
expect_eq "missing file" "$rc" 1
check "missing file message" grep -q "cannot examine '$WORK/no-such-file': no such file" "$WORK/missing.err"

[ -e /sys/class/zram-control ] || modprobe zram 2> /dev/null || true
if [ -w /sys/class/zram-control/hot_add ]; then
  id=$(cat /sys/class/zram-control/hot_add)
  cleanup_hooks+=("echo 1 > /sys/block/zram$id/reset; echo $id > /sys/class/zram-control/hot_remove")
  echo 64M > "/sys/block/zram$id/disksize"
  "$SSDBENCH" probe --json "/dev/zram$id" > "$j" || fail "probe zram$id"
  expect_eq "zram kind" "$(jq -r .kind "$j")" zram
  expect_eq "zram size" "$(jq -r .size_bytes "$j")" 67108864
  expect_eq "zram logical block" "$(jq -r .logical_block_bytes "$j")" 4096
  expect_eq "zram identity" "$(jq -r .identity "$j")" "zram$id"
  expect_eq "zram nvme" "$(jq -r .nvme "$j")" "not supported"
else
  fail "no /sys/class/zram-control: the zram part cannot run (modprobe zram)"
fi
echo "device_probe: ok"
