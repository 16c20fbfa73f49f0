#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The cover page's platform (#22 cover), run on a file target: the manifest's
# platform block and the cover's rows (pdftotext -layout, English, then both
# Chinese) against this machine as read here: the header's platform row holds
# OS = /etc/os-release PRETTY_NAME, kernel = uname -s -r -m, CPU = /proc/cpuinfo's
# model name, RAM = /proc/meminfo MemTotal (within the cover's rounding to 0.1 GiB); the file has no drive, so the
# DUT row says so and no interface row is printed; the purge row says what was
# done, never "none / 0 B / QD0 / 0 jobs".
. "$(dirname "$0")/lib.sh"

command -v fio > /dev/null || { echo "cover: skipped (no fio)"; exit 77; }
cat > "$WORK/plan.xml" <<'PLAN'
<plan name="cover">
  <target name="dut" file="t.bin" size="64MiB"/>
  <purge name="erase"/>
  <workload name="rr" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
out=$WORK/out
run_rc "$WORK/run.log" "$WORK/run.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$out" --quiet
[ "$rc" = 0 ] || { cat "$WORK/run.log" "$WORK/run.err"; fail "run: exit $rc"; }

os=$(. /etc/os-release && echo "$PRETTY_NAME")
kernel="$(uname -s) $(uname -r) $(uname -m)"
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
mem=$(awk '/^MemTotal:/ { printf "%.0f\n", $2 * 1024 }' /proc/meminfo)
[ -n "$os" ] && [ -n "$cpu" ] && [ -n "$mem" ] || fail "this machine's facts unreadable"
m=$out/manifest.json
expect_eq "manifest os" "$(jq -r .platform.os "$m")" "$os"
expect_eq "manifest ram" "$(jq -r .platform.ram "$m")" "$mem"
expect_eq "manifest kernel" "$(jq -r .platform.kernel "$m")" "$kernel"
expect_eq "manifest interface (a file)" "$(jq -r .target.interface "$m")" null

# row PDF LABEL: the value of the cover's header row LABEL (the label at the line's start).
row() {
  pdftotext -layout -f 1 -l 1 "$1" - | sed -n "s/^$2   *//p" | head -n 1
}
"$SSDBENCH" report "$out" --lang en -o "$WORK/en.pdf" > /dev/null || fail "report en"
# part ROW LABEL NEXT: the value after "LABEL " up to " / NEXT " (NEXT empty: to the end).
part() {
  if [ -n "${3:-}" ]; then sed -n "s|^.*$2 \(.*\) / $3 .*|\1|p" <<< "$1"
  else sed -n "s|^.* / $2 \(.*\)$|\1|p" <<< "$1"; fi
}
plat=$(row "$WORK/en.pdf" Platform)
echo "cover: Platform row: $plat"
expect_eq "Platform row: CPU" "$(sed -n 's|^CPU \(.*\) / RAM .*|\1|p' <<< "$plat")" "$cpu"
expect_eq "Platform row: OS" "$(part "$plat" OS Kernel)" "$os"
# Board and BIOS, which a reviewer prints, are said unknown when this bench's DMI does
# not name them: both unknown at the platform row's end, one beside the other on a row.
board=$(jq -r '.platform.board // "unknown"' "$m") bios=$(jq -r '.platform.bios // "unknown"' "$m")
if [ "$board" = unknown ] && [ "$bios" = unknown ]; then
  expect_eq "Platform row: kernel, board and BIOS unknown" "$(part "$plat" Kernel)" \
    "$kernel / board and BIOS unknown"
  check "no board row" bash -c "! pdftotext -layout -f 1 -l 1 '$WORK/en.pdf' - | grep -q '^Board '"
else
  expect_eq "Platform row: kernel" "$(part "$plat" Kernel)" "$kernel"
  expect_eq "Board row" "$(row "$WORK/en.pdf" Board)" "Board $board / BIOS $bios"
fi
ram=$(part "$plat" RAM OS)
awk -v r="$ram" -v m="$mem" 'BEGIN {
  split(r, a, " "); if (a[2] != "GiB") exit 1
  d = a[1] * 1073741824 - m; if (d < 0) d = -d; exit !(d <= 0.05 * 1073741824) }' ||
  fail "RAM '$ram' is not MemTotal $mem bytes to 0.1 GiB"
expect_eq "DUT row" "$(row "$WORK/en.pdf" "Device under test")" \
  "file target (no model, serial or firmware) / capacity 64 MiB (67108864 B)"
expect_eq "purge row" "$(row "$WORK/en.pdf" Purge)" "none (file target)"
pdftotext -layout -f 1 -l 1 "$WORK/en.pdf" - > "$WORK/en.txt"
check "no interface row for a file" bash -c "! grep -q '^Interface ' '$WORK/en.txt'"
# #22 labels: the row names the step as reviewers do ("purge"), not by its name "erase".
check "the purge element's row says what was done" \
  grep -Eq '^ *1 +purge +none \(file target\) +ok' "$WORK/en.txt"
check "no '0 B / QD0 / 0 jobs' row" bash -c "! grep -q 'QD0\|0 jobs' '$WORK/en.txt'"
check "the plan's SHA-256 at the cover's top" grep -qF \
  "Plan SHA-256 $(sha256sum "$out/plan.xml" | cut -d' ' -f1)" <(head -n 1 "$WORK/en.txt")
for l in zh-TW:平台:作業系統:核心 zh-CN:平台:操作系统:内核; do
  IFS=: read -r lang label oslabel klabel <<< "$l"
  "$SSDBENCH" report "$out" --lang "$lang" -o "$WORK/$lang.pdf" > /dev/null || fail "report $lang"
  expect_eq "$lang: OS in the platform row" "$(part "$(row "$WORK/$lang.pdf" "$label")" \
    "$oslabel" "$klabel")" "$os"
done
echo "cover: ok"
