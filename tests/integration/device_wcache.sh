#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# write-cache="off|on|as-is": not applicable on a file and a plain loop device
# (nothing sent, never an error); on a loop device this test creates, playing an
# NVMe or SATA drive through the TEST-ONLY SSDBENCH_FAKE_DRIVE (whose write cache
# is the loop device's own queue/write_cache), the cache is off while the steps
# run and on again after them, after a failed step, after Ctrl-C, and at resume
# after SIGKILL (then off again for the steps left); a drive without one is
# refused by check --target, the dry run and the run alike.
. "$(dirname "$0")/device_lib.sh"
need_root device_wcache

truncate -s 64M "$WORK/disk.img"
new_loop loop "$WORK/disk.img"
wc=/sys/block/$(basename "$loop")/queue/write_cache
check "the loop device has a write cache setting" test -w "$wc"
echo "write back" > "$wc"
state=$WORK/drive.state
nvme() { printf 'type=nvme\nserial=FAKE-NVME-1\nmodel=Fake NVMe SSD\nfirmware=2.0\n%s\n' "${1:-}" > "$state"; }
ata() { printf 'type=ata\nserial=FAKE-ATA-1\nmodel=Fake SATA SSD\nfirmware=1.0\n%s\n' "${1:-}" > "$state"; }
runs() {   # runs WHAT WANT LOG ARGS...: ssdbench ARGS exits WANT, output in LOG.
  local what=$1 want=$2 log=$3 rc
  shift 3
  set +e; "$SSDBENCH" "$@" > "$log" 2>&1; rc=$?; set -e
  [ "$rc" = "$want" ] || { cat "$log"; fail "$what: exit status $rc, want $want"; }
}
events() { jq -r 'select(.event | test("write-cache|resume")) | .event' "$1/journal.jsonl" | paste -sd,; }
states() { jq -r '[.steps[].write_cache] | join(",")' "$1/manifest.json"; }
# turns STATE WHAT: the loop's queue/write_cache comes to show STATE (bounded, 30 s).
turns() {
  for _ in $(seq 150); do [ "$(cat "$wc")" = "$1" ] && break; sleep 0.2; done
  expect_eq "$2" "$(cat "$wc")" "$1"
}
plan() {   # plan FILE IDLE [STEP]: off for the plan, on for a round scope inside
  cat > "$1" <<PLAN
<plan name="wcache" write-cache="off">
  <target name="dut" device="/dev/placeholder"/>
  <workload name="w" rw="randwrite" bs="4k" iodepth="4" runtime="1s"/>
  <rounds name="r" until="max" max="1" write-cache="on">
    <workload name="rw" rw="randwrite" bs="4k" runtime="1s"/>
  </rounds>
  ${3:-}
  <idle name="rest" duration="$2"/>
</plan>
PLAN
}
plan "$WORK/p.xml" 1s
plan "$WORK/long.xml" 30s

# 1. A file: not applicable, nothing sent, the run as usual.
sed 's|<target name="dut" device="/dev/placeholder"/>|<target name="dut" file="t.bin" size="16MiB"/>|' \
  "$WORK/p.xml" > "$WORK/file.xml"
runs "check a file" 0 "$WORK/check-file.log" check "$WORK/file.xml"
runs "file" 0 "$WORK/file.log" run "$WORK/file.xml" --out "$WORK/file"
expect_eq "file: manifest" "$(jq -c '.target.write_cache | [.method, .reason, .asked, .before, .set, .commands]' "$WORK/file/manifest.json")" \
  '["not applicable","a file","off",null,[],[]]'
expect_eq "file: elements" "$(states "$WORK/file")" "not applicable,not applicable,not applicable"
expect_eq "file: journal" "$(events "$WORK/file")" ""

# 2. A loop device without the fake drive: not applicable either, its setting untouched.
echo "write through" > "$wc"
runs "plain loop" 0 "$WORK/loop.log" run "$WORK/p.xml" -t "dut=$loop" --destroy "$(basename "$loop")" --out "$WORK/loop"
expect_eq "plain loop: method" "$(jq -r '.target.write_cache.reason' "$WORK/loop/manifest.json")" "a loop device"
expect_eq "plain loop: untouched" "$(cat "$wc")" "write through"
echo "write back" > "$wc"

export SSDBENCH_FAKE_DRIVE=$state
# 3. The dry run: every command, nothing sent.
nvme
runs "dry run" 0 "$WORK/dry.log" run "$WORK/p.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --dry-run --out "$WORK/dry"
check "dry run: disable" grep -q "disable (Set Features, WCE 0): NVME_IOCTL_ADMIN_CMD opcode 0x09 nsid 0 cdw10 0x00000006 cdw11 0x00000000" "$WORK/dry.log"
check "dry run: enable in the scope" grep -q "write cache on before step 2 'rw'" "$WORK/dry.log"
check "dry run: at the end" grep -q "write cache at the end: set back to the state read before (on now)" "$WORK/dry.log"
expect_eq "dry run: nothing sent" "$(cat "$wc")" "write back"
check "dry run: no archive" test ! -e "$WORK/dry"

# 4. NVMe: off for the plan, on in the scope, off again, on after the run.
"$SSDBENCH" run "$WORK/p.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --out "$WORK/nvme" > "$WORK/nvme.log" 2>&1
m=$WORK/nvme/manifest.json
expect_eq "nvme: after" "$(cat "$wc")" "write back"
expect_eq "nvme: manifest" "$(jq -c '.target.write_cache | [.method, .simulated, .present, .before, .set, .now, .restored, .kernel_after]' "$m")" \
  '["nvme",true,true,"on",["off","on"],"on",true,"write back"]'
expect_eq "nvme: commands" "$(jq -r '[.target.write_cache.commands[] | .command + " " + .args] | join(",")' "$m")" \
  "Get Features FID 06h,Set Features FID 06h, WCE 0,Get Features FID 06h,Set Features FID 06h, WCE 1,Get Features FID 06h,Set Features FID 06h, WCE 0,Get Features FID 06h,Set Features FID 06h, WCE 1,Get Features FID 06h"
expect_eq "nvme: elements" "$(states "$WORK/nvme")" "off,on,off"
expect_eq "nvme: journal" "$(events "$WORK/nvme")" \
  write-cache-change,write-cache-restored,write-cache-change,write-cache-restored
expect_eq "nvme: probe before" "$(jq -c '.target.before.write_cache' "$m")" '{"present":true,"enabled":true,"kernel":"write back"}'

# 5. SATA: a step that fails (it verifies data that fio never wrote): set back.
ata
plan "$WORK/bad.xml" 1s '<workload name="bad" rw="write" bs="4k" size="1MiB" time_based="0"><fio option="verify" value="md5"/><fio option="verify_only"/></workload>'
runs "failed step" 1 "$WORK/bad.log" run "$WORK/bad.xml" -t "dut=$loop" --destroy FAKE-ATA-1 --out "$WORK/bad"
check "failed step: why" grep -q "step 'bad' failed" "$WORK/bad.log"
expect_eq "failed step: after" "$(cat "$wc")" "write back"
expect_eq "failed step: journal" "$(events "$WORK/bad")" \
  write-cache-change,write-cache-restored,write-cache-change,write-cache-restored
expect_eq "failed step: commands" "$(jq -r '[.target.write_cache.commands[].command] | unique | join(",")' "$WORK/bad/manifest.json")" \
  "IDENTIFY DEVICE,SET FEATURES"

# ... and a Set Features the drive refuses: the run stops before its first step, and
# the state found is set again (the record closed).
nvme fail=write-cache-off
runs "refused set" 1 "$WORK/noset.log" run "$WORK/p.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --out "$WORK/noset"
check "refused set: why" grep -q "Set Features, Volatile Write Cache (NVMe admin opcode 09h) on '$loop' failed: status 0x6" "$WORK/noset.log"
expect_eq "refused set: statuses" "$(jq -r '[.steps[].status] | join(",")' "$WORK/noset/manifest.json")" pending,pending,pending
expect_eq "refused set: journal" "$(events "$WORK/noset")" write-cache-change,write-cache-restored
expect_eq "refused set: state" "$(cat "$wc")" "write back"
ata

# 6. Ctrl-C during the idle step: on again before ssdbench exits.
"$SSDBENCH" run "$WORK/long.xml" -t "dut=$loop" --destroy FAKE-ATA-1 --out "$WORK/int" > "$WORK/int.log" 2>&1 &
pid=$!
for _ in $(seq 150); do grep -q '"name":"rw"' "$WORK/int/journal.jsonl" 2>/dev/null && break; sleep 0.2; done
turns "write through" "interrupted: off while it runs"
kill -INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" = 130 ] || { cat "$WORK/int.log"; fail "interrupted: exit $rc, want 130 (128 + SIGINT)"; }
expect_eq "interrupted: after" "$(cat "$wc")" "write back"
expect_eq "interrupted: restored" "$(jq -c '.target.write_cache | [.restored, .now]' "$WORK/int/manifest.json")" '[true,"on"]'

# 7. SIGKILL: left off; resume sets it back first, then off again for the idle step.
"$SSDBENCH" run "$WORK/long.xml" -t "dut=$loop" --destroy FAKE-ATA-1 --out "$WORK/kill" > "$WORK/kill.log" 2>&1 &
pid=$!
for _ in $(seq 150); do grep -q '"name":"rw"' "$WORK/kill/journal.jsonl" 2>/dev/null && break; sleep 0.2; done
turns "write through" "killed: off while it runs"
kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
expect_eq "killed: still off" "$(cat "$wc")" "write through"
sed -i 's/^serial=.*/serial=OTHER-DRIVE/' "$state"
runs "another drive" 1 "$WORK/other.log" resume "$WORK/kill" -t "dut=$loop" --destroy FAKE-ATA-1
check "another drive: why" grep -q "refusing to set the write cache of '$loop': it is 'OTHER-DRIVE' now" "$WORK/other.log"
expect_eq "another drive: untouched" "$(cat "$wc")" "write through"
ata
"$SSDBENCH" resume "$WORK/kill" -t "dut=$loop" --destroy FAKE-ATA-1 > "$WORK/resume.log" 2>&1 &
pid=$!
for _ in $(seq 150); do grep -q "off, was on" "$WORK/resume.log" 2>/dev/null && break; sleep 0.2; done
expect_eq "resume: off again for the idle step" "$(cat "$wc")" "write through"
kill -INT "$pid"
set +e; wait "$pid"; set -e
check "resume: sets it back first" grep -q "the run left the write cache of '$loop' (FAKE-ATA-1) set: setting it back to on first" "$WORK/resume.log"
expect_eq "resume: after" "$(cat "$wc")" "write back"
expect_eq "resume: journal" "$(events "$WORK/kill")" \
  write-cache-change,write-cache-restored,write-cache-change,write-cache-restored,resume,write-cache-change,write-cache-restored
expect_eq "resume: manifest" "$(jq -c '.target.write_cache | [.recovered, .restored, .before]' "$WORK/kill/manifest.json")" '[true,true,"on"]'

# 8. A drive without a volatile write cache: a plan that asks for on somewhere is
# refused by check, the dry run and the run ...
nvme vwc=0
why="write-cache=\"on\": '$loop' has no volatile write cache (Identify Controller VWC, byte 525 bit 0, is 0)"
runs "no cache: check" 2 "$WORK/nocheck.log" check "$WORK/p.xml" -t "dut=$loop"
check "no cache: check says why" grep -qF "$why" "$WORK/nocheck.log"
runs "no cache: dry run" 2 "$WORK/nodry.log" run "$WORK/p.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --dry-run
check "no cache: dry run says why" grep -qF "result: REFUSED: $why" "$WORK/nodry.log"
runs "no cache: run" 2 "$WORK/norun.log" run "$WORK/p.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --out "$WORK/norun"
check "no cache: run says why" grep -qF "error: $why" "$WORK/norun.log"
check "no cache: nothing ran" test ! -e "$WORK/norun/steps/001-w"
# ... one that asks for off only runs: the drive writes through already (WCD), nothing
# is sent, every step says off.
sed 's/ write-cache="on"//' "$WORK/p.xml" > "$WORK/off.xml"
runs "no cache: off only, dry run" 0 "$WORK/offdry.log" run "$WORK/off.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --dry-run
check "no cache: the dry run says why nothing is sent" grep -qF "'$loop' has no volatile write cache: off already, nothing is sent" "$WORK/offdry.log"
runs "no cache: off only" 0 "$WORK/off.log" run "$WORK/off.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --out "$WORK/off"
expect_eq "off only: nothing sent" "$(jq -c '.target.write_cache | [.method, .present, .commands, .changed // false]' "$WORK/off/manifest.json")" '["nvme",false,[],false]'
expect_eq "off only: elements" "$(states "$WORK/off")" "off,off,off"
"$SSDBENCH" report "$WORK/off" --lang en -o "$WORK/off.pdf" > /dev/null || fail "report off"
check "off only: the header says WCD" grep -qF "Write cache off (WCD)" <(pdftotext -layout "$WORK/off.pdf" - | tr -s ' ')
# ... while as-is runs there, sending nothing.
sed 's/ write-cache="[a-z-]*"//' "$WORK/p.xml" > "$WORK/asis.xml"
runs "no cache: as-is" 0 "$WORK/asis.log" run "$WORK/asis.xml" -t "dut=$loop" --destroy FAKE-NVME-1 --out "$WORK/asis"
expect_eq "as-is: nothing sent" "$(jq -c '.target.write_cache | [.method, .present, .commands]' "$WORK/asis/manifest.json")" '["nvme",false,[]]'
echo "device_wcache: ok"
