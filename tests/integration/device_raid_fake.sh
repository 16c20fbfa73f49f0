#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The RAID path with md played by a fake: tests/integration/fake/mdadm first on PATH,
# a fake mdstat (SSDBENCH_MDSTAT) and md folder (SSDBENCH_MD_DIR), all in this
# test's scratch folder, which ssdbench-fakes (the test build) reads in place of
# /proc/mdstat and /dev/md. The fake "array" is a link to a fourth loop device, the
# stand-in, which is no md array of the members: the run writes to it only because
# --destroy names it. Checks the command sequence, that the steps run on the
# stand-in and never on a member, and the teardown after success, after a failed
# set-up, after a refused array, after Ctrl-C and at resume after a SIGKILL.
. "$(dirname "$0")/device_lib.sh"
need_root device_raid_fake

fake_md
before=$(members)

plan() {   # plan FILE IDLE: a purge, a write, a read and an idle on the array
  fake_raid_plan "$1" fakeraid "$2" '<target name="a" device="/dev/placeholder-a"/>' \
    '<target name="b" device="/dev/placeholder-b"/>'
}
plan "$WORK/raid.xml" 1s
run_args=(--target "a=$loop1" --target "b=$loop2" --destroy "$n1" --destroy "$n2")
want_sequence=$(fake_sequence)
torn_down() { fake_torn_down "$@"; }

# 1. Success: the sequence in order, the steps on the stand-in, a clean teardown.
clean_mdstat; : > "$FAKE_MDADM_LOG"
s_before=$(devsum "$loops")
"$SSDBENCH" run "$WORK/raid.xml" "${run_args[@]}" --destroy "$ns" --out "$WORK/ok" \
  > "$WORK/ok.log" 2>&1 || { cat "$WORK/ok.log"; fail "run with the fake md"; }
expect_eq "ok: mdadm sequence" "$(cat "$FAKE_MDADM_LOG")" "$want_sequence"
torn_down ok
check "ok: the stand-in was written" test "$(devsum "$loops")" != "$s_before"
check "ok: fio ran on the array" grep -qx "filename=$loops" "$WORK/ok/steps/002-w/job.fio"
expect_eq "ok: statuses" "$(jq -r '[.steps[].status] | join(",")' "$WORK/ok/manifest.json")" ok,ok,ok,ok
expect_eq "ok: commands in the manifest" \
  "$(jq -r '[.target.raid.commands[].purpose] | join(",")' "$WORK/ok/manifest.json")" create,wait,check,stop,zero
check "ok: durations in the manifest" jq -e '.target.raid.commands | all(.seconds >= 0)' "$WORK/ok/manifest.json"
expect_eq "ok: journal" "$(jq -r 'select(.event | test("raid")) | .event' "$WORK/ok/journal.jsonl" | paste -sd,)" raid-up,raid-down
check "ok: the array's checks ask for --destroy" grep -q "not an md array of the members: needs --destroy" "$WORK/ok.log"

# 2. The stand-in is not ours and --destroy does not name it: refused, torn down.
clean_mdstat; : > "$FAKE_MDADM_LOG"
s_before=$(devsum "$loops")
fails refused "$WORK/refused.log" "$SSDBENCH" run "$WORK/raid.xml" "${run_args[@]}" \
  --out "$WORK/refused"
check "refused: why" grep -q "none of the 2 --destroy values names it: it needs --destroy $ns" "$WORK/refused.log"
expect_eq "refused: mdadm sequence" "$(cat "$FAKE_MDADM_LOG")" "$want_sequence"
torn_down refused
expect_eq "refused: stand-in unchanged" "$(devsum "$loops")" "$s_before"

# 3. A failed set-up (mdadm --detail fails): no step runs, the teardown does.
clean_mdstat; : > "$FAKE_MDADM_LOG"
fails "failed set-up" "$WORK/setup.log" FAKE_MDADM_FAIL=check "$SSDBENCH" run "$WORK/raid.xml" \
  "${run_args[@]}" --destroy "$ns" --out "$WORK/setup"
check "failed set-up: why" grep -q "RAID check failed (mdadm exit status 1): mdadm: fake detail failure" "$WORK/setup.log"
expect_eq "failed set-up: mdadm sequence" "$(cat "$FAKE_MDADM_LOG")" "$want_sequence"
torn_down "failed set-up"

# 4. A teardown that does not finish (--stop fails, mdstat still lists the members)
#    is an error that says what to do by hand.
clean_mdstat; : > "$FAKE_MDADM_LOG"
fails "stuck teardown" "$WORK/stuck.log" FAKE_MDADM_FAIL=stop "$SSDBENCH" run "$WORK/raid.xml" \
  "${run_args[@]}" --destroy "$ns" --out "$WORK/stuck"
check "stuck teardown: why" grep -q "the RAID teardown did not finish: .* still lists md127" "$WORK/stuck.log"
expect_eq "stuck teardown: --stop tried 3 times" "$(grep -c -- --stop "$FAKE_MDADM_LOG")" 3
rm -f "$WORK/md/ssdbench-md"

# 5. Ctrl-C during the scope: the array is torn down before ssdbench exits.
plan "$WORK/long.xml" 30s
clean_mdstat; : > "$FAKE_MDADM_LOG"
"$SSDBENCH" run "$WORK/long.xml" "${run_args[@]}" --destroy "$ns" --out "$WORK/int" \
  > "$WORK/int.log" 2>&1 &
fake_interrupted "$WORK/int.log" $! "$WORK/int"

# 6. SIGKILL during the scope, then resume: the old array goes first, then a new one.
clean_mdstat; : > "$FAKE_MDADM_LOG"
"$SSDBENCH" run "$WORK/long.xml" "${run_args[@]}" --destroy "$ns" --out "$WORK/kill" \
  > "$WORK/kill.log" 2>&1 &
pid=$!
while_runs "$pid" "$WORK/kill.log" "killed: step 'r'" journaled "$WORK/kill" r
kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
check "killed: the array is still up" test -L "$WORK/md/ssdbench-md"
plan "$WORK/long.xml" 30s   # unchanged: resume checks the plan's SHA-256
: > "$FAKE_MDADM_LOG"
# Shorten the wait: the resumed idle runs 30 s; interrupt it once it started.
"$SSDBENCH" resume "$WORK/kill" "${run_args[@]}" --destroy "$ns" \
  > "$WORK/resume.log" 2>&1 &
fake_resumed "$WORK/resume.log" $! "$WORK/md/ssdbench-md"
echo "device_raid_fake: ok"
