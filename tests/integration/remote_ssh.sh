#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Device steps on a bench over ssh, on loopback: a dry run's ssh command lines match
# a golden file (no sshd needed); then an sshd of the test's own (127.0.0.1, a high
# port, keys and authorized_keys made here) and a fio server act as bench1. A plan
# with a probe, a purge and a workload on a loop device "on bench1": the probe JSON
# in the manifest is the bench's (same as a local probe), the purge ran there (the
# device reads zeros), a wrong --destroy ID is refused by the bench, naming the
# device; hosts check says ssh ok for bench1 and failed for a closed port. A file
# target on bench1: the bench punches its holes and probes it.
. "$(dirname "$0")/remote_lib.sh"

export SSDBENCH_HOST_TIMEOUT_S=10
# The bench's ssdbench is this one, by an absolute path (the ssh session starts in $HOME).
SSDBENCH=$(cd "$(dirname "$SSDBENCH")" && pwd)/$(basename "$SSDBENCH")

# --- the dry run's ssh commands (golden) -------------------------------------------
cat > "$WORK/dry.xml" <<'PLAN'
<plan name="benchdev">
  <host name="bench1" address="127.0.0.1" port="8765" ssh="lab@bench1" ssh-port="2222"
        ssdbench="/opt/ssdbench/bin/ssdbench"/>
  <target name="dut" device="/dev/loop7" host="bench1"/>
  <probe name="id"/>
  <purge name="clean" method="discard"/>
  <workload name="rr" rw="randread" bs="4k" runtime="1s" telemetry="1s"/>
</plan>
PLAN
env -u SSDBENCH_SSH "$SSDBENCH" run "$WORK/dry.xml" --dry-run --destroy loop7 \
  --out "$WORK/dry" > "$WORK/dry.out" 2> "$WORK/dry.err" ||
  { cat "$WORK/dry.out" "$WORK/dry.err" >&2; fail "dry run"; }
# The lock names its holder: this machine and the archive (made the same here).
sed -n '/^on host /,/^step /p' "$WORK/dry.out" | sed '$d' |
  sed "s|--holder $(hostname):$WORK/dry |--holder CONTROLLER:ARCHIVE |" > "$WORK/dry.cmds"
diff -u "$SRC/tests/integration/golden/remote_ssh_dry_run.txt" "$WORK/dry.cmds" ||
  fail "the dry run's ssh commands differ from the golden file"
check "the dry run ran nothing" test ! -e "$WORK/dry/manifest.json"

# A <raid> on a bench: its dry run prints `raid up` and `raid down` for the bench and
# runs nothing (remote_raid.sh runs one); members on two machines are refused.
cat > "$WORK/raid.xml" <<'PLAN'
<plan name="benchraid">
  <host name="bench1" address="127.0.0.1" ssh="bench1"/>
  <target name="a" device="/dev/loop6" host="bench1"/>
  <target name="b" device="/dev/loop7" host="bench1"/>
  <raid name="md" chunk="64KiB" members="a b">
    <workload name="r" rw="randread" bs="4k" runtime="1s"/>
  </raid>
</plan>
PLAN
run_rc "$WORK/raid.out" "$WORK/raid.err" "$SSDBENCH" run "$WORK/raid.xml" --dry-run \
  --destroy loop6 --destroy loop7 --out "$WORK/raid"
expect_eq "RAID on a bench: exit code" "$rc" 0
check "RAID on a bench: raid up there" grep -q "^  on host 'bench1' over ssh: .* bench1 ssdbench raid up md --member /dev/loop6 --member /dev/loop7 --chunk 64KiB --destroy loop6 --destroy loop7 --lock-token TOKEN --json$" "$WORK/raid.out"
check "RAID on a bench: raid down there" grep -q "^  on host 'bench1' over ssh: .* bench1 ssdbench raid down md --member /dev/loop6 --member /dev/loop7 --chunk 64KiB --lock-token TOKEN --json$" "$WORK/raid.out"
check "RAID on a bench: nothing run" test ! -e "$WORK/raid"
run_rc "$WORK/raid.out" "$WORK/raid.err" "$SSDBENCH" run "$WORK/raid.xml" --dry-run \
  --target b=/dev/loop7 --destroy loop6 --destroy loop7 --out "$WORK/raid"
expect_eq "RAID over two machines: exit code" "$rc" 2
check "RAID over two machines: why" grep -qx "$WORK/raid.xml:4: error: RAID members must all be on one machine: 'a' is on host 'bench1', 'b' on this machine" "$WORK/raid.err"

# --- an sshd of our own ---------------------------------------------------------------
start_sshd remote_ssh "the dry run's commands matched the golden file"

pf=$(free_port)
while [ "$pf" = "$port" ] || [ "$pf" = "$closed" ]; do pf=$(free_port); done
start_server bench1 "$pf"

# --- hosts check ----------------------------------------------------------------------
run_rc "$WORK/h.log" "$WORK/h.err" "$SSDBENCH" hosts check --ssh \
  --host bench1=127.0.0.1:"$pf",ssh=bench1,ssdbench="$SSDBENCH" \
  --host shut=127.0.0.1:"$pf",ssh=closed,ssdbench="$SSDBENCH"
expect_eq "hosts check, one ssh closed: exit code" "$rc" 1
version=$("$SSDBENCH" --version | sed -n 's/^ssdbench //p')
check "bench1: ssh ok, same ssdbench" grep -qx "  ssh:        ok: ssdbench $version there, the same version as here" "$WORK/h.log"
check "shut: ssh failed, and why" grep -q "^  ssh:        failed: cannot reach host 'shut' over ssh (closed): ssh: connect to host 127.0.0.1 port $closed: Connection refused" "$WORK/h.log"
check "summary" grep -qx "2 hosts: 1 ok, 1 failed: 'shut'" "$WORK/h.log"

# --- a file target on bench1: probe and purge (hole punch) over ssh -----------------------
ft=$WORK/bench1/f.bin
cat > "$WORK/fplan.xml" <<PLAN
<plan name="benchfile">
  <host name="bench1" address="127.0.0.1" port="$pf" ssh="bench1" ssdbench="$SSDBENCH"/>
  <target name="dut" file="f.bin" size="16MiB" host="bench1"/>
  <precondition name="fill" pattern="seq" bs="1m" amount="1x"/>
  <purge name="clean" method="auto"/>
  <probe name="id"/>
</plan>
PLAN
run_rc "$WORK/f.log" "$WORK/f.err" "$SSDBENCH" run "$WORK/fplan.xml" --out "$WORK/fout" \
  --target dut=bench1:file:"$ft",size=16MiB
[ "$rc" = 0 ] || { cat "$WORK/f.log" "$WORK/f.err" >&2; fail "file run on bench1: $rc"; }
expect_eq "file: purge method" "$(jq -r .method "$WORK/fout/steps/002-clean/purge.json")" punch-holes
expect_eq "file: holes punched by the bench (blocks)" "$(stat -c %b "$ft")" 0
expect_eq "file: probe size" "$(jq -r .size_bytes "$WORK/fout/steps/003-id/probe.json")" 16777216
expect_eq "file: probe host" "$(jq -r .host "$WORK/fout/steps/003-id/probe.json")" bench1

# --- a run on a loop device of bench1 ---------------------------------------------------
if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null; then
  echo "remote_ssh: ok, without the loop device part (it needs root and losetup)"
  exit 0
fi
img=$WORK/disk.img
head -c $((64 * 1048576)) /dev/urandom > "$img"
loop=$(losetup --find --show "$img" 2>/dev/null) || { echo "skipped (no free loop device)"; exit 77; }
cleanup_hooks+=("losetup -d '$loop'")
name=$(basename "$loop")
"$SSDBENCH" probe "$loop" --json > "$WORK/local.json"

cat > "$WORK/plan.xml" <<PLAN
<plan name="benchdev">
  <host name="bench1" address="127.0.0.1" port="$pf" ssh="bench1" ssdbench="$SSDBENCH"/>
  <target name="dut" device="$loop" host="bench1"/>
  <probe name="id"/>
  <purge name="clean" method="discard"/>
  <workload name="rr" rw="randread" bs="4k" runtime="1s" telemetry="1s"/>
</plan>
PLAN

# A wrong --destroy ID: the bench refuses, naming the device; nothing is written.
before=$(sha256sum < "$loop")
run_rc "$WORK/w.log" "$WORK/w.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/wrong" \
  --destroy loop999
expect_eq "wrong --destroy: exit code" "$rc" 1
check "the bench's refusal names the device" grep -q "host 'bench1' (ssh bench1) says: refusing to destroy '$loop': --destroy 'loop999' does not match its identity '$name'" "$WORK/w.err"
check "the bench's checks are shown" grep -q "checks for '$loop' on host 'bench1':" "$WORK/w.log"
expect_eq "wrong --destroy: device unchanged" "$(sha256sum < "$loop")" "$before"

out=$WORK/out
run_rc "$WORK/run.log" "$WORK/run.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$out" \
  --destroy "$name"
[ "$rc" = 0 ] || { cat "$WORK/run.log" "$WORK/run.err" "$S/sshd.log" >&2; fail "run on bench1: $rc"; }
m=$out/manifest.json
expect_eq "status" "$(jq -r .status "$m")" complete
expect_eq "host" "$(jq -r .target.host.name "$m")" bench1
expect_eq "probe host" "$(jq -r .target.before.host "$m")" bench1
for k in size_bytes logical_block_bytes physical_block_bytes kernel_name identity; do
  expect_eq "manifest probe $k as a local probe's" "$(jq -r ".target.before.$k" "$m")" "$(jq -r ".$k" "$WORK/local.json")"
  expect_eq "probe step $k" "$(jq -r ".$k" "$out/steps/001-id/probe.json")" "$(jq -r ".$k" "$WORK/local.json")"
done
expect_eq "purge method" "$(jq -r .method "$out/steps/002-clean/purge.json")" discard
check "the bench said it purged" grep -q "bench1: purged '$loop' with discard in" "$WORK/run.log"
check "the run locked the device on the bench" grep -qx "locked '$loop' on host 'bench1' for the run" "$WORK/run.log"
check "the bench's lock ended with the run" flock -n "$loop" true
expect_zero_blocks "$loop" $((64 * 256)) 30 "after the bench's purge"
expect_eq "backing file deallocated (blocks)" "$(stat -c %b "$img")" 0
check "the workload ran through fio's server" jq -e '.client_stats[0].read.io_bytes > 0' "$out/steps/003-rr/fio.json" > /dev/null
check "telemetry sampled over ssh" test "$(wc -l < "$out/steps/003-rr/telemetry.csv")" -ge 2
"$SSDBENCH" verify "$out" > /dev/null || fail "verify"
echo "remote_ssh: ok"
