#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What ssdbench writes for a step reaches the disk before fio starts, so that no
# journal commit or writeback of it lands inside the measured seconds: the archive
# is on an ext4 filesystem this test makes on a loop device over its own file, and
# a wrapper fio, at the start of each step, reads that device with O_DIRECT (past
# every cache) and looks for the step's job file. Left to the kernel, a new file's
# data stays in memory for up to 30 s (delayed allocation).
. "$(dirname "$0")/device_lib.sh"

need_root quiesce
command -v mkfs.ext4 > /dev/null || { echo "quiesce: skipped (no mkfs.ext4)"; exit 77; }
real_fio=$(command -v fio) || { echo "quiesce: skipped (no fio)"; exit 77; }
truncate -s 64M "$WORK/fs.img"
mkfs.ext4 -q -F "$WORK/fs.img" || fail "mkfs.ext4"
new_loop loop "$WORK/fs.img"
mkdir "$WORK/mnt"
mount "$loop" "$WORK/mnt" 2>/dev/null || { echo "quiesce: skipped (cannot mount ext4)"; exit 77; }
# Hooks run in order: unmount before the loop device is detached.
cleanup_hooks=("umount '$WORK/mnt'" "${cleanup_hooks[@]}")

mkdir "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
case " \$* " in
*" - "*)
  step=\$(basename "\$PWD")
  if dd if="$loop" iflag=direct bs=1M status=none |
     grep -aq "for step '\${step#*-}' of plan 'quiesce'"; then
    echo "\$step" >> "$WORK/on-disk"
  else
    echo "\$step" >> "$WORK/in-memory"
  fi ;;
esac
exec "$real_fio" "\$@"
EOF2
chmod +x "$WORK/bin/fio"
cat > "$WORK/plan.xml" <<'PLAN'
<plan name="quiesce">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="qz-first" rw="randwrite" bs="4k" runtime="1s"/>
  <workload name="qz-second" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
(cd "$WORK" && PATH=$WORK/bin:$PATH "$SSDBENCH" run plan.xml --out "$WORK/mnt/a" \
  > "$WORK/run.log" 2>&1) || { cat "$WORK/run.log"; fail "ssdbench run"; }
expect_eq "steps whose job file was on the device when fio started" \
  "$(paste -sd, "$WORK/on-disk" 2>/dev/null)" "001-qz-first,002-qz-second"
check "no step started with its job file only in memory" test ! -e "$WORK/in-memory"
echo "quiesce: ok"
