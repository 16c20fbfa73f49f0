#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs inside the VM (tests/vm/init): ssdbench against a real kernel's md, NVMe and
# AHCI drivers over QEMU's emulated controllers. /test/expect.sh (written by the
# host) says what QEMU was told to emulate. Every check prints "ok WHAT" or
# "FAIL WHAT: why" on fd 3 (the second serial port), the last line is
# "vm: N passed, M failed"; everything else goes to the console.
set -uo pipefail
. /test/expect.sh
export SSDBENCH_DATADIR=/usr/share/ssdbench
npass=0 nfail=0
ok() { npass=$((npass + 1)); echo "ok $1" >&3; echo "ok $1"; }
bad() { nfail=$((nfail + 1)); echo "FAIL $1" >&3; echo "FAIL $1"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
expect_eq() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: got '$2', want '$3'"; fi; }
section() { echo "section $1 (at ${SECONDS} s)" >&3; echo "=== $1"; }
finish() { echo "vm: $npass passed, $nfail failed" >&3; exit 0; }

# disk SERIAL: the NVMe namespace or SATA disk whose serial QEMU was given.
disk() {
  local b
  for b in /sys/block/nvme*n1 /sys/block/sd?; do
    case ${b##*/} in nvme*c*n1) continue ;; esac   # a multipath head's hidden paths
    [ -e "$b/device/serial" ] && [ "$(tr -d ' ' < "$b/device/serial")" = "$1" ] &&
      { echo "/dev/${b##*/}"; return; }
    [ -e "$b/device/vpd_pg80" ] && tr -d '\0' < "$b/device/vpd_pg80" | grep -q "$1" &&
      { echo "/dev/${b##*/}"; return; }
  done
}
n1=$(disk SSDBNVME1); n2=$(disk SSDBNVME2); n3=$(disk SSDBNVME3); n4=$(disk SSDBNVME4)
sata=$(disk SSDBSATA1) mp=$(disk SSDBMP1)
for v in n1 n2 n3 n4 sata mp; do
  [ -n "${!v}" ] || { bad "a disk for $v: not found (/sys/block: $(ls /sys/block))"; finish; }
done
echo "disks: $n1 $n2 $n3 $n4 $sata $mp"
sum1m() { dd if="$1" bs=1M count=1 iflag=direct 2>/dev/null | sha256sum | cut -d' ' -f1; }
# nonzero DEV OFFSET_MIB: how many non-zero bytes the MiB at OFFSET_MIB holds.
nonzero() { dd if="$1" bs=1M skip="$2" count=1 iflag=direct 2>/dev/null | tr -d '\0' | wc -c; }
j() { jq -r "$1" "$2"; }
# expect_jq FILE [NAME EXPR WANT]...: each EXPR on FILE is WANT; one jq for them all
# (each program start is slow under TCG).
expect_jq() {
  local f=$1 names=() wants=() got=() prog="" i
  shift
  while [ $# -ge 3 ]; do
    names+=("$1"); wants+=("$3"); prog+="${prog:+, }($2)"
    shift 3
  done
  mapfile -t got <<< "$(jq -r "$prog" "$f")"
  for i in "${!names[@]}"; do expect_eq "${names[$i]}" "${got[$i]:-}" "${wants[$i]}"; done
}
mdstat_arrays() { grep -c '^md' /proc/mdstat; }
# live_md: md devices the kernel has with a size. Without udev, mdadm --stop leaves
# /dev/md/NAME and /dev/mdN behind, and the next mdadm --create of NAME opens the
# old node, which makes the kernel add an empty (size 0) mdN again: not ours to
# remove, and harmless.
live_md() {
  local b
  for b in /sys/block/md*; do
    [ -e "$b" ] && [ "$(cat "$b/size")" != 0 ] && echo "${b##*/}"
  done
}

# refuses WHAT MESSAGE ARGS...: ssdbench ARGS exits 1 and says MESSAGE.
refuses() {
  local what=$1 msg=$2 rc
  shift 2
  ssdbench "$@" > /tmp/refuses.out 2>&1; rc=$?
  cat /tmp/refuses.out
  expect_eq "$what: exit status" "$rc" 1
  check "$what: says '$msg'" grep -qF -- "$msg" /tmp/refuses.out
}
# purges WHAT DEV ID PATTERN: random data in DEV's first MiB, then 'ssdbench purge'
# (auto) exits 0, says "purged 'DEV' with PATTERN" and the MiB reads back zero.
purges() {
  local rc
  dd if=/dev/urandom of="$2" bs=1M count=1 oflag=direct 2>/dev/null
  check "$1: random data written" test "$(nonzero "$2" 0)" -gt 0
  ssdbench purge "$2" --destroy "$3" > /tmp/purge.out 2>&1; rc=$?
  cat /tmp/purge.out
  expect_eq "$1: exit status" "$rc" 0
  check "$1: says what it did" grep -q "^purged '$2' with $4$" /tmp/purge.out
  expect_eq "$1: first MiB reads zero" "$(nonzero "$2" 0)" 0
}
written() { ssdbench probe --json "$1" | jq -r .nvme.smart.data_units_written; }
cat > /tmp/pair.xml <<'PLAN'
<plan name="pair">
  <target name="a" device="/dev/placeholder-a"/>
  <target name="b" device="/dev/placeholder-b"/>
  <raid name="md" chunk="64KiB" members="a b">
    <workload name="w" rw="randwrite" bs="4k" iodepth="4" runtime="1s"/>
    <idle name="rest" duration="5s"/>
  </raid>
</plan>
PLAN
pair=(/tmp/pair.xml --target "a=$n1" --target "b=$n2" --destroy SSDBNVME1 --destroy SSDBNVME2)
# wait_element DIR NAME [SECONDS]: until the journal of the run into DIR says its
# element NAME finished (at most SECONDS, 120 by default).
wait_element() {
  local i
  for i in $(seq $((${3:-120} * 10))); do
    grep -q "\"name\":\"$2\"" "$1/journal.jsonl" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
# wait_rest DIR: until the write step finished and the 5 s idle began.
wait_rest() { wait_element "$1" w; }

sec_probe_nvme() {
  for s in SSDBNVME1 SSDBNVME2 SSDBNVME3 SSDBNVME4; do
    d=$(disk $s); p=/tmp/probe-$s.json
    ssdbench probe --json "$d" > "$p" || bad "probe $d exits 0"
    size=$NVME_SIZE lba=512 flbas=0 warn=0
    [ $s = SSDBNVME4 ] && size=$NVME4_SIZE lba=4096 flbas=4 warn=$NVME4_WARNING
    # The nvme hwmon sensor wins over the SMART log: 323 K is 49.85 C there.
    expect_jq "$p" \
      "$s: kind" .kind nvme \
      "$s: model" .model "QEMU NVMe Ctrl" \
      "$s: serial" .serial "$s" \
      "$s: identity" .identity "$s" \
      "$s: firmware (QEMU's version)" .firmware "$QEMU_FW" \
      "$s: size" .size_bytes "$size" \
      "$s: logical block" .logical_block_bytes $lba \
      "$s: LBA size from Identify Namespace" .nvme.lba_bytes $lba \
      "$s: FLBAS index (QEMU's LBA format table)" .nvme.flbas_index $flbas \
      "$s: OACS Format NVM bit" '.nvme.oacs / 2 | floor % 2' 1 \
      "$s: SANICAP (QEMU 7.2 has no sanitize)" .nvme.sanicap 0 \
      "$s: discard supported" '.discard_max_bytes > 0' true \
      "$s: SMART temperature (QEMU: 323 K)" .nvme.smart.temperature_kelvin 323 \
      "$s: SMART critical warning" .nvme.smart.critical_warning "$warn" \
      "$s: SMART media errors" .nvme.smart.media_errors 0 \
      "$s: temperature from hwmon" '.temperature_celsius * 100 | round' 4985 \
      "$s: ata" .ata "not supported"
  done
  # As JSON text: 49.85, not jansson's %.17g 49.850000000000001.
  check "probe JSON: temperature as written" grep -q '"temperature_celsius": 49.85,' \
    /tmp/probe-SSDBNVME1.json
  ssdbench probe "$n1" > /tmp/probe.txt
  check "probe text: model" grep -q "^model: *QEMU NVMe Ctrl$" /tmp/probe.txt
  check "probe text: temperature" grep -q "^temperature: *49.9 C$" /tmp/probe.txt
}

# A namespace shared by two controllers of one subsystem: the kernel's multipath
# head, whose device is the subsystem (no hwmon there: the SMART log's temperature).
sec_multipath() {
  local p=/tmp/probe-mp.json
  check "multipath: $mp is the subsystem's head" bash -c "readlink -f /sys/block/${mp#/dev/}/device | grep -q /nvme-subsystem/"
  ssdbench probe --json "$mp" > "$p" || bad "probe $mp exits 0"
  expect_jq "$p" \
    "multipath: kind" .kind nvme \
    "multipath: serial" .serial SSDBMP1 \
    "multipath: model" .model "QEMU NVMe Ctrl" \
    "multipath: firmware" .firmware "$QEMU_FW" \
    "multipath: size" .size_bytes "$MP_SIZE" \
    "multipath: SMART through the head" .nvme.smart.temperature_kelvin 323 \
    "multipath: temperature from SMART agrees with hwmon's" '.temperature_celsius * 100 | round' 4985
  purges "multipath: format through the head" "$mp" SSDBMP1 "nvme-format in .*: nsid 1, CDW10 0x200"
}

sec_probe_sata() {
  p=/tmp/probe-sata.json
  ssdbench probe --json "$sata" > "$p" || bad "probe $sata exits 0"
  # sysfs (SCSI INQUIRY) cuts the model at 16 and the firmware at 4 characters:
  # these are ATA IDENTIFY's words 27-46 and 23-26, through SG_IO. QEMU's SMART
  # table has 7 attributes, 190 (airflow temperature) with raw 31.
  check "sata: sysfs has the short model" test "$(cat /sys/block/${sata#/dev/}/device/model)" = "${SATA_MODEL:0:16}"
  expect_jq "$p" \
    "sata: kind" .kind sd \
    "sata: model from IDENTIFY" .model "$SATA_MODEL" \
    "sata: firmware from IDENTIFY" .firmware "$SATA_FW" \
    "sata: serial" .serial SSDBSATA1 \
    "sata: size" .size_bytes "$SATA_SIZE" \
    "sata: logical block" .logical_block_bytes 512 \
    "sata: physical block" .physical_block_bytes 4096 \
    "sata: not rotational (rotation_rate=1)" .rotational false \
    "sata: TRIM" .ata.trim true \
    "sata: no security feature set" .ata.security_supported false \
    "sata: no sanitize" .ata.sanitize_block false \
    "sata: SMART attributes" .ata.smart 7 \
    "sata: temperature from SMART attribute 190" .temperature_celsius 31 \
    "sata: nvme" .nvme "not supported"
}

sec_purge_capabilities() {
  refuses "nvme sanitize" "cannot purge '$n4' with 'nvme-sanitize-block': SANICAP bit 1 (block erase) is not set" \
    purge "$n4" --method nvme-sanitize-block --destroy SSDBNVME4
  refuses "nvme crypto format" "cannot purge '$n4' with 'nvme-format-crypto': FNA bit 2 (cryptographic erase) is not set" \
    purge "$n4" --method nvme-format-crypto --destroy SSDBNVME4
  refuses "ata security erase" "cannot purge '$sata' with 'ata-security-erase': it has no ATA security feature set" \
    purge "$sata" --method ata-security-erase --destroy SSDBSATA1
  refuses "ata sanitize" "cannot purge '$sata' with 'ata-sanitize-block': IDENTIFY word 59 bit 15 (BLOCK ERASE) is not set" \
    purge "$sata" --method ata-sanitize-block --destroy SSDBSATA1
  refuses "nvme without --destroy" "refusing to destroy '$n4': destroying its data needs --destroy SSDBNVME4" \
    purge "$n4"
  refuses "ata method on nvme" "cannot purge '$n4' with 'ata-security-erase': it does not answer ATA IDENTIFY" \
    purge "$n4" --method ata-security-erase --destroy SSDBNVME4
  ssdbench purge "$n4" --destroy SSDBNVME4 --dry-run > /tmp/dry.out 2>&1
  check "auto picks nvme-format on QEMU's NVMe" grep -q "^purge method: nvme-format$" /tmp/dry.out
  ssdbench purge "$sata" --destroy SSDBSATA1 --dry-run > /tmp/dry.out 2>&1
  check "auto picks discard on QEMU's SATA disk" grep -q "^purge method: discard$" /tmp/dry.out
}

sec_purge_nvme_format() {
  local last=$((NVME4_SIZE / 1048576 - 1))
  dd if=/dev/urandom of="$n4" bs=1M seek=$last count=1 oflag=direct 2>/dev/null
  # CDW10 = LBAF 4 (the current 4 KiB format, not 0) | SES 1 << 9.
  purges "nvme-format: current LBA format, SES=1" "$n4" SSDBNVME4 "nvme-format in .*: nsid 1, CDW10 0x204"
  expect_eq "nvme-format: last MiB reads zero" "$(nonzero "$n4" $last)" 0
  ssdbench probe --json "$n4" > /tmp/after.json
  expect_eq "nvme-format: still 4 KiB blocks" "$(j .nvme.lba_bytes /tmp/after.json)" 4096
  expect_eq "nvme-format: size unchanged" "$(j .size_bytes /tmp/after.json)" "$NVME4_SIZE"
}

sec_purge_sata_discard() {
  # QEMU punches the discarded range out of the raw file (discard=unmap): zeros.
  purges "sata: discard" "$sata" SSDBSATA1 "discard in .*"
}

# Every purge method of the table on QEMU's NVMe and SATA disks: the dry run and the
# purge itself go on or refuse alike, and with the same reason (issue #19).
sec_purge_methods() {
  local methods dev id m drc rrc dwhy rwhy
  local -A verdict
  methods=$(ssdbench plan-reference | sed -n '/^## Purge methods/,$p' |
    sed -n 's/^| `\([a-z-]*\)` .*/\1/p')
  check "purge methods: the table lists them" test "$(wc -w <<< "$methods")" -ge 15
  for dev in "$n4:SSDBNVME4" "$sata:SSDBSATA1"; do
    id=${dev#*:} dev=${dev%%:*}
    for m in $methods; do
      ssdbench purge "$dev" --method "$m" --destroy "$id" --dry-run > /tmp/pd.out 2>&1; drc=$?
      ssdbench purge "$dev" --method "$m" --destroy "$id" > /tmp/pr.out 2>&1; rrc=$?
      dwhy=$(grep -o "cannot purge .*" /tmp/pd.out | head -1)
      rwhy=$(grep -o "cannot purge .*" /tmp/pr.out | head -1)
      echo "purge $m on $dev: dry run $drc, purge $rrc${rwhy:+ ($rwhy)}"
      expect_eq "$id $m: dry run and purge go on or refuse alike" \
        "$([ $drc = 0 ] && echo go || echo refuse)" "$([ $rrc = 0 ] && echo go || echo refuse)"
      expect_eq "$id $m: with the same reason" "$dwhy" "$rwhy"
      verdict[$id-$m]=$([ $rrc = 0 ] && echo go || echo refuse)
    done
  done
  # Both kinds occur: what QEMU's controllers offer goes on, the rest is refused.
  expect_eq "purge methods: nvme-format on NVMe" "${verdict[SSDBNVME4-nvme-format]}" go
  expect_eq "purge methods: nvme-sanitize on NVMe" "${verdict[SSDBNVME4-nvme-sanitize]}" refuse
  expect_eq "purge methods: ata-secure-erase on NVMe" "${verdict[SSDBNVME4-ata-secure-erase]}" refuse
  expect_eq "purge methods: discard on SATA" "${verdict[SSDBSATA1-discard]}" go
  expect_eq "purge methods: ata-secure-erase on SATA" "${verdict[SSDBSATA1-ata-secure-erase]}" refuse
  expect_eq "purge methods: nvme-format on SATA" "${verdict[SSDBSATA1-nvme-format]}" refuse
}

sec_interlock() {
  mkswap "$n4" > /dev/null && swapon "$n4"
  check "swap is on $n4" grep -q "^$n4 " /proc/swaps
  before=$(sum1m "$n4")
  refuses "swap member" "refusing to destroy '$n4'" purge "$n4" --destroy SSDBNVME4
  check "swap: the swap row fails" grep -q "FAIL  no swap .*swap is active on '$n4" /tmp/refuses.out
  check "swap: the exclusive open fails" grep -q "FAIL  exclusive open  the kernel refuses an exclusive open" /tmp/refuses.out
  expect_eq "swap: device unchanged" "$(sum1m "$n4")" "$before"
  swapoff "$n4"
  # A process that holds the disk open (no exclusive open sees it: the /proc scan does).
  sleep 600 < "$n4" &
  local holder=$!
  refuses "open by a process" "refusing to destroy '$n4'" purge "$n4" --destroy SSDBNVME4
  check "open: the row names the process" grep -q "FAIL  not open .*process $holder has it open" /tmp/refuses.out
  kill $holder; wait $holder 2>/dev/null
  # An md array someone else made over two disks: holders, signatures, no exclusive open.
  mdadm --create /dev/md/other --level=0 --raid-devices=2 --chunk=64K --metadata=1.2 --run \
    --force "$n1" "$n2" > /tmp/other.out 2>&1 || { cat /tmp/other.out; bad "mdadm --create by hand"; }
  other=$(basename "$(readlink -f /dev/md/other)")
  check "a foreign array is up" grep -q "^$other : active raid0" /proc/mdstat
  refuses "foreign array's member" "refusing to destroy '$n1'" purge "$n1" --destroy SSDBNVME1
  check "foreign array: the holders row names it" grep -q "FAIL  no holders .*'$other' is stacked on it" /tmp/refuses.out
  refuses "run over a foreign array's members" "RAID member 'ssd1'" run /test/raid0.xml --set smoke=1 \
    --target "ssd1=$n1" --target "ssd2=$n2" --target "ssd3=$n3" \
    --destroy SSDBNVME1 --destroy SSDBNVME2 --destroy SSDBNVME3 --out /tmp/foreign
  check "foreign array: refused before mdadm (no archive)" test ! -e /tmp/foreign/manifest.json
  expect_eq "foreign array: still the only array" "$(mdstat_arrays)" 1
  mdadm --stop /dev/md/other > /dev/null 2>&1
  mdadm --zero-superblock "$n1" "$n2"
  expect_eq "foreign array: gone" "$(mdstat_arrays)" 0
}

sec_raid0_live() {
  ids=(--destroy SSDBNVME1 --destroy SSDBNVME2 --destroy SSDBNVME3)
  tgts=(--target "ssd1=$n1" --target "ssd2=$n2" --target "ssd3=$n3")
  w1=$(written "$n1"); w2=$(written "$n2"); w3=$(written "$n3")
  ssdbench run /test/raid0.xml --dry-run "${tgts[@]}" "${ids[@]}" > /tmp/dry.out 2>&1
  cat /tmp/dry.out
  check "dry run: the create command" grep -qF "create: mdadm --create /dev/md/ssdbench-md --level=0 --raid-devices=3 --chunk=128K --metadata=1.2 --run --force $n1 $n2 $n3" /tmp/dry.out
  check "dry run: not skipped (md is here)" bash -c "! grep -q SKIPPED /tmp/dry.out"
  expect_eq "dry run: no array" "$(mdstat_arrays)" 0
  t0=$(date +%s)
  ssdbench run /test/raid0.xml --set smoke=1 "${tgts[@]}" "${ids[@]}" --out /tmp/raid > /tmp/raid.out 2>&1; rc=$?
  echo "raid0 run: $(( $(date +%s) - t0 )) s"
  cat /tmp/raid.out
  m=/tmp/raid/manifest.json
  expect_eq "raid0: exit status" "$rc" 0
  expect_eq "raid0: run status" "$(j .status $m)" complete
  expect_eq "raid0: 11 elements, all ok" "$(j '[.steps[].status] | group_by(.) | map("\(.[0])=\(length)") | join(",")' $m)" ok=11
  expect_eq "raid0: mdadm commands" "$(j '[.target.raid.commands[].purpose] | join(",")' $m)" create,wait,check,stop,zero
  expect_eq "raid0: create, check, stop, zero exit 0" \
    "$(j '[.target.raid.commands[] | select(.purpose != "wait") | .status] | join(",")' $m)" 0,0,0,0
  expect_eq "raid0: the create command" "$(j '.target.raid.commands[0].command' $m)" \
    "mdadm --create /dev/md/ssdbench-md --level=0 --raid-devices=3 --chunk=128K --metadata=1.2 --run --force $n1 $n2 $n3"
  check "raid0: mdadm --detail saw RAID 0" jq -e '.target.raid.commands[2].output | test("MD_LEVEL=raid0")' $m
  check "raid0: mdadm --detail saw 3 devices" jq -e '.target.raid.commands[2].output | test("MD_DEVICES=3")' $m
  expect_eq "raid0: member identities" "$(j '[.target.raid.members[].identity] | join(",")' $m)" SSDBNVME1,SSDBNVME2,SSDBNVME3
  expect_eq "raid0: not skipped" "$(j .target.raid.skipped $m)" null
  check "raid0: the array is confirmed as ours" grep -q "^checks for the array '/dev/md/ssdbench-md' (/dev/md[0-9]*, the md array of exactly the members)" /tmp/raid.out
  md=$(sed -n "s#^checks for the array '/dev/md/ssdbench-md' (\(/dev/md[0-9]*\),.*#\1#p" /tmp/raid.out | head -1)
  check "raid0: fio ran on the array ($md)" grep -qx "filename=$md" /tmp/raid/steps/002-seq128k-q32-read/job.fio
  expect_eq "raid0: journal" "$(jq -r 'select(.event | test("raid")) | .event' /tmp/raid/journal.jsonl | paste -sd,)" raid-up,raid-down
  expect_eq "raid0: mdstat has no array afterwards" "$(mdstat_arrays)" 0
  # Without udev mdadm --stop leaves the /dev/md/ssdbench-md link and the node behind.
  check "raid0: the kernel has no $md any more" test ! -e "/sys/block/${md#/dev/}"
  # The array lives only inside the scope: nothing probes it before or after.
  expect_eq "raid0: no probe of the array path" "$(j '[.target.before, .target.after] | map(type) | join(",")' $m)" null,null
  for d in "$n1" "$n2" "$n3"; do
    check "raid0: no md superblock left on $d" bash -c "! mdadm --examine '$d' > /dev/null 2>&1"
  done
  # Striping reached every member: each one's SMART count of written data grew.
  check "raid0: $n1 was written" test "$(written "$n1")" -gt "$w1"
  check "raid0: $n2 was written" test "$(written "$n2")" -gt "$w2"
  check "raid0: $n3 was written" test "$(written "$n3")" -gt "$w3"
  check "raid0: the archive verifies" ssdbench verify /tmp/raid
  check "raid0: the report" test -s /tmp/raid/report.pdf
  # raid0.xml in the reader's words: the wording check over the array's archive in
  # both Chinese languages and every format (no plan name, fio term, English word or
  # half-width punctuation), as it_wording holds the plans a file target can run.
  for l in zh-TW zh-CN; do
    if ssdbench report /tmp/raid --lang $l --check-wording -o /tmp/raid-$l.pdf \
         --svg /tmp/raid-$l-svg --html /tmp/raid-$l-html --xlsx /tmp/raid-$l.xlsx \
         > /tmp/raid-$l.out 2>&1; then
      ok "raid0: the wording check ($l)"
    else
      bad "raid0: the wording check ($l)"
      grep -v "^report" /tmp/raid-$l.out | awk '!seen[$0]++' | head -n 40 >&3
    fi
  done
}

sec_raid0_interrupt() {
  ssdbench run "${pair[@]}" --out /tmp/int > /tmp/int.out 2>&1 &
  pid=$!
  check "interrupt: the write step finished" wait_rest /tmp/int
  check "interrupt: the array is live over both members" \
    grep -Eq "^md[0-9]+ : active raid0 (${n2#/dev/}|${n1#/dev/})\[[01]\] (${n2#/dev/}|${n1#/dev/})\[[01]\]" /proc/mdstat
  kill -INT $pid; wait $pid; rc=$?
  cat /tmp/int.out
  expect_eq "interrupt: exit status (128 + SIGINT)" "$rc" 130
  expect_eq "interrupt: torn down" "$(mdstat_arrays)" 0
  expect_eq "interrupt: no md device with a size left" "$(live_md)" ""
  check "interrupt: no superblock left" bash -c "! mdadm --examine '$n1' > /dev/null 2>&1"
}

sec_raid0_kill_resume() {
  ssdbench run "${pair[@]}" --out /tmp/kill > /tmp/kill.out 2>&1 &
  pid=$!
  check "kill: the write step finished" wait_rest /tmp/kill
  kill -KILL $pid; wait $pid 2>/dev/null
  expect_eq "kill: the array outlives ssdbench" "$(mdstat_arrays)" 1
  ssdbench resume /tmp/kill "${pair[@]:1}" > /tmp/resume.out 2>&1; rc=$?
  cat /tmp/resume.out
  expect_eq "resume: exit status" "$rc" 0
  check "resume: tears the old array down first" grep -q "left the array '/dev/md/ssdbench-md' up: tearing it down first" /tmp/resume.out
  check "resume: runs the idle step again" grep -q "resuming after element 1 (w)" /tmp/resume.out
  check "resume: a new array for it" grep -q "md: RAID 0 up as /dev/md" /tmp/resume.out
  expect_eq "resume: run status" "$(j .status /tmp/kill/manifest.json)" complete
  expect_eq "resume: torn down at the end" "$(mdstat_arrays)" 0
  expect_eq "resume: no md device with a size left" "$(live_md)" ""
  check "resume: no superblock left" bash -c "! mdadm --examine '$n2' > /dev/null 2>&1"
}

# wcache_state DEV: the write cache the drive reports (NVMe Get Features, ATA IDENTIFY).
wcache_state() { ssdbench probe --json "$1" | jq -r .write_cache.enabled; }
# write-cache="off" for the plan, "on" in a scope: read-only steps, so nothing is
# written to the disks the host checks afterwards.
cat > /tmp/wcache.xml <<'PLAN'
<plan name="wcache" write-cache="off">
  <target name="dut" device="/dev/placeholder"/>
  <workload name="r" rw="randread" bs="4k" iodepth="4" runtime="1s"/>
  <idle name="rest-off" duration="6s"/>
  <rounds name="on" until="max" max="1" write-cache="on">
    <idle name="rest-on" duration="6s"/>
  </rounds>
  <idle name="rest-off2" duration="1s"/>
</plan>
PLAN
# wcache_run WHAT DEV KIND: the cache is off during the first idle and on during
# the scope's, as the drive itself reports it, and as it was after the run.
wcache_run() {
  local what=$1 dev=$2 kind=$3 was m=/tmp/wc-$1/manifest.json rc
  was=$(wcache_state "$dev")
  expect_eq "$what: a write cache, enabled (QEMU's default)" "$was" true
  ssdbench run /tmp/wcache.xml -t "dut=$dev" --out "/tmp/wc-$what" > "/tmp/wc-$what.out" 2>&1 &
  local pid=$!
  check "$what: the read step ran" wait_element "/tmp/wc-$what" r
  expect_eq "$what: off while the plan's steps run" "$(wcache_state "$dev")" false
  if [ "$kind" = ata ]; then   # libata revalidates after SET FEATURES: the kernel follows
    for _ in $(seq 50); do [ "$(cat "/sys/block/${dev#/dev/}/queue/write_cache")" = "write through" ] && break; sleep 0.2; done
    expect_eq "$what: the kernel's queue/write_cache follows" "$(cat "/sys/block/${dev#/dev/}/queue/write_cache")" "write through"
  fi
  check "$what: the first idle finished" wait_element "/tmp/wc-$what" rest-off
  expect_eq "$what: on in the scope" "$(wcache_state "$dev")" true
  wait "$pid"; rc=$?
  cat "/tmp/wc-$what.out"
  expect_eq "$what: exit status" "$rc" 0
  expect_eq "$what: given back" "$(wcache_state "$dev")" "$was"
  expect_jq "$m" "$what: manifest method" .target.write_cache.method "$kind" \
    "$what: manifest before" .target.write_cache.before on \
    "$what: manifest set" '.target.write_cache.set | join(",")' off,on \
    "$what: manifest restored" .target.write_cache.restored true \
    "$what: elements" '[.steps[].write_cache] | join(",")' off,off,on,off
}
sec_write_cache() {
  wcache_run nvme "$n3" nvme
  wcache_run sata "$sata" ata
}

# The shipped SNIA IOPS plan (smoke) on an NVMe drive with --set write-cache=off, as
# an enterprise review runs it: the drive reports its cache off while the rounds run
# and on again after; the archive comes back to the host (without its report, which
# the host renders and checks in PDF, HTML and workbook) between two marker lines.
sec_snia_wcd() {
  local dev=$n3 out=/tmp/snia-wcd m=/tmp/snia-wcd/manifest.json was rc pid
  was=$(wcache_state "$dev")
  expect_eq "snia-wcd: a write cache, enabled (QEMU's default)" "$was" true
  ssdbench run /test/snia-iops.xml -t "dut=$dev" --destroy SSDBNVME3 --set smoke=1 \
    --set max_rounds=2 --set write-cache=off --set "sponsor=$SNIA_SPONSOR" --lang en --out "$out" \
    > /tmp/snia-wcd.out 2>&1 &
  pid=$!
  check "snia-wcd: the first round's first element ran" wait_element "$out" rnd-m100-bs1024k 600
  expect_eq "snia-wcd: off while the rounds run" "$(wcache_state "$dev")" false
  wait "$pid"; rc=$?
  tail -5 /tmp/snia-wcd.out
  expect_eq "snia-wcd: exit status" "$rc" 0
  expect_eq "snia-wcd: given back" "$(wcache_state "$dev")" "$was"
  expect_jq "$m" "snia-wcd: manifest set" '.target.write_cache.set | join(",")' off \
    "snia-wcd: manifest restored" .target.write_cache.restored true \
    "snia-wcd: every element's cache" '[.steps[].write_cache] | unique | join(",")' off
  echo "archive-begin snia-wcd" >&3
  rm -rf "$out/report.pdf" "$out/charts"   # not in the manifest's files: the host renders
  tar czf - -C /tmp snia-wcd | base64 >&3
  echo "archive-end snia-wcd" >&3
}

# SSDBENCH_VM_ONLY (the host passes it on) names the sections to run; all by default.
for sec in probe-nvme multipath probe-sata purge-capabilities purge-nvme-format purge-sata-discard purge-methods \
           interlock raid0-live raid0-interrupt raid0-kill-resume write-cache snia-wcd; do
  [ -z "${VM_ONLY:-}" ] || [[ " $VM_ONLY " == *" $sec "* ]] || continue
  section "$sec"
  "sec_${sec//-/_}"
done
finish
