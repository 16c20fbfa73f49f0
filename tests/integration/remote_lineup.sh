#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A lineup run over benches on loopback: one plan, the same target on two live fio
# servers and on a dead port, all at once. The two live runs complete with archives
# shaped like a local run's (the same files per element, the same results.csv
# columns) and the host recorded; the dead one fails with a clear message without
# stopping the others; the summary says which failed and why. Ctrl-C stops every
# run, each keeping its archive, and the lineup exits 130.
. "$(dirname "$0")/remote_lib.sh"

p1=$(free_port)
start_server bench1 "$p1"
p2=$(free_port)
while [ "$p2" = "$p1" ]; do p2=$(free_port); done
start_server bench2 "$p2"
dead=$(free_port)
while [ "$dead" = "$p1" ] || [ "$dead" = "$p2" ]; do dead=$(free_port); done
export SSDBENCH_HOST_TIMEOUT_S=5

bench_plan "$WORK/plan.xml"
out=$WORK/lineup
run_rc "$WORK/l.log" "$WORK/l.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$out" \
  --host bench1=127.0.0.1:"$p1" --host bench2=127.0.0.1:"$p2" --host gone=127.0.0.1:"$dead" \
  --target dut=bench1:file:"$WORK/bench1/t.bin",size=16MiB \
  --target dut=bench2:file:"$WORK/bench2/t.bin",size=16MiB \
  --target dut=gone:file:"$WORK/gone.bin",size=16MiB
expect_eq "lineup with a dead bench: exit code" "$rc" 1
check "progress lines carry the run" grep -q '^\[01-bench1\] .*\[2/2\] rr: read' "$WORK/l.log"
check "bench2 progress" grep -q '^\[02-bench2\] .*\[2/2\] rr: read' "$WORK/l.log"
check "summary: bench1 complete" grep -qx "\[01-bench1\] complete: archive $out/01-bench1" "$WORK/l.log"
check "summary: bench2 complete" grep -qx "\[02-bench2\] complete: archive $out/02-bench2" "$WORK/l.log"
check "summary: the dead one failed, and why" grep -q "^\[03-gone\] FAILED: error: fio's server on host 'gone' (127.0.0.1,$dead) does not answer" "$WORK/l.log"
check "the error names the failed run" grep -q "1 of 3 runs of the lineup failed: 03-gone" "$WORK/l.err"
# Not on a terminal, the combined status is a timestamped line per change, every run on it.
st='^\[[0-9]{2}:[0-9]{2}:[0-9]{2}\] lineup: 01-bench1 .* \| 02-bench2 .* \| 03-gone '
check "combined status lines" grep -Eq "$st" "$WORK/l.log"
check "the first says every run is starting" grep -Eq "${st%03-gone }03-gone starting$" <(grep -E "$st" "$WORK/l.log" | head -n 1)
check "a run's element shows in it" grep -Eq '\] lineup: 01-bench1 \[2/2\] rr: read [0-9.]+ MB/s [0-9]+ IOPS \|' "$WORK/l.log"
expect_eq "the last status line" "$(grep -E "$st" "$WORK/l.log" | tail -n 1 | cut -d' ' -f2-)" \
  "lineup: 01-bench1 complete | 02-bench2 complete | 03-gone FAILED"

# The same plan here, for the shape of a local archive.
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/local" -q \
  --target dut=file:"$WORK/local.bin",size=16MiB > /dev/null
shape() { (cd "$1/steps" && find . -type f | sort); }
for b in 01-bench1 02-bench2; do
  a=$out/$b
  expect_eq "$b status" "$(jq -r .status "$a/manifest.json")" complete
  expect_eq "$b host" "$(jq -r .target.host.name "$a/manifest.json")" "${b#*-}"
  expect_eq "$b element files as a local run's" "$(shape "$a")" "$(shape "$WORK/local")"
  expect_eq "$b results.csv columns" "$(head -n 1 "$a/results.csv")" "$(head -n 1 "$WORK/local/results.csv")"
  json_iops=$(jq '[.client_stats[] | select(.jobname != "All clients") | .read.iops] | add' "$a/steps/002-rr/fio.json")
  expect_eq "$b read_iops is fio's" "$(csv_get "$a/results.csv" 2 read_iops)" "$(printf '%.2f' "$json_iops")"
  "$SSDBENCH" verify "$a" > /dev/null || fail "verify $b"
done
expect_eq "local host" "$(jq -r .target.host "$WORK/local/manifest.json")" null
check "the dead bench wrote no archive" test ! -e "$out/03-gone/manifest.json"

# Ctrl-C reaches every run of the lineup (one process group): each stops and keeps
# its archive, the summary says each was interrupted, and the lineup exits 130 as a
# single run does. (It waits, at most a minute, until both are in their element.)
cat > "$WORK/long.xml" << 'PLAN'
<plan name="onbench-long">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="rr" rw="randread" bs="4k" runtime="60s"/>
</plan>
PLAN
setsid "$SSDBENCH" run "$WORK/long.xml" --out "$WORK/int" \
  --host bench1=127.0.0.1:"$p1" --host bench2=127.0.0.1:"$p2" \
  --target dut=bench1:file:"$WORK/bench1/u.bin",size=16MiB \
  --target dut=bench2:file:"$WORK/bench2/u.bin",size=16MiB > "$WORK/i.log" 2> "$WORK/i.err" &
pid=$!
for _ in $(seq 600); do   # until both runs are in their element (its folder made)
  [ -d "$WORK/int/01-bench1/steps/001-rr" ] && [ -d "$WORK/int/02-bench2/steps/001-rr" ] && break
  sleep 0.1
done
kill -INT -- -"$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 130 ] || { cat "$WORK/i.log" "$WORK/i.err"; fail "lineup stopped by Ctrl-C: exit $rc, not 130"; }
for b in 01-bench1 02-bench2; do
  check "summary: $b interrupted" grep -qx "\[$b\] interrupted by signal 2: archive $WORK/int/$b" "$WORK/i.log"
  check "$b kept its archive" test -s "$WORK/int/$b/manifest.json"
done
echo "remote_lineup: ok"
