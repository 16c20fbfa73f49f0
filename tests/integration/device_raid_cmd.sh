#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `ssdbench raid up|down` (the command a bench would run for a <raid> there), with md
# played by tests/integration/fake/mdadm as in device_raid_fake.sh (ssdbench-fakes, as
# for the lock files in the test's folder, SSDBENCH_LOCK_DIR), and the members
# held by `ssdbench lock` (one lock, one token, both members) as a run's would be:
# without the token `raid up` is refused naming the holder and runs no mdadm; with it
# the array comes up (its JSON: the node, not ours, the commands); `raid down` tears
# it down; a failing set-up tears down what it made. The members are never written.
. "$(dirname "$0")/device_lib.sh"
need_root device_raid_cmd

fake_md
export SSDBENCH_LOCK_DIR=$WORK/locks
clean_mdstat
: > "$FAKE_MDADM_LOG"
before=$(members)
raid=(--chunk 64KiB --member "$loop1" --member "$loop2" --json)
ids=(--destroy "$n1" --destroy "$n2" --destroy "$ns")

# The run's lock on both members, held through a fifo the test keeps open.
mkfifo "$WORK/hold"
"$SSDBENCH" lock "$loop1" "$loop2" --destroy "$n1" --destroy "$n2" --holder test:raid \
  --json < "$WORK/hold" > "$WORK/lock.out" 2> "$WORK/lock.err" &
lock_pid=$!
cleanup_hooks+=("kill $lock_pid 2>/dev/null")
exec 3> "$WORK/hold"
for _ in $(seq 200); do grep -q '}' "$WORK/lock.out" && break; sleep 0.1; done
token=$(jq -r .token "$WORK/lock.out")
expect_eq "lock: both members" "$(jq -r '[.devices[].identity] | join(",")' "$WORK/lock.out")" "$n1,$n2"
expect_eq "lock: one lock file each, one token" \
  "$(jq -r .token "$WORK/locks/$n1.lock" "$WORK/locks/$n2.lock" | sort -u)" "$token"
expect_eq "lock: one time, the one it printed" \
  "$(jq -r .since "$WORK/locks/$n1.lock" "$WORK/locks/$n2.lock" | sort -u)" "$(jq -r .since "$WORK/lock.out")"

# Without the token: refused, naming the holder; mdadm never ran.
run_rc "$WORK/u0.out" "$WORK/u0.err" "$SSDBENCH" raid up md "${raid[@]}" "${ids[@]}"
expect_eq "up without the token: exit code" "$rc" 1
check "up without the token: why" grep -qF "error: RAID member '$loop1': refusing to destroy '$loop1': another ssdbench run holds its lock: ssdbench lock (pid $lock_pid, since $(jq -r .since "$WORK/lock.out"), for 'test:raid')" "$WORK/u0.err"
expect_eq "up without the token: no mdadm" "$(cat "$FAKE_MDADM_LOG")" ""

# With it: the array comes up on the stand-in.
run_rc "$WORK/u1.out" "$WORK/u1.err" "$SSDBENCH" raid up md "${raid[@]}" "${ids[@]}" \
  --lock-token "$token"
[ "$rc" = 0 ] || { cat "$WORK/u1.err"; fail "raid up with the token: $rc"; }
expect_eq "up: array" "$(jq -r .array "$WORK/u1.out")" "$WORK/md/ssdbench-md"
expect_eq "up: its node" "$(jq -r .array_dev "$WORK/u1.out")" "$loops"
expect_eq "up: its size" "$(jq -r .array_size "$WORK/u1.out")" $((16 * 1048576))
expect_eq "up: not an md array of the members" "$(jq -r .ours "$WORK/u1.out")" false
expect_eq "up: up" "$(jq -r .up "$WORK/u1.out")" true
expect_eq "up: commands" "$(jq -r '[.raid.commands[].purpose] | join(",")' "$WORK/u1.out")" create,wait,check
expect_eq "up: mdadm sequence" "$(cat "$FAKE_MDADM_LOG")" "--create $WORK/md/ssdbench-md --level=0 --raid-devices=2 --chunk=64K --metadata=1.2 --run --force $loop1 $loop2
--wait $WORK/md/ssdbench-md
--detail --export $WORK/md/ssdbench-md"
check "up: the members' checks passed with the run's lock" grep -q "PASS  not locked      this run holds its lock" "$WORK/u1.err"
check "up: mdstat lists the members" grep -q "md127 : active raid0 $n1\[0\] $n2\[1\]" "$SSDBENCH_MDSTAT"

: > "$FAKE_MDADM_LOG"
run_rc "$WORK/d1.out" "$WORK/d1.err" "$SSDBENCH" raid down md "${raid[@]}" --lock-token "$token"
[ "$rc" = 0 ] || { cat "$WORK/d1.err"; fail "raid down: $rc"; }
expect_eq "down: up" "$(jq -r .up "$WORK/d1.out")" false
expect_eq "down: mdadm sequence" "$(cat "$FAKE_MDADM_LOG")" "--stop $WORK/md/ssdbench-md
--zero-superblock $loop1 $loop2"
check "down: no array node" test ! -e "$WORK/md/ssdbench-md"
check "down: mdstat clean" bash -c "! grep -q md127 '$SSDBENCH_MDSTAT'"

# A set-up that fails (mdadm --detail): refused, and what it made is torn down.
: > "$FAKE_MDADM_LOG"
run_rc "$WORK/u2.out" "$WORK/u2.err" env FAKE_MDADM_FAIL=check "$SSDBENCH" raid up md \
  "${raid[@]}" "${ids[@]}" --lock-token "$token"
expect_eq "failed up: exit code" "$rc" 1
check "failed up: why" grep -q "RAID check failed (mdadm exit status 1): mdadm: fake detail failure" "$WORK/u2.err"
check "failed up: torn down" grep -q -- "--stop $WORK/md/ssdbench-md" "$FAKE_MDADM_LOG"
check "failed up: no array node" test ! -e "$WORK/md/ssdbench-md"
check "failed up: mdstat clean" bash -c "! grep -q md127 '$SSDBENCH_MDSTAT'"

run_rc "$WORK/u3.out" "$WORK/u3.err" "$SSDBENCH" raid sideways md "${raid[@]}"
expect_eq "neither up nor down: exit code" "$rc" 2
expect_eq "members never written" "$(members)" "$before"
exec 3>&-
wait "$lock_pid" || fail "ssdbench lock exited $?"
check "both lock files removed" test ! -e "$WORK/locks/$n1.lock" -a ! -e "$WORK/locks/$n2.lock"
echo "device_raid_cmd: ok"
