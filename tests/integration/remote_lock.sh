#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole-run lock on a bench's device, on loopback (an sshd and a fio server of the
# test's own act as bench1, a loop device is its drive):
# 1. `ssdbench lock` held by the test (its stdin a fifo the test keeps open) prints its
#    line (identity, diskseq, pid, token); meanwhile a run over ssh, a local run and a
#    second lock are refused, naming the holder; closing the fifo ends it, lock gone.
# 2. A run holding the device (a purge, then an idle step of 10 minutes): a second run
#    is refused, naming the first's archive; SIGKILL of the first controller releases
#    the lock on the bench (its ssh session ends); the next run completes and leaves
#    no lock; a run stopped by SIGINT releases it before it exits.
. "$(dirname "$0")/remote_lib.sh"

export SSDBENCH_HOST_TIMEOUT_S=10
SSDBENCH=$(cd "$(dirname "$SSDBENCH")" && pwd)/$(basename "$SSDBENCH")
if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null || ! command -v flock > /dev/null; then
  echo "remote_lock: skipped (it needs root, losetup and flock for a loop device)"
  exit 77
fi
start_sshd remote_lock

# Lock files go to the test's folder, here and on "the bench" (a wrapper sets it there);
# only the test build moves them.
need_fakes
export SSDBENCH_LOCK_DIR=$WORK/locks
printf '#!/bin/sh\nSSDBENCH_LOCK_DIR=%s exec %s "$@"\n' "$SSDBENCH_LOCK_DIR" "$SSDBENCH" \
  > "$S/bench-ssdbench"
chmod 755 "$S/bench-ssdbench"
pf=$(free_port)
while [ "$pf" = "$port" ] || [ "$pf" = "$closed" ]; do pf=$(free_port); done
start_server bench1 "$pf"

img=$WORK/disk.img
head -c $((16 * 1048576)) /dev/urandom > "$img"
loop=$(losetup --find --show "$img" 2>/dev/null) || { echo "skipped (no free loop device)"; exit 77; }
cleanup_hooks+=("losetup -d '$loop'")
name=$(basename "$loop")
lockfile=$SSDBENCH_LOCK_DIR/$name.lock

# bench_plan FILE STEPS...: a plan on $loop of bench1 with the given step elements.
bench_plan() {
  local f=$1
  shift
  {
    echo '<plan name="locked">'
    echo "  <host name=\"bench1\" address=\"127.0.0.1\" port=\"$pf\" ssh=\"bench1\" ssdbench=\"$S/bench-ssdbench\"/>"
    echo "  <target name=\"dut\" device=\"$loop\" host=\"bench1\"/>"
    printf '  %s\n' "$@"
    echo '</plan>'
  } > "$f"
}
bench_plan "$WORK/short.xml" '<purge name="clean" method="discard"/>'
bench_plan "$WORK/held.xml" '<purge name="clean" method="discard"/>' \
  '<idle name="hold" duration="10min"/>'
cat > "$WORK/local.xml" <<PLAN
<plan name="here">
  <target name="dut" device="$loop"/>
  <purge name="clean" method="discard"/>
</plan>
PLAN

# wait_for WHAT COMMAND...: until COMMAND succeeds (bounded: 20 s).
wait_for() {
  local what=$1
  shift
  for _ in $(seq 200); do
    "$@" && return 0
    sleep 0.1
  done
  fail "gave up waiting: $what"
}
# lock_gone: nobody holds the flock on the loop device and no lock file is left.
lock_gone() { [ ! -e "$lockfile" ] && flock -n "$loop" true; }
locked() { ! flock -n "$loop" true; }

# --- 1. `ssdbench lock` held by the test ---------------------------------------------
mkfifo "$WORK/hold"
"$SSDBENCH" lock "$loop" --destroy "$name" --holder test:fifo --json < "$WORK/hold" \
  > "$WORK/lock.out" 2> "$WORK/lock.err" &
lock_pid=$!
cleanup_hooks+=("kill $lock_pid 2>/dev/null")
exec 3> "$WORK/hold"
wait_for "the lock's line" grep -q '}' "$WORK/lock.out"
diskseq=$("$SSDBENCH" probe "$loop" --json | jq -r .diskseq)
expect_eq "lock: path" "$(jq -r .path "$WORK/lock.out")" "$loop"
expect_eq "lock: identity" "$(jq -r .identity "$WORK/lock.out")" "$name"
expect_eq "lock: diskseq" "$(jq -r .diskseq "$WORK/lock.out")" "$diskseq"
expect_eq "lock: pid" "$(jq -r .pid "$WORK/lock.out")" "$lock_pid"
check "lock: a 32-digit token" jq -e '.token | test("^[0-9a-f]{32}$")' "$WORK/lock.out" > /dev/null
expect_eq "lock file: pid" "$(jq -r .pid "$lockfile")" "$lock_pid"
expect_eq "lock file: holder" "$(jq -r .holder "$lockfile")" "test:fifo"
expect_eq "lock file: mode" "$(stat -c %a "$lockfile")" 600
check "the flock is held" locked
before=$(sha256sum < "$loop")
holder="ssdbench lock (pid $lock_pid, since $(jq -r .since "$WORK/lock.out"), for 'test:fifo')"

run_rc "$WORK/r1.log" "$WORK/r1.err" "$SSDBENCH" run "$WORK/short.xml" --destroy "$name" \
  --out "$WORK/r1"
expect_eq "a run over ssh while locked: exit code" "$rc" 1
check "the bench's refusal names the holder" grep -qF "error: host 'bench1' (ssh bench1) says: refusing to destroy '$loop': another ssdbench run holds its lock: $holder" "$WORK/r1.err"
check "the run's checks show the lock row" grep -qF "FAIL  not locked      another ssdbench run holds its lock: $holder" "$WORK/r1.log"
run_rc "$WORK/r2.log" "$WORK/r2.err" "$SSDBENCH" run "$WORK/local.xml" --destroy "$name" \
  --out "$WORK/r2"
expect_eq "a local run while locked: exit code" "$rc" 1
check "the local refusal names the holder" grep -qF "error: refusing to destroy '$loop': another ssdbench run holds its lock: $holder" "$WORK/r2.err"
run_rc "$WORK/l2.log" "$WORK/l2.err" "$SSDBENCH" lock "$loop" --destroy "$name" --json < /dev/null
expect_eq "a second lock: exit code" "$rc" 1
check "the second lock names the holder" grep -qF "another ssdbench run holds its lock: $holder" "$WORK/l2.err"
run_rc "$WORK/p.log" "$WORK/p.err" "$SSDBENCH" purge "$loop" --destroy "$name" --method discard
expect_eq "a purge while locked: exit code" "$rc" 1
run_rc "$WORK/p.log" "$WORK/p.err" "$SSDBENCH" purge "$loop" --destroy "$name" --method discard \
  --lock-token 0123456789abcdef0123456789abcdef
expect_eq "a purge with another token: exit code" "$rc" 1
expect_eq "nothing written while locked" "$(sha256sum < "$loop")" "$before"
check "the lock is still there" kill -0 "$lock_pid"

exec 3>&-   # the holder's stdin ends: it releases
wait "$lock_pid" || fail "ssdbench lock exited $? at the end of its stdin"
check "lock released, its file removed" lock_gone

# --- 2. a run holds the device on the bench ---------------------------------------------
# start_held LOG: a run of held.xml in the background (pid in held_pid), once it holds
# the lock and its purge is done (the idle step follows).
start_held() {
  "$SSDBENCH" run "$WORK/held.xml" --destroy "$name" --out "$WORK/$1" \
    > "$WORK/$1.log" 2> "$WORK/$1.err" &
  held_pid=$!
  cleanup_hooks+=("kill -KILL $held_pid 2>/dev/null")
  wait_for "the run's lock and purge" grep -q "clean: " "$WORK/$1.log"
  check "the run's lock file names its bench process" kill -0 "$(jq -r .pid "$lockfile")"
  expect_eq "the run's lock holder" "$(jq -r .holder "$lockfile")" "$(hostname):$WORK/$1"
}
start_held held
bench_pid=$(jq -r .pid "$lockfile")
run_rc "$WORK/r3.log" "$WORK/r3.err" "$SSDBENCH" run "$WORK/short.xml" --destroy "$name" \
  --out "$WORK/r3"
expect_eq "a second run while the first holds it: exit code" "$rc" 1
check "the refusal names the first run" grep -qF "error: host 'bench1' (ssh bench1) says: refusing to destroy '$loop': another ssdbench run holds its lock: ssdbench lock (pid $bench_pid, since $(jq -r .since "$lockfile"), for '$(hostname):$WORK/held', ssh from 127.0.0.1)" "$WORK/r3.err"
check "the refused run made no archive" test ! -e "$WORK/r3/manifest.json"

kill -KILL "$held_pid"
wait "$held_pid" 2>/dev/null || true
# The controller is gone: its ssh session's stdin ends, the bench's lock follows.
wait_for "the lock released after the controller died" lock_gone
# (it releases the lock, then exits: under ASan the exit takes a while)
wait_for "the bench's lock process ended" test ! -e "/proc/$bench_pid"

run_rc "$WORK/r4.log" "$WORK/r4.err" "$SSDBENCH" run "$WORK/short.xml" --destroy "$name" \
  --out "$WORK/r4"
[ "$rc" = 0 ] || { cat "$WORK/r4.log" "$WORK/r4.err" >&2; fail "the run after the kill: $rc"; }
expect_eq "the run after the kill: status" "$(jq -r .status "$WORK/r4/manifest.json")" complete
check "it locked the device" grep -qx "locked '$loop' on host 'bench1' for the run" "$WORK/r4.log"
check "its checks passed with its own lock" grep -q "PASS  not locked      this run holds its lock" "$WORK/r4.log"
check "the run's end released the lock" lock_gone

# SIGINT: the run stops and releases the lock before it exits (no waiting after).
start_held int
kill -INT "$held_pid"
wait "$held_pid" && fail "an interrupted run exited 0"
check "the interrupted run released the lock" lock_gone
echo "remote_lock: ok"
