#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `ssdbench trace capture` on a loop device with ext4 (over a file made here) while a
# folder is copied and synced: `trace info --json` against blkparse's own reading of
# the same file (queue events counted with awk), then fio replays the trace onto a
# second loop device and onto a regular file, and its I/O count must be within 2 % of
# `trace info`'s.
# Also: --seconds, the plot, the refusals, and tracefs left as it was.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null || ! command -v mkfs.ext4 > /dev/null ||
   ! command -v blkparse > /dev/null; then
  echo "trace_capture: skipped (needs root, losetup, mkfs.ext4 and blkparse)"; exit 77
fi
# ok CMD...: runs CMD, its output in $WORK/out.log and err.log, shown when it fails.
ok() {
  "$@" > "$WORK/out.log" 2> "$WORK/err.log" ||
    { cat "$WORK/out.log" "$WORK/err.log" >&2; fail "failed: $*"; }
}
tracefs=/sys/kernel/tracing
[ -e $tracefs/current_tracer ] || tracefs=/sys/kernel/debug/tracing
# (not mounted: "none"; a capture that mounts tracefs unmounts it at its end)
tracer_now() { cat $tracefs/current_tracer 2>/dev/null || echo none; }
tracer_before=$(tracer_now)
img=$WORK/fs.img img2=$WORK/replay.img mnt=$WORK/mnt
truncate -s 128M "$img" "$img2"
loop=$(losetup --find --show "$img")
cleanup_hooks+=("umount '$mnt' 2>/dev/null; losetup '$loop' | grep -qF '$img' && losetup -d '$loop'")
loop2=$(losetup --find --show "$img2")
cleanup_hooks+=("losetup '$loop2' | grep -qF '$img2' && losetup -d '$loop2'")
mkfs.ext4 -q "$loop"
mkdir "$mnt" "$WORK/src"
mount "$loop" "$mnt"

# A folder of mixed sizes: the repository's sources and a few larger files.
cp -r "$SRC/common" "$SRC/parsers" "$WORK/src/"
for kb in 3 70 300 1500; do head -c $((kb * 1024)) /dev/urandom > "$WORK/src/blob$kb"; done
sync
echo 3 > /proc/sys/vm/drop_caches
t=$WORK/copy.blktrace
ok "$SSDBENCH" trace capture "$loop" -o "$t" -- sh -c "cp -r '$WORK/src' '$mnt/copy' && sync"
check "says capture only observes" grep -q "capture only observes" "$WORK/out.log"
check "the trace is a blktrace file (magic 0x65617407)" \
  test "$(od -An -tx4 -N4 "$t" | tr -d ' ')" = 65617407
check "FILE.json beside it" jq -e > /dev/null '.command[0] == "sh" and .command_status == 0' "$t.json"
expect_eq "FILE.json's kernel" "$(jq -r .kernel "$t.json")" "$(uname -r)"
expect_eq "tracefs's tracer afterwards" "$(tracer_now)" "$tracer_before"
dev=$(stat -c '%t:%T' "$loop")
enable=/sys/dev/block/$((16#${dev%:*})):$((16#${dev#*:}))/trace/enable
expect_eq "the device's tracing afterwards" "$(cat "$enable")" 0

# A capture killed with SIGKILL leaves the device's tracing and the blk tracer on (#30):
# the next capture sets both back first, says so, and records; nothing is left after.
state=/run/ssdbench/trace-capture.state
"$SSDBENCH" trace capture "$loop" -o "$WORK/killed.blktrace" --seconds 120 \
  > "$WORK/killed.out" 2> "$WORK/killed.err" &
kpid=$!
for _ in $(seq 200); do [ "$(cat "$enable")" = 1 ] && break; sleep 0.05; done
expect_eq "killed: the capture switched tracing on" "$(cat "$enable")" 1
kill -KILL "$kpid"
wait "$kpid" 2> /dev/null || true
expect_eq "killed: tracing left on" "$(cat "$enable")" 1
check "killed: its state left" test -s "$state"
ok "$SSDBENCH" trace capture "$loop" -o "$WORK/after.blktrace" -- \
  dd if="$loop" of=/dev/null bs=4k count=16 iflag=direct status=none
check "the next capture says it set back" \
  grep -q "^trace: a capture of $loop was killed before it set the block tracer back: set back now ($enable 0, current_tracer nop)$" "$WORK/err.log"
check "and recorded" test -s "$WORK/after.blktrace"
expect_eq "after the kill: the device's tracing" "$(cat "$enable")" 0
expect_eq "after the kill: the tracer" "$(tracer_now)" "$tracer_before"
check "after the kill: no state left" test ! -e "$state"
check "no trace kept of the killed capture" test ! -e "$WORK/killed.blktrace"
# A tracing switch left on by something else: refused, saying how to switch it off.
echo 1 > "$enable"
run_rc "$WORK/on.out" "$WORK/on.err" "$SSDBENCH" trace capture "$loop" -o "$WORK/on.blktrace" --seconds 1
echo 0 > "$enable"
expect_eq "traced by another: exit" "$rc" 1
check "traced by another: says how" grep -qF "if no tool is tracing it, switch it off with 'echo 0 > $enable'" "$WORK/on.err"

# blkparse's reading of trace $1 into $WORK/parsed.txt and the q_* counts: Q events;
# D in rwbs a trim, a leading F without data a flush, W a write (a leading F with
# data: a write carrying a flush, q_pre), R a read, N (no data) ignored.
blkparse_counts() {
  blkparse -i - < "$1" > "$WORK/parsed.txt"
  read -r q_reads q_writes q_trims q_flushes q_bytes q_min q_end q_pre < <(awk '
    $6 == "Q" {
      rw = $7; n = ($9 == "+") ? $10 : 0; s = $8
      if (rw ~ /D/) k = "t"; else if (rw ~ /^F/ && n == 0) k = "f"; else if (rw ~ /W/) k = "w";
      else if (rw ~ /R/) k = "r"; else next
      c[k]++
      if (k == "f") next
      if (rw ~ /^F/) c["p"]++
      b += n * 512
      if (first == "" || s * 512 < lo) lo = s * 512
      if ((s + n) * 512 > hi) hi = (s + n) * 512
      first = 1
    }
    END { printf "%d %d %d %d %d %d %d %d\n", c["r"], c["w"], c["t"], c["f"], b, lo, hi, c["p"] }' \
    "$WORK/parsed.txt")
}
# info_matches TRACE: `trace info --json` against blkparse's counts.
info_matches() {
  blkparse_counts "$1"
  ok "$SSDBENCH" trace info --json "$1"
  cp "$WORK/out.log" "$WORK/info.json"
  expect_eq "$1: reads" "$(j .reads)" "$q_reads"
  expect_eq "$1: writes" "$(j .writes)" "$q_writes"
  expect_eq "$1: trims" "$(j .trims)" "$q_trims"
  expect_eq "$1: flushes" "$(j .flushes)" "$q_flushes"
  expect_eq "$1: writes carrying a flush" "$(j .preflushes)" "$q_pre"
  expect_eq "$1: flushes replayed" "$(j .replay_flushes)" "$((q_flushes + q_pre))"
  expect_eq "$1: ios" "$(j .ios)" "$((q_reads + q_writes + q_trims))"
  expect_eq "$1: bytes" "$(j .bytes)" "$q_bytes"
  expect_eq "$1: span_bytes" "$(j .span_bytes)" "$((q_end - q_min))"
}
j() { jq -r "$1" "$WORK/info.json"; }
info_matches "$t"
check "the copy wrote its 1.8 MiB at least" test "$(j .write_bytes)" -ge $(((3 + 70 + 300 + 1500) * 1024))
expect_eq "FILE.json's ios" "$(jq -r .ios "$t.json")" "$(j .ios)"
seconds=$(j .seconds)
check "seconds: first to last event, against blkparse's" awk -v s="$seconds" '
  $6 ~ /^[A-Z]$/ && $4 ~ /^[0-9.]+$/ { if (lo == "" || $4 < lo) lo = $4; if ($4 > hi) hi = $4 }
  END { exit !(s > 0 && (hi - lo) - s < 1e-6 && s - (hi - lo) < 1e-6) }' "$WORK/parsed.txt"

# fio replays the capture itself onto the second loop device, as fast as it can: it
# takes a write carrying a flush for a flush alone, so it does exactly the requests
# `trace info` says it would (fio_capture_ios: ios less preflushes), which is why
# ssdbench replays its own rewrite (docs/replay.md; it_replay checks that one).
fio --name=r --read_iolog="$t" --replay_redirect="$loop2" --ioengine=libaio --direct=1 \
  --replay_no_stall=1 --output-format=json > "$WORK/fio.json" 2> "$WORK/fio.err" ||
  fail "fio's replay failed: $(cat "$WORK/fio.err")"
fio_ios=$(jq '[.jobs[] | .read.total_ios + .write.total_ios + .trim.total_ios] | add' "$WORK/fio.json")
ios=$(j .ios)
echo "trace_capture: $ios I/Os in the trace ($q_reads reads, $q_writes writes by blkparse, $q_pre carrying a flush), fio replayed $fio_ios"
expect_eq "fio replayed the capture's I/O less the writes carrying a flush" "$fio_ios" "$(j .fio_capture_ios)"
expect_eq "fio_capture_ios: ios less preflushes" "$(j .fio_capture_ios)" "$((ios - q_pre))"

# ... and onto a regular file (a file target), the same count.
truncate -s 128M "$WORK/target.file"
fio --name=r --read_iolog="$t" --replay_redirect="$WORK/target.file" --ioengine=libaio \
  --direct=1 --replay_no_stall=1 --output-format=json > "$WORK/fio-file.json" 2> "$WORK/fio.err" ||
  fail "fio's replay onto a file failed: $(cat "$WORK/fio.err")"
fio_file=$(jq '[.jobs[] | .read.total_ios + .write.total_ios + .trim.total_ios] | add' \
  "$WORK/fio-file.json")
expect_eq "fio replayed the same onto a file" "$fio_file" "$fio_ios"

# --seconds: a reader of the device in the background, 1 s of it recorded.
( while :; do dd if="$loop" of=/dev/null bs=64k count=64 iflag=direct status=none; done ) &
reader=$!
cleanup_hooks=("kill $reader 2>/dev/null" "${cleanup_hooks[@]}")
t0=$(date +%s.%N)
ok "$SSDBENCH" trace capture "$loop" -o "$WORK/secs.blktrace" --seconds 1
t1=$(date +%s.%N)
kill "$reader"; wait "$reader" 2>/dev/null || true
check "--seconds: recorded reads" jq -e > /dev/null '.capture_seconds == 1 and .reads > 0' "$WORK/secs.blktrace.json"
check "--seconds: the trace lasts no longer than the capture ran" \
  jq -e > /dev/null --argjson wall "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" '.seconds > 0 and .seconds <= $wall' \
  "$WORK/secs.blktrace.json"

ok "$SSDBENCH" trace plot "$t" -o "$WORK/plot.svg" --lang en
check "plot: an SVG" grep -q "<svg" "$WORK/plot.svg"
ok "$SSDBENCH" trace plot "$t" -o "$WORK/plot.pdf" --lang en
pdftotext "$WORK/plot.pdf" "$WORK/plot.txt"
for title in "Offset against time" "Requests per block size" "Queue depth over time"; do
  check "plot: '$title'" grep -qF "$title" "$WORK/plot.txt"
done
check "plot: the maximum depth in the subtitle" grep -qF "max $(j .qd_max)," "$WORK/plot.txt"
ok "$SSDBENCH" trace plot "$t" -o "$WORK/plot-tw.pdf"
pdftotext "$WORK/plot-tw.pdf" "$WORK/plot-tw.txt"
check "plot: zh-TW by default" grep -qF "佇列深度隨時間變化" "$WORK/plot-tw.txt"

# The shipped traces: blktrace files, each read as blkparse reads it.
for s in "$SRC"/traces/*.blktrace; do
  check "$s: magic 0x65617407" test "$(od -An -tx4 -N4 "$s" | tr -d ' ')" = 65617407
  info_matches "$s"
done

# Refusals: not a block device; bad traces, with the byte offset.
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" trace capture "$img" -o "$WORK/x" -- true
expect_eq "a regular file: exit code" "$rc" 2
check "says it is not a block device" grep -q "not a block device" "$WORK/err.log"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" trace capture "$loop" -o "$mnt/x.blktrace" --seconds 1
expect_eq "output on the traced device: exit code" "$rc" 2
check "says the output is on the traced device" grep -q "x.blktrace: error: on $loop itself" "$WORK/err.log"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" trace info "$t" --seconds 3
expect_eq "an option of another sub-command: exit code" "$rc" 2
check "says whose option it is" grep -q "\-\-seconds is for 'trace capture', not 'trace info'" "$WORK/err.log"
head -c 100 "$t" > "$WORK/short.blktrace"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" trace info "$WORK/short.blktrace"
expect_eq "a truncated trace: exit code" "$rc" 2
check "a truncated trace is refused at byte 96" \
  grep -q "short.blktrace: error: byte 96: truncated record (4 of 48 bytes)" "$WORK/err.log"
: > "$WORK/empty.blktrace"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" trace info "$WORK/empty.blktrace"
check "an empty trace is refused" grep -q "empty.blktrace: error: byte 0: empty file" "$WORK/err.log"
run_rc "$WORK/out.log" "$WORK/err.log" "$SSDBENCH" trace info "$WORK/info.json"
check "another magic is refused" grep -q "info.json: error: byte 0: no blktrace record there (not a blktrace file)$" "$WORK/err.log"
echo "trace_capture: ok"
