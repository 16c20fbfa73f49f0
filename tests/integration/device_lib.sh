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
# $ns their names); the fake first on PATH, its log, mdstat and md folder in $WORK.
# clean_mdstat empties that mdstat; members prints both members' checksums.
fake_md() {
  local i
  for i in 1 2 s; do
    random_image "$WORK/m$i.img" 16
    new_loop "loop$i" "$WORK/m$i.img"
  done
  n1=$(basename "$loop1"); n2=$(basename "$loop2"); ns=$(basename "$loops")
  mkdir -p "$WORK/md"
  export PATH="$SRC/tests/integration/fake:$PATH" FAKE_MDADM_LOG=$WORK/mdadm.log \
    FAKE_MD_STANDIN=$loops SSDBENCH_MDSTAT=$WORK/mdstat SSDBENCH_MD_DIR=$WORK/md
}
clean_mdstat() { printf 'Personalities : [raid0]\nunused devices: <none>\n' > "$SSDBENCH_MDSTAT"; }
members() { echo "$(devsum "$loop1") $(devsum "$loop2")"; }
