#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A loop device detached during a run (losetup -d on the device this test made):
# the kernel defers the detach while the first step's fio holds the device open, so


. "$(dirname "$0")/fault_lib.sh"

if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null; then
  echo "fault_loopdetach: skipped (needs root and losetup)"; exit 77
fi
img=$WORK/disk.img
head -c 67108864 /dev/zero > "$img"
loop=$(losetup --find --show "$img" 2>/dev/null) ||
  { echo "fault_loopdetach: skipped (no loop devices)"; exit 77; }
# Detach only our device, by name, if the test ends before it does.
cleanup_hooks+=("losetup '$loop' 2>/dev/null | grep -qF '$img' && losetup -d '$loop'")

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="detach">
  <target name="dut" device="/dev/placeholder"/>
  <workload name="first" rw="randread" bs="4k" runtime="3s"/>
  <workload name="second" rw="randread" bs="4k" runtime="3s"/>
</plan>
PLAN
out=$WORK/out
"$SSDBENCH" run "$WORK/plan.xml" --target "dut=$loop" --out "$out" \
  > "$WORK/out.log" 2> "$WORK/err.log" &
pid=$!
wait_file "$pid" "$out/steps/001-first/job.fio"
fio=$(fio_pid "$pid") || fail "no fio started for the first step"
# Detach only once a job process of the first step holds the device open and its
# reads go on (its /proc io read_bytes grew since an earlier look while it held the
# device): fio opens the device briefly before the job starts, and detaching then
# would fail the first step, not the second; the kernel defers the detach of an open
# device. Polled, bounded: 30 s.
held=
declare -A seen=()
for _ in $(seq 600); do
  for p in $(pgrep -P "$fio" -x fio); do
    holds "$p" "$loop" || continue
    now=$(awk '$1 == "read_bytes:" { print $2 }' "/proc/$p/io" 2>/dev/null) || continue
    [ -n "$now" ] || continue
    if [ -n "${seen[$p]:-}" ] && [ "$now" -gt "${seen[$p]}" ] && holds "$p" "$loop"; then
      held=$p
    else
      seen[$p]=$now
    fi
  done
  [ -n "$held" ] && break
  sleep 0.05
done
[ -n "$held" ] || fail "the first step's fio never kept $loop open"
losetup -d "$loop"
wait_exit "$pid" 120
expect_eq "exit code" "$rc" 1
check "names the failed step" grep -q "step 'second' failed" "$WORK/err.log"
check "says the device is not the one the run started on" \
  grep -q "'$loop' is not the device the run started on: diskseq [0-9]* and 0 bytes now" "$WORK/err.log"
m=$out/manifest.json
expect_eq "run status" "$(jq -r .status "$m")" failed
archive_ok "$out" "ok,failed" first
no_fio_left "$out"
check "the device is gone" sh -c "! losetup '$loop' 2>/dev/null | grep -qF '$img'"
echo "fault_loopdetach: ok"
