#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the sample archives under /tmp/sbsample (a fixed path, so nothing of
# this machine gets into them) and copies each here without its rendered report
# (charts/ and report.pdf are re-made by `ssdbench report`):
#   drivemaster-wsat, snia-iops  shipped plans (smoke sizes) on regular files;
#   op-file, op-loop, op-zram    samples/plans/op-lineup.xml (an OP sweep) on a
#                                file, a loop device over a file, and a zram device
#                                hot-added here; the last two need root.
# Usage: samples/archives/generate.sh [SSDBENCH [NAME...]] (default: all)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
ssdbench=${1:-$top/build/ssdbench}
[ $# -gt 0 ] && shift
names=${*:-drivemaster-wsat snia-iops op-file op-loop op-zram}
work=/tmp/sbsample
loop= zram=
cleanup() {
	[ -z "$loop" ] || losetup -d "$loop"
	[ -z "$zram" ] || echo "$zram" > /sys/class/zram-control/hot_remove
	rm -rf "$work"
}
rm -rf "$work"
mkdir -p "$work/plans"
trap cleanup EXIT
trap 'exit 1' INT TERM

keep() { # keep NAME: the archive work/NAME, verified, into samples/archives/NAME
	"$ssdbench" verify "$work/$1"
	rm -rf "${here:?}/$1"
	mkdir -p "$here/$1"
	(cd "$work/$1" && tar cf - --exclude=charts --exclude=report.pdf .) |
		(cd "$here/$1" && tar xf -)
}

cp "$top/samples/plans/op-lineup.xml" "$work/plans/"
op="$work/plans/op-lineup.xml"
for name in $names; do
	case $name in
	drivemaster-wsat | snia-iops)
		cp "$top/testplans/$name.xml" "$work/plans/"
		"$ssdbench" run "$work/plans/$name.xml" --set smoke=1 -q \
			--target "dut=file:$work/$name.bin,size=256MiB" --out "$work/$name"
		;;
	op-file)
		"$ssdbench" run "$op" -q --target "dut=file:$work/op-file.bin,size=64MiB" \
			--out "$work/$name"
		;;
	op-loop)
		truncate -s 64M "$work/op-loop.img"
		loop=$(losetup --find --show "$work/op-loop.img")
		"$ssdbench" run "$op" -q --target "dut=$loop" --destroy "${loop#/dev/}" \
			--out "$work/$name"
		losetup -d "$loop"
		loop=
		;;
	op-zram)
		zram=$(cat /sys/class/zram-control/hot_add)
		echo 64M > "/sys/block/zram$zram/disksize"
		"$ssdbench" run "$op" -q --target "dut=/dev/zram$zram" --destroy "zram$zram" \
			--out "$work/$name"
		echo "$zram" > /sys/class/zram-control/hot_remove
		zram=
		;;
	*)
		echo "generate.sh: unknown sample '$name'" >&2
		exit 2
		;;
	esac
	keep "$name"
done
