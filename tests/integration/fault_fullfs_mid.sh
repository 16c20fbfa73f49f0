#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The output folder's filesystem fills up during a run (a wrapper on PATH runs the
# real fio for the second step, then fills the 2 MiB tmpfs the archive is on): the
# run stops with ENOSPC named, exit 1, the manifest still describes what it could
# record (the first step) and that the run failed (written from the space its lock
# keeps in reserve), and once space is back "ssdbench resume" finishes the run
# without touching the first step, and the archive passes "ssdbench verify".
. "$(dirname "$0")/fault_lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "fault_fullfs_mid: skipped (needs root to mount)"; exit 77; }
real_fio=$(command -v fio) || { echo "fault_fullfs_mid: skipped (no fio)"; exit 77; }
small=$WORK/small
mkdir "$small" "$WORK/bin"
mount -t tmpfs -o size=2m,mode=0755 ssdbench-fullfs-mid "$small" 2>/dev/null ||
  { echo "fault_fullfs_mid: skipped (cannot mount a tmpfs)"; exit 77; }
cleanup_hooks+=("umount '$small'")
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
"$real_fio" "\$@"
rc=\$?
case "\$PWD \$*" in
  */steps/002-second\ *--output=fio.json*) head -c 100000000 /dev/zero > "$small/filler" ;;
esac
exit \$rc
EOF2
chmod +x "$WORK/bin/fio"
steps_plan "$WORK/plan.xml" fullmid 1s 1s 1s

PATH=$WORK/bin:$PATH run_rc "$WORK/run.log" "$WORK/run.err" "$SSDBENCH" run "$WORK/plan.xml" \
  --target "dut=file:$WORK/t.bin,size=16MiB" --out "$small/o"
expect_eq "exit code" "$rc" 1
check "names ENOSPC" grep -q "^error: cannot write '$small/o/.*': No space left on device$" "$WORK/run.err"
check "third step never ran" test ! -e "$small/o/steps/003-third"
rm "$small/filler"
m=$small/o/manifest.json
check "manifest.json is valid JSON" jq -e . "$m" > /dev/null
expect_eq "first step recorded" "$(jq -r '.steps[0].status' "$m")" ok
expect_eq "the run says it failed" "$(jq -r .status "$m")" failed
first=$(sha256sum < "$small/o/steps/001-first/fio.json")
"$SSDBENCH" resume "$small/o" --target "dut=file:$WORK/t.bin,size=16MiB" > "$WORK/resume.log" 2>&1 ||
  { cat "$WORK/resume.log" >&2; fail "resume once space is back"; }
expect_eq "statuses after resume" "$(jq -r '[.steps[].status] | join(",")' "$m")" ok,ok,ok
expect_eq "first step untouched" "$(sha256sum < "$small/o/steps/001-first/fio.json")" "$first"
"$SSDBENCH" verify "$small/o" > "$WORK/verify.log" 2>&1 ||
  { cat "$WORK/verify.log" >&2; fail "ssdbench verify rejects the resumed archive"; }
no_fio_left "$small/o"
echo "fault_fullfs_mid: ok"
