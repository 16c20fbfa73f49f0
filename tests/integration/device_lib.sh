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
