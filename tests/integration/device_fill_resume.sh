#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A continuous 1x random fill on a loop device over a sparse file, interrupted twice
# (SIGINT, as Ctrl-C or a shutdown does) and resumed each time: the fill still covers
# the device (the blocks of the backing file that hold data, counted by du, at least
# 99 % of it: a resumed fio cannot continue another's random map, so a fill cut in
# its first pass begins it again), and the run's bytes written (the last element's
# written_after) are exactly what the device was written, read from the kernel's
# own count (/sys/block/loopN/stat), the rounds each interruption lost included.
. "$(dirname "$0")/device_lib.sh"
need_root device_fill_resume

img=$WORK/fill.img
truncate -s 32M "$img"   # sparse: a block holds data once it is written
new_loop loop "$img"
name=$(basename "$loop")
cat > "$WORK/fill.xml" <<'PLAN'
<plan name="fill">
  <target name="dut" device="/dev/placeholder"/>
  <rounds name="fill" until="written" written="1x" max="200">
    <workload name="f" rw="randwrite" bs="4KiB" runtime="1s" rate_iops="1000"/>
  </rounds>
</plan>
PLAN
out=$WORK/out
dev_args=(--target "dut=$loop" --destroy "$name")
sectors() { awk '{ print $7 }' "/sys/block/$name/stat"; }   # sectors written, ever
s0=$(sectors)

# fio_gone: every fio working in $out has ended (fio dies with ssdbench; bounded wait).
fio_gone() {
  local p busy
  for _ in $(seq 100); do
    busy=
    for p in $(pgrep -x fio); do
      case "$(readlink "/proc/$p/cwd" 2>/dev/null)" in "$out"/*) busy=1 ;; esac
    done
    [ -z "$busy" ] && return 0
    sleep 0.1
  done
  fail "fio still runs in $out"
}
# elements N: the journal holds N elements (its start line aside).
elements() { echo $(( $(wc -l 2>/dev/null < "$out/journal.jsonl" || echo 1) - 1 )); }
# interrupt_after N CMD...: runs CMD in its own session, sends it SIGINT once N
# elements are journaled, waits for it to end.
interrupt_after() {
  local n=$1 pid
  shift
  setsid "$@" > "$WORK/part.log" 2>&1 &
  pid=$!
  for _ in $(seq 1200); do
    [ "$(elements)" -ge "$n" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$WORK/part.log" >&2; fail "ended before element $n"; }
    sleep 0.1
  done
  kill -INT -- "-$pid"
  wait "$pid" 2>/dev/null || true
  fio_gone
  check "interrupted: the run says how to resume" grep -q "ssdbench resume" "$WORK/part.log"
}
interrupt_after 2 "$SSDBENCH" run "$WORK/fill.xml" "${dev_args[@]}" --out "$out"
first=$(elements)
interrupt_after $((first + 2)) "$SSDBENCH" resume "$out" "${dev_args[@]}"
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" resume "$out" "${dev_args[@]}"
[ "$rc" = 0 ] || { cat "$WORK/r.log" "$WORK/r.err" >&2; fail "the last resume failed ($rc)"; }
m=$out/manifest.json
expect_eq "the fill reached its goal" "$(jq -r '.scopes[0].verdict' "$m")" written

# Coverage: the backing file's allocated bytes against its size.
alloc=$(du -B1 "$img" | cut -f1)
check "the fill covers >= 99 % of the device ($alloc of $((32 << 20)) bytes hold data)" \
  awk -v a="$alloc" -v s=$((32 << 20)) 'BEGIN { exit !(a >= 0.99 * s) }'

# Bytes: the run's count against the kernel's.
device=$(( ($(sectors) - s0) * 512 ))
total=$(jq '.steps[-1] | .written_before' "$m")
last=$(awk -F, -v c="$(head -1 "$out/results.csv" | tr ',' '\n' | grep -nx written_after_bytes |
  cut -d: -f1)" 'NR > 1 { v = $c } END { print v }' "$out/results.csv")
check "the last element's written_after follows its written_before ($total)" test "$last" -gt "$total"
expect_eq "written_after of the run: every byte the device was written" "$last" "$device"

# Each resume says what it found, on the element that follows it.
expect_eq "two elements carry a lost round's bytes" \
  "$(jq '[.steps[] | select(.lost_before != null and .lost_before > 0)] | length' "$m")" 2
# The chain: each element's written_before is the one before's written_after and
# the bytes the interruption between them lost.
col() { head -1 "$out/results.csv" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
expect_eq "written_before: the last written_after and the lost round" \
  "$(awk -F, -v b="$(col written_before_bytes)" -v a="$(col written_after_bytes)" \
    'NR > 1 { print $b - prev; prev = $a }' "$out/results.csv" | paste -sd' ')" \
  "$(jq -r '[.steps[] | .lost_before // 0] | join(" ")' "$m")"
check "the fill begins its pass again after a cut in its first pass" \
  test "$(jq '[.steps[] | select(.new_pass)] | length' "$m")" -ge 1
check "the resume said so" grep -q "begins again at round" "$WORK/r.log" "$WORK/part.log"
expect_eq "every element keeps its fio seed" "$(jq '[.steps[] | select(.seed == null)] | length' "$m")" 0
check "no progress file left" test ! -e "$out/journal.written"
"$SSDBENCH" verify "$out" > /dev/null || fail "verify after the resumes"
echo "device_fill_resume: $alloc of $((32 << 20)) bytes hold data; $device bytes written, all counted"
