#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hardware over-provisioning (<op method="hpa"|"namespace">) run live on a loop
# device this test creates, which answers as a SATA drive with an HPA, an ACS-4
# drive with AMAC, or an NVMe namespace through the TEST-ONLY hook
# SSDBENCH_FAKE_DRIVE (tests/fakes/fakedrive.h): SET MAX and namespace create
# really shrink the loop device. Checks the size during the scope, the restore
# after it, after a failed step, after a failed command, after Ctrl-C and at
# resume after SIGKILL, the refusal of a drive whose serial changed, and that
# --dry-run touches nothing.
. "$(dirname "$0")/device_lib.sh"
need_root device_hwop

# 60 MiB + 12 KiB: 122904 sectors of 512 B, 15363 blocks of 4 KiB; 28 % OP does
# not divide it evenly, so the rounding is checked too.
raw=$((60 * 1048576 + 12288))
random_image "$WORK/disk.img" 61   # every byte allocated, to see the discard
truncate -s "$raw" "$WORK/disk.img"
new_loop loop "$WORK/disk.img"
# What hwop_hpa_max_lba and hwop_ns_blocks compute: op_usable_bytes(raw, 2800, 4096).
usable=$(( (raw / 12800 * 10000 + raw % 12800 * 10000 / 12800) / 4096 * 4096 ))
expect_eq "the expected size" "$usable" 49160192
state=$WORK/drive.state
export SSDBENCH_FAKE_DRIVE=$state
ata() { printf 'type=%s\nserial=FAKE-ATA-1\nmodel=Fake SATA SSD\nfirmware=1.0\n%s\n' "${1:-ata}" "${2:-}" > "$state"; }
nvme() { printf 'type=nvme\nserial=FAKE-NVME-1\nmodel=Fake NVMe SSD\nfirmware=2.0\nlba=4096\nnsid=1\ncntlid=7\n%s\n' "${1:-}" > "$state"; }
size() { blockdev --getsize64 "$loop"; }

plan() {   # plan FILE METHOD IDLE [EXTRA STEP]
  cat > "$1" <<PLAN
<plan name="hwop">
  <target name="dut" device="/dev/placeholder"/>
  <op name="op28" percent="28%" method="$2">
    <probe name="size"/>
    <workload name="w" rw="randwrite" bs="4k" iodepth="4" runtime="1s"/>
    ${4:-}
    <idle name="rest" duration="$3"/>
  </op>
</plan>
PLAN
}
# runs WHAT WANT LOG ARGS...: ssdbench ARGS exits WANT, output in LOG.
runs() {
  local what=$1 want=$2 log=$3 rc
  shift 3
  set +e; "$SSDBENCH" "$@" > "$log" 2>&1; rc=$?; set -e
  [ "$rc" = "$want" ] || { cat "$log"; fail "$what: exit status $rc, want $want"; }
}
events() { jq -r 'select(.event | test("capacity|resume")) | .event' "$1/journal.jsonl" | paste -sd,; }
# zeros FROM LEN: the backing file holds only zeros there (random before the discard).
zeros() {
  sync "$WORK/disk.img"
  dd if="$WORK/disk.img" bs=4096 skip=$(($1 / 4096)) count=$(($2 / 4096)) status=none |
    cmp -s - <(head -c "$2" /dev/zero)
}

# 1. --dry-run: the commands, nothing touched.
ata
plan "$WORK/hpa.xml" hpa 1s
before=$(devsum "$loop")
runs "dry run" 0 "$WORK/dry.log" run "$WORK/hpa.xml" -t "dut=$loop" --destroy FAKE-ATA-1 \
  --allow-capacity-change --dry-run --out "$WORK/dry"
check "dry run: read native max" grep -q "CDB 85 07 20 00 00 00 00 00 00 00 00 00 00 40 27 00 (READ NATIVE MAX ADDRESS EXT)" "$WORK/dry.log"
check "dry run: set max" grep -q "(SET MAX ADDRESS EXT, volatile, last LBA $((usable / 512 - 1)) of $((raw / 512 - 1)))" "$WORK/dry.log"
check "dry run: no archive" test ! -e "$WORK/dry"
expect_eq "dry run: device unchanged" "$(devsum "$loop")" "$before"
expect_eq "dry run: size unchanged" "$(size)" "$raw"
runs "with --op" 2 "$WORK/op.log" run "$WORK/hpa.xml" -t "dut=$loop" --op 7 \
  --destroy FAKE-ATA-1 --allow-capacity-change --dry-run
check "with --op: why" grep -q "use one or the other" "$WORK/op.log"
# A drive on a bench is refused: the commands would go to this machine's node.
runs "bench target" 2 "$WORK/bench.log" run "$WORK/hpa.xml" --host b=127.0.0.1 -t "dut=b:$loop" \
  --destroy FAKE-ATA-1 --allow-capacity-change --dry-run
check "bench target: why" grep -q "resizes a drive on this machine; the target is on host 'b'" "$WORK/bench.log"

# 2. HPA 28 %: the scope's steps see the smaller drive, the capacity comes back.
runs "hpa" 0 "$WORK/hpa.log" run "$WORK/hpa.xml" -t "dut=$loop" --destroy FAKE-ATA-1 \
  --allow-capacity-change --out "$WORK/hpa"
m=$WORK/hpa/manifest.json
expect_eq "hpa: size in the scope" "$(jq .size_bytes "$WORK/hpa/steps/002-size/probe.json")" "$usable"
expect_eq "hpa: size after" "$(size)" "$raw"
expect_eq "hpa: manifest sizes" "$(jq -c '.target.capacity | [.old_size, .new_size, .restored_size, .set, .restored, .simulated]' "$m")" \
  "[$raw,$usable,$raw,$((usable / 512 - 1)),true,true]"
expect_eq "hpa: commands" "$(jq -r '[.target.capacity.commands[] | .command + " " + .args] | join(",")' "$m")" \
  "READ NATIVE MAX ADDRESS EXT ,READ NATIVE MAX ADDRESS EXT ,SET MAX ADDRESS EXT last LBA $((usable / 512 - 1)),READ NATIVE MAX ADDRESS EXT ,SET MAX ADDRESS EXT last LBA $((raw / 512 - 1))"
check "hpa: durations" jq -e '.target.capacity | .change_seconds > 0 and .restore_seconds > 0 and (.commands | all(.seconds >= 0))' "$m"
expect_eq "hpa: journal" "$(events "$WORK/hpa")" capacity-change,capacity-restored
expect_eq "hpa: restore record" "$(jq -c 'select(.event == "capacity-change") | .restore | [.identity, .native_max, .lba_bytes]' "$WORK/hpa/journal.jsonl")" \
  "[\"FAKE-ATA-1\",$((raw / 512 - 1)),512]"
expect_eq "hpa: statuses" "$(jq -r '[.steps[].status] | join(",")' "$m")" ok,ok,ok,ok
# The discard zeroed the drive; the steps wrote only below the shrunk end.
check "hpa: nothing written past the shrunk end" zeros "$usable" $((raw - usable))
if zeros 0 "$usable"; then fail "hpa: the steps wrote nothing"; fi

# 3. ACS-4 AMAC instead of the HPA feature set: GET NATIVE MAX / SET ACCESSIBLE MAX.
ata ata-amac
runs "amac" 0 "$WORK/amac.log" run "$WORK/hpa.xml" -t "dut=$loop" --destroy FAKE-ATA-1 \
  --allow-capacity-change --out "$WORK/amac"
expect_eq "amac: size in the scope" "$(jq .size_bytes "$WORK/amac/steps/002-size/probe.json")" "$usable"
expect_eq "amac: size after" "$(size)" "$raw"
expect_eq "amac: commands" "$(jq -r '[.target.capacity.commands[].command] | unique | join(",")' "$WORK/amac/manifest.json")" \
  "GET NATIVE MAX ADDRESS EXT,SET ACCESSIBLE MAX ADDRESS EXT"

# 4. NVMe namespace, 4 KiB blocks: detach, delete, create smaller, attach; and back.
nvme
plan "$WORK/ns.xml" namespace 1s
runs "namespace" 0 "$WORK/ns.log" run "$WORK/ns.xml" -t "dut=$loop" --destroy FAKE-NVME-1 \
  --allow-capacity-change --out "$WORK/ns"
m=$WORK/ns/manifest.json
expect_eq "namespace: size in the scope" "$(jq .size_bytes "$WORK/ns/steps/002-size/probe.json")" "$usable"
expect_eq "namespace: size after" "$(size)" "$raw"
expect_eq "namespace: commands" "$(jq -r '[.target.capacity.commands[] | .command + " " + .args] | join(",")' "$m")" \
  "Identify Controller CNS 01h,Identify Namespace CNS 00h,namespace detach NSID 1, controller 7,namespace delete NSID 1, controller 7,namespace create NSZE $((usable / 4096)), FLBAS 0,namespace attach NSID 1, controller 7,namespace detach NSID 1, controller 7,namespace delete NSID 1, controller 7,namespace create NSZE $((raw / 4096)), FLBAS 0,namespace attach NSID 1, controller 7"
expect_eq "namespace: journal" "$(events "$WORK/ns")" capacity-change,capacity-restored

# 5. A step that fails (it reaches past the shrunk end): restored, the run fails.
ata
plan "$WORK/bad.xml" hpa 1s '<workload name="tail" rw="randwrite" bs="4k" offset="56MiB" size="4MiB" runtime="1s"/>'
runs "failed step" 1 "$WORK/bad.log" run "$WORK/bad.xml" -t "dut=$loop" --destroy FAKE-ATA-1 \
  --allow-capacity-change --out "$WORK/bad"
check "failed step: why" grep -q "error: step 'tail' failed" "$WORK/bad.log"
check "failed step: restored" grep -q "op28: '$loop' has its $raw bytes back" "$WORK/bad.log"
expect_eq "failed step: size after" "$(size)" "$raw"
expect_eq "failed step: journal" "$(events "$WORK/bad")" capacity-change,capacity-restored

# 6. SET MAX fails on the drive: no step runs, the restore still does.
ata ata fail=set-max
runs "failed set max" 1 "$WORK/setmax.log" run "$WORK/hpa.xml" -t "dut=$loop" --destroy FAKE-ATA-1 \
  --allow-capacity-change --out "$WORK/setmax"
check "failed set max: why" grep -q "SET MAX ADDRESS EXT (ATA command 37h) on '$loop' failed: status 51h, error 04h (ABRT: the drive refused it)" "$WORK/setmax.log"
expect_eq "failed set max: size" "$(size)" "$raw"
expect_eq "failed set max: journal" "$(events "$WORK/setmax")" capacity-change,capacity-restored
expect_eq "failed set max: statuses" "$(jq -r '[.steps[].status] | join(",")' "$WORK/setmax/manifest.json")" ok,failed,pending,pending

# 7. The restore fails: the run says so and the journal keeps the record open.
nvme fail-restore=ns-create
runs "failed restore" 1 "$WORK/norestore.log" run "$WORK/ns.xml" -t "dut=$loop" --destroy FAKE-NVME-1 \
  --allow-capacity-change --out "$WORK/norestore"
check "failed restore: why" grep -q "namespace create (NVMe admin opcode 0dh) on '$loop' failed: status 0x6" "$WORK/norestore.log"
expect_eq "failed restore: journal" "$(events "$WORK/norestore")" capacity-change
# ... and resume gives it back first, once the drive takes the command again.
nvme
runs "resume after a failed restore" 0 "$WORK/norestore-resume.log" resume "$WORK/norestore" \
  -t "dut=$loop" --destroy FAKE-NVME-1 --allow-capacity-change
check "resume: restores first" grep -q "the run left '$loop' (FAKE-NVME-1) resized: giving its capacity back first" "$WORK/norestore-resume.log"
expect_eq "resume after a failed restore: size" "$(size)" "$raw"
expect_eq "resume after a failed restore: manifest" \
  "$(jq -c '.target.capacity | [.recovered, .restored, .restored_size, .restore.nsze]' "$WORK/norestore/manifest.json")" \
  "[true,true,$raw,$((raw / 4096))]"

# 8. Ctrl-C inside the scope: the capacity comes back before ssdbench exits.
ata
plan "$WORK/long.xml" hpa 30s
"$SSDBENCH" run "$WORK/long.xml" -t "dut=$loop" --destroy FAKE-ATA-1 --allow-capacity-change \
  --out "$WORK/int" > "$WORK/int.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q '"name":"w"' "$WORK/int/journal.jsonl" 2>/dev/null && break; sleep 0.2; done
expect_eq "interrupted: shrunk while it runs" "$(size)" "$usable"
kill -INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" = 130 ] || { cat "$WORK/int.log"; fail "interrupted: exit $rc, want 130 (128 + SIGINT)"; }
expect_eq "interrupted: size after" "$(size)" "$raw"
expect_eq "interrupted: journal" "$(events "$WORK/int")" capacity-change,capacity-restored

# 9. SIGKILL inside the scope: the drive stays shrunk; resume refuses another
#    drive, then gives the capacity back before anything else.
"$SSDBENCH" run "$WORK/long.xml" -t "dut=$loop" --destroy FAKE-ATA-1 --allow-capacity-change \
  --out "$WORK/kill" > "$WORK/kill.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q '"name":"w"' "$WORK/kill/journal.jsonl" 2>/dev/null && break; sleep 0.2; done
kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
expect_eq "killed: still shrunk" "$(size)" "$usable"
sed -i 's/^serial=.*/serial=OTHER-DRIVE/' "$state"
runs "another drive" 1 "$WORK/other.log" resume "$WORK/kill" -t "dut=$loop" --destroy FAKE-ATA-1 --allow-capacity-change
check "another drive: why" grep -q "refusing to give the capacity back to '$loop': it is 'OTHER-DRIVE' now, the restore record is for the drive 'FAKE-ATA-1'" "$WORK/other.log"
expect_eq "another drive: untouched" "$(size)" "$usable"
ata
"$SSDBENCH" resume "$WORK/kill" -t "dut=$loop" --destroy FAKE-ATA-1 --allow-capacity-change > "$WORK/resume.log" 2>&1 &
pid=$!
# The resumed idle runs 30 s inside the re-shrunk scope; interrupt it once it started.
for _ in $(seq 100); do grep -q "is now $usable bytes" "$WORK/resume.log" 2>/dev/null && break; sleep 0.2; done
kill -INT "$pid"
set +e; wait "$pid"; set -e
check "resume: restores first" grep -q "the run left '$loop' (FAKE-ATA-1) resized: giving its capacity back first" "$WORK/resume.log"
expect_eq "resume: journal" "$(events "$WORK/kill")" capacity-change,capacity-restored,resume,capacity-change,capacity-restored
expect_eq "resume: size after" "$(size)" "$raw"
expect_eq "resume: manifest" "$(jq -c '.target.capacity | [.recovered, .restored, .new_size]' "$WORK/kill/manifest.json")" \
  "[true,true,$usable]"

# 10. The shipped testplans/op-hpa.xml in its smoke form on the same drive, and its
#     report under the wording check in both Chinese languages, every format at once:
#     no step name, scope name or fio term of the plan in a Chinese output.
ata
runs "op-hpa.xml" 0 "$WORK/ship.log" run "$SRC/testplans/op-hpa.xml" --set smoke=1 -t "dut=$loop" \
  --destroy FAKE-ATA-1 --allow-capacity-change --out "$WORK/ship"
expect_eq "op-hpa.xml: size after" "$(size)" "$raw"
expect_eq "op-hpa.xml: statuses" "$(jq -r '[.steps[].status] | join(",")' "$WORK/ship/manifest.json")" ok,ok,ok,ok
for l in zh-TW zh-CN; do
  mkdir -p "$WORK/w-$l"
  runs "op-hpa.xml: wording $l" 0 "$WORK/w-$l.log" report "$WORK/ship" --lang $l -o "$WORK/w-$l/r.pdf" \
    --svg "$WORK/w-$l/svg" --png "$WORK/w-$l/png" --html "$WORK/w-$l/html" --xlsx "$WORK/w-$l/r.xlsx" --check-wording
  check "op-hpa.xml: $l pdf" test -s "$WORK/w-$l/r.pdf"
  check "op-hpa.xml: $l workbook" test -s "$WORK/w-$l/r.xlsx"
done
echo "device_hwop: the shipped op-hpa.xml passes the wording check in zh-TW and zh-CN"
echo "device_hwop: ok"
