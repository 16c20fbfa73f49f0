#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ssdbench live in a QEMU VM (TCG; KVM when /dev/kvm is usable) with Debian's
# kernel: four emulated NVMe controllers, a namespace two more share (multipath)
# and an AHCI SATA disk, over sparse files this test creates. tests/vm/guest.sh
# probes them, purges (NVMe Format NVM,
# SATA TRIM), checks refusals (swap, a foreign md array, methods QEMU lacks) and
# runs testplans/raid0.xml over real md RAID 0, with Ctrl-C and SIGKILL+resume.
# Its results come back on a second serial port; this side checks them and what
# the run left in the disk files. Skips (77) without qemu-system-x86_64 or when
# tests/vm/kernel.sh cannot get the kernel package (cached in SSDBENCH_VM_CACHE,
# default vm-cache beside the ssdbench binary). SSDBENCH_VM_ONLY="SECTION..." runs
# only those sections of guest.sh (a quicker loop while working on one).
. "$(dirname "$0")/lib.sh"
skip() { echo "vm_devices: skipped: $*"; exit 77; }

[ "$(uname -m)" = x86_64 ] || skip "the VM image is built from this machine's x86_64 binaries"
command -v qemu-system-x86_64 > /dev/null ||
  skip "qemu-system-x86_64 not found (apt-get install qemu-system-x86)"
for p in busybox mdadm jq bash fio; do
  command -v "$p" > /dev/null || skip "'$p' not found for the VM image (scripts/setup installs it)"
done
cache=${SSDBENCH_VM_CACHE:-$(dirname "$SSDBENCH")/vm-cache}
set +e
kernel=$("$SRC/tests/vm/kernel.sh" "$cache"); rc=$?
set -e
[ "$rc" = 77 ] && skip "no kernel for the VM (see above)"
[ "$rc" = 0 ] || fail "tests/vm/kernel.sh exit status $rc"

mib=1048576
nvme_size=$((128 * mib)) nvme4_size=$((64 * mib)) sata_size=$((64 * mib)) mp_size=$((64 * mib))
sata_model="SSDBENCH EMULATED SATA SSD 1" sata_fw=SB-FW-42 nvme4_warning=4
sponsor="VM 實驗室 Lab"
qemu_fw=$(qemu-system-x86_64 --version | sed -n '1s/^QEMU emulator version \([^ ]*\).*/\1/p' | cut -c1-8)
cat > "$WORK/expect.sh" <<EOF
VM_DISKS=6
QEMU_FW='$qemu_fw'
NVME_SIZE=$nvme_size NVME4_SIZE=$nvme4_size SATA_SIZE=$sata_size NVME4_WARNING=$nvme4_warning
MP_SIZE=$mp_size
SATA_MODEL='$sata_model' SATA_FW='$sata_fw'
SNIA_SPONSOR='$sponsor'
VM_ONLY='${SSDBENCH_VM_ONLY:-}'
EOF
"$SRC/tests/vm/mkinitramfs.sh" "$WORK/initrd" "$kernel" "$SSDBENCH" "$SRC" "$WORK/expect.sh" \
  "$SRC/tests/vm/guest.sh" "$SRC/testplans/raid0.xml" "$SRC/testplans/snia-iops.xml"

for i in 1 2 3; do truncate -s $nvme_size "$WORK/n$i.img"; done
truncate -s $nvme4_size "$WORK/n4.img"
truncate -s $sata_size "$WORK/s1.img"
truncate -s $mp_size "$WORK/mp.img"
drives=()
for i in 1 2 3 4; do
  drives+=(-drive "file=$WORK/n$i.img,if=none,id=n$i,format=raw,discard=unmap")
done
drives+=(-device "nvme,serial=SSDBNVME1,drive=n1" -device "nvme,serial=SSDBNVME2,drive=n2"
  -device "nvme,serial=SSDBNVME3,drive=n3"
  -device "nvme,serial=SSDBNVME4,drive=n4,logical_block_size=4096,physical_block_size=4096,smart_critical_warning=$nvme4_warning"
  -device nvme-subsys,id=ss,nqn=ssdbench-subsys -device nvme,id=c5,serial=SSDBMP1,subsys=ss
  -device nvme,id=c6,serial=SSDBMP1,subsys=ss
  -drive "file=$WORK/mp.img,if=none,id=mp,format=raw" -device nvme-ns,drive=mp,bus=c5,nsid=1,shared=on
  -drive "file=$WORK/s1.img,if=none,id=s1,format=raw,discard=unmap" -device ahci,id=ahci
  -device "ide-hd,drive=s1,bus=ahci.0,serial=SSDBSATA1,model=$sata_model,ver=$sata_fw,rotation_rate=1,physical_block_size=4096")
# KVM when a guest runs under it, else TCG: the kernel booted alone (no initrd: it
# panics at once, and -no-reboot ends qemu) must print its banner within 20 s. Seen:
# hosts whose KVM refuses -cpu max's IA32_ARCH_CAPABILITIES MSR ("failed to set MSR
# 0x10a", qemu aborts), and a nested KVM (kvm-pvm) whose vCPUs start and never run
# the guest (qemu runs on, printing nothing, until the timeout).
accel=(-accel tcg)
if [ -w /dev/kvm ]; then
  set +e
  timeout 20 qemu-system-x86_64 -nodefaults -display none -no-reboot -accel kvm -cpu max \
    -m 128 -kernel "$kernel/vmlinuz" -append "console=ttyS0 panic=-1" \
    -serial "file:$WORK/kvm-probe.log" > /dev/null 2>&1
  set -e
  grep -q "Linux version" "$WORK/kvm-probe.log" 2> /dev/null && accel=(-accel kvm)
fi
cpu=max
echo "vm_devices: ${accel[*]}"
t0=$(date +%s)
set +e
timeout 1200 qemu-system-x86_64 -nodefaults -display none -no-reboot "${accel[@]}" -cpu "$cpu" \
  -m 1536 -smp 2 -kernel "$kernel/vmlinuz" -initrd "$WORK/initrd" \
  -append "console=ttyS0 panic=-1 loglevel=4" \
  -serial "file:$WORK/console.log" -serial "file:$WORK/results.log" "${drives[@]}" \
  > "$WORK/qemu.out" 2>&1
rc=$?
set -e
echo "vm_devices: the VM ran $(( $(date +%s) - t0 )) s (qemu exit status $rc)"
tr -d '\r' < "$WORK/results.log" > "$WORK/results.txt"
sed '/^archive-begin /,/^archive-end /d' "$WORK/results.txt"
show_console() { echo "--- VM console (last 150 lines)"; tr -d '\r' < "$WORK/console.log" | tail -150; cat "$WORK/qemu.out"; }
[ "$rc" = 0 ] || { show_console; fail "qemu exit status $rc (124: it ran past 1200 s)"; }
summary=$(grep '^vm: [0-9]* passed, [0-9]* failed$' "$WORK/results.txt" || true)
[ -n "$summary" ] || { show_console; fail "the VM did not finish guest.sh (no summary line)"; }
if grep -q '^FAIL ' "$WORK/results.txt" || [[ $summary != *" 0 failed" ]]; then
  show_console; fail "checks failed inside the VM: $summary"
fi
for s in ${SSDBENCH_VM_ONLY:-probe-nvme multipath probe-sata purge-capabilities purge-nvme-format \
         purge-sata-discard purge-methods interlock raid0-live raid0-interrupt raid0-kill-resume write-cache \
         snia-wcd}; do
  check "section $s ran" grep -q "^section $s " "$WORK/results.txt"
done
npass=$(sed 's/^vm: \([0-9]*\) passed.*/\1/' <<< "$summary")
expect_eq "passed checks match the ok lines" "$(grep -c '^ok ' "$WORK/results.txt")" "$npass"

# snia-wcd: the archive of testplans/snia-iops.xml run with --set write-cache=off on
# SSDBNVME3 came back; its report, rendered here, says so in its SNIA header in the
# PDF, the HTML article and the workbook: WCD, the measurement's TC / QD (as the
# manifest's measured elements have them) and the sponsor.
if [[ " ${SSDBENCH_VM_ONLY:-snia-wcd} " == *" snia-wcd "* ]]; then
  sed -n '/^archive-begin snia-wcd$/,/^archive-end snia-wcd$/p' "$WORK/results.txt" |
    sed '1d;$d' | base64 -d | tar xzf - -C "$WORK"
  A=$WORK/snia-wcd M=$WORK/snia-wcd/manifest.json
  expect_eq "snia-wcd: the archive's status" "$(jq -r .status "$M")" complete
  expect_eq "snia-wcd: its drive" "$(jq -r .target.serial "$M")" SSDBNVME3
  "$SSDBENCH" verify "$A" > /dev/null || fail "snia-wcd: ssdbench verify"
  tcqd=$(jq -r '[.steps[] | select(.scope != null and (.iodepth // 0) > 0)
    | "TC \(.numjobs) / QD \(.iodepth)"] | unique | join(", ")' "$M")
  expect_eq "snia-wcd: the plan's TC / QD measured" "$tcqd" "TC 4 / QD 32"
  "$SSDBENCH" report "$A" --lang en -o "$WORK/wcd.pdf" --html "$WORK/wcd-html" \
    --xlsx "$WORK/wcd.xlsx" > "$WORK/wcd.log" 2>&1 || { cat "$WORK/wcd.log"; fail "snia-wcd: report"; }
  pdftotext -layout "$WORK/wcd.pdf" - | tr -s ' ' > "$WORK/wcd-pdf.txt"
  sed -e 's/<[^>]*>/ /g' "$WORK/wcd-html/index.html" | tr -s ' \n' ' ' > "$WORK/wcd-html.txt"
  unzip -p "$WORK/wcd.xlsx" xl/sharedStrings.xml | sed -e 's/<[^>]*>/\n/g' > "$WORK/wcd-xlsx.txt"
  for doc in pdf html xlsx; do
    for want in "off (WCD)" "$tcqd" "$sponsor" "SSDBNVME3"; do
      check "snia-wcd $doc: '$want'" grep -qF -- "$want" "$WORK/wcd-$doc.txt"
    done
  done
  echo "vm_devices: snia-wcd: the PDF, the HTML and the workbook say off (WCD), $tcqd, the sponsor and SSDBNVME3"
fi

if [ -n "${SSDBENCH_VM_ONLY:-}" ]; then
  echo "vm_devices: ok, sections $SSDBENCH_VM_ONLY only ($summary)"
  exit 0
fi
# What the disk files say after the VM: the RAID members were written through
# the array and carry no md superblock (1.2: magic a92b4efc at 4 KiB); QEMU
# punched the SATA disk's TRIM out of its file.
for i in 1 2 3; do
  check "n$i.img was written" test "$(stat -c %b "$WORK/n$i.img")" -gt 0
  check "n$i.img has no md superblock" test "$(od -An -tx1 -j4096 -N4 "$WORK/n$i.img" | tr -d ' ')" != fc4e2ba9
done
expect_eq "s1.img fully deallocated by the discard purge" "$(stat -c %b "$WORK/s1.img")" 0
echo "vm_devices: ok ($summary)"
