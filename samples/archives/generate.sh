#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the sample archives made by shipped plans (smoke sizes) on regular
# files under /tmp/sbsample -- no block device is opened -- and copies each archive
# here without its rendered report (charts/ and report.pdf are re-made by
# `ssdbench report`). Usage: samples/archives/generate.sh [SSDBENCH]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
ssdbench=${1:-$top/build/ssdbench}
work=/tmp/sbsample
rm -rf "$work"
mkdir -p "$work/plans"
trap 'rm -rf "$work"' EXIT INT TERM

for plan in drivemaster-wsat snia-iops; do
	cp "$top/testplans/$plan.xml" "$work/plans/"
	"$ssdbench" run "$work/plans/$plan.xml" --set smoke=1 -q \
		--target "dut=file:$work/$plan.bin,size=256MiB" --out "$work/$plan"
	"$ssdbench" verify "$work/$plan"
	rm -rf "${here:?}/$plan"
	mkdir -p "$here/$plan"
	(cd "$work/$plan" && tar cf - --exclude=charts --exclude=report.pdf .) |
		(cd "$here/$plan" && tar xf -)
done
