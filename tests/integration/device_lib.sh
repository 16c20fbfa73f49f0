# SPDX-License-Identifier: MIT
# Helpers for the device-layer integration tests: loop devices this test made, and
# only those, detached by name in the cleanup trap (never losetup -D).
. "$(dirname "$0")/lib.sh"

need_root() {
  if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null; then
    echo "$1: skipped (needs root and losetup)"; exit 77
  fi
}

# new_loop VAR FILE [losetup options...]: attaches FILE, sets VAR to the device and
# detaches it at exit. Not in a $(...) subshell: the cleanup hook must reach the trap.
new_loop() {
  local dev
  dev=$(losetup --find --show "${@:2}" 2>/dev/null) || { echo "skipped (no free loop device)"; exit 77; }
  cleanup_hooks+=("losetup -d '$dev'")
  printf -v "$1" '%s' "$dev"
}

# random_image FILE MIB: a file of random bytes, so that any write shows in its checksum.
random_image() { head -c $(($2 * 1048576)) /dev/urandom > "$1"; }

devsum() { sha256sum < "$1" | cut -d' ' -f1; }

# A plan that writes, one short step.
write_plan() {
  cat > "$1" <<'PLAN'
<plan name="writes">
  <target name="dut" device="/dev/placeholder"/>
  <workload name="rw" rw="randwrite" bs="4k" iodepth="4" runtime="1s"/>
</plan>
PLAN
}

# expect_refusal WHAT DEVICE MESSAGE ARGS...: ssdbench ARGS exits 1, says MESSAGE on
# stderr, runs no step, and leaves DEVICE byte for byte as it was.
expect_refusal() {
  local what=$1 dev=$2 msg=$3 before rc out
  shift 3
  before=$(devsum "$dev")
  out=$WORK/refusal.$RANDOM
  set +e
  "$SSDBENCH" "$@" > "$out.out" 2> "$out.err"; rc=$?
  set -e
  [ "$rc" = 1 ] || { cat "$out.out" "$out.err"; fail "$what: exit status $rc, want 1"; }
  grep -qF -- "$msg" "$out.err" || { cat "$out.err"; fail "$what: no '$msg' on stderr"; }
  expect_eq "$what: device unchanged" "$(devsum "$dev")" "$before"
  LAST_OUT=$out.out
}

# fake_md: md played by tests/integration/fake/mdadm over three loop devices of
# random 16 MiB images: members $loop1 $loop2, the array's stand-in $loops ($n1 $n2
# $ns their names); the fake first on PATH, its log, mdstat and md folder in $WORK,
# which only ssdbench-fakes reads (need_fakes).
# clean_mdstat empties that mdstat; members prints both members' checksums.
fake_md() {
  local i
  need_fakes
  for i in 1 2 s; do
    random_image "$WORK/m$i.img" 16
    new_loop "loop$i" "$WORK/m$i.img"
  done
  n1=$(basename "$loop1"); n2=$(basename "$loop2"); ns=$(basename "$loops")
  mkdir -p "$WORK/md"
  export PATH="$SRC/tests/integration/fake:$PATH" FAKE_MDADM_LOG=$WORK/mdadm.log \
    FAKE_MD_STANDIN=$loops SSDBENCH_MDSTAT=$WORK/mdstat SSDBENCH_MD_DIR=$WORK/md
}
# fake_raid_plan FILE NAME IDLE LINE...: plan NAME with the LINEs (hosts, targets a
# and b), then a <raid> "md" of a and b: a purge, a write, a read and an idle of IDLE.
fake_raid_plan() {
  local f=$1 name=$2 idle=$3
  shift 3
  {
    echo "<plan name=\"$name\">"
    printf '  %s\n' "$@"
    cat <<SCOPE
  <raid name="md" chunk="64KiB" members="a b">
    <purge name="discard" method="discard"/>
    <workload name="w" rw="randwrite" bs="4k" iodepth="4" runtime="1s"/>
    <workload name="r" rw="randread" bs="4k" iodepth="4" runtime="1s"/>
    <idle name="rest" duration="$idle"/>
  </raid>
</plan>
SCOPE
  } > "$f"
}
# fake_sequence: the mdadm commands of a RAID over $loop1 $loop2 with the fake md, up
# then down.
fake_sequence() {
  printf '%s\n' "--create $WORK/md/ssdbench-md --level=0 --raid-devices=2 --chunk=64K --metadata=1.2 --run --force $loop1 $loop2" \
    "--wait $WORK/md/ssdbench-md" "--detail --export $WORK/md/ssdbench-md" \
    "--stop $WORK/md/ssdbench-md" "--zero-superblock $loop1 $loop2"
}
# fails WHAT LOG [VAR=VALUE...] COMMAND...: the command exits 1, its output in LOG.
fails() {
  local what=$1 log=$2 rc
  shift 2
  set +e; env "$@" > "$log" 2>&1; rc=$?; set -e
  [ "$rc" = 1 ] || { cat "$log"; fail "$what: exit status $rc, want 1"; }
}
# fake_torn_down WHAT: the array is gone, mdstat lists no member, and the members'
# checksums are still $before.
fake_torn_down() {
  check "$1: no array node" test ! -e "$WORK/md/ssdbench-md"
  check "$1: mdstat clean" bash -c "! grep -q md127 '$SSDBENCH_MDSTAT'"
  expect_eq "$1: members unchanged" "$(members)" "$before"
}
# while_runs PID LOG WHAT COMMAND...: polls COMMAND until it succeeds, for as long as
# the run PID (its output in LOG) lives: a loaded machine takes what it takes (ctest's
# timeout bounds the test); a run that ended first fails WHAT, its output shown.
while_runs() {
  local pid=$1 log=$2 what=$3
  shift 3
  until "$@"; do
    if ! kill -0 "$pid" 2> /dev/null; then
      "$@" && return 0
      cat "$log" >&2
      fail "$what: the run ended first"
    fi
    sleep 0.1
  done
}
# journaled DIR STEP: the run in DIR journaled its step STEP.
journaled() { grep -q "\"name\":\"$2\"" "$1/journal.jsonl" 2> /dev/null; }
# fake_interrupted LOG PID OUT: the run PID (its output in LOG, its archive OUT) gets
# SIGINT once its step 'r' is done; it exits 130 (128 + SIGINT), having run the whole mdadm sequence,
# torn down.
fake_interrupted() {
  local rc
  while_runs "$2" "$1" "interrupted: step 'r'" journaled "$3" r
  kill -INT "$2"
  set +e; wait "$2"; rc=$?; set -e
  [ "$rc" = 130 ] || { cat "$1"; fail "interrupted: exit $rc, want 130 (128 + SIGINT)"; }
  expect_eq "interrupted: mdadm sequence" "$(cat "$FAKE_MDADM_LOG")" "$(fake_sequence)"
  torn_down interrupted
}
# fake_resumed LOG PID ARRAY: the resume PID (its output in LOG) of a run killed with
# its array up: interrupted once its new array is up, it said it tore ARRAY down
# first, ran --stop and --zero-superblock before a new --create, and ends torn down.
fake_resumed() {
  while_runs "$2" "$1" "resume: its new array" grep -q "RAID 0 up" "$1"
  kill -INT "$2" 2> /dev/null || { cat "$1" >&2; fail "resume: ended before its new array was up"; }
  set +e; wait "$2"; set -e
  check "resume: says it tears down first" grep -qF "left the array '$3' up: tearing it down first" "$1"
  expect_eq "resume: mdadm sequence" "$(head -2 "$FAKE_MDADM_LOG")" "$(fake_sequence | tail -2)"
  expect_eq "resume: then a new array" "$(sed -n 3p "$FAKE_MDADM_LOG" | cut -d' ' -f1)" --create
  torn_down resume
}
clean_mdstat() { printf 'Personalities : [raid0]\nunused devices: <none>\n' > "$SSDBENCH_MDSTAT"; }
members() { echo "$(devsum "$loop1") $(devsum "$loop2")"; }
