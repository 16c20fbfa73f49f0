#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Benches through fio's own client/server mode, on loopback: two fio servers act as
# two benches. "hosts check" tells a live server from a dead port; a plan whose
# target is bound to a bench runs there and its archive reads like a local one
# (client/server fio.json, logs renamed, series.csv and results.csv with fio's
# numbers), with the host in the manifest; a server killed mid-element fails that
# element with a clear message, and resume after a restart finishes the run.
. "$(dirname "$0")/remote_lib.sh"

p1=$(free_port)
start_server bench1 "$p1"
s1=$server_pid
p2=$(free_port)
[ "$p2" != "$p1" ] || p2=$(free_port)
start_server bench2 "$p2"
s2=$server_pid
dead=$(free_port)
while [ "$dead" = "$p1" ] || [ "$dead" = "$p2" ]; do dead=$(free_port); done

# --- hosts check ------------------------------------------------------------------
export SSDBENCH_HOST_TIMEOUT_S=5
run_rc "$WORK/h1.log" "$WORK/h1.err" "$SSDBENCH" hosts check \
  --host b1=127.0.0.1:"$p1" --host b2=127.0.0.1:"$p2"
[ "$rc" = 0 ] || { cat "$WORK/h1.log" "$WORK/h1.err" >&2; fail "hosts check of two live servers: $rc"; }
fio_here=$(fio --version)
check "b1 answers with this fio" grep -q "fio server: ok: answers as '.*' (.*) with $fio_here, the same major.minor" "$WORK/h1.log"
expect_eq "live servers ok" "$(grep -c 'fio server: ok' "$WORK/h1.log")" 2
check "summary" grep -qx "2 hosts: 2 ok, 0 failed" "$WORK/h1.log"
check "ssh state is reported" grep -Eq "^  ssh: +(ok|failed)" "$WORK/h1.log"

run_rc "$WORK/h2.log" "$WORK/h2.err" "$SSDBENCH" hosts check \
  --host b1=127.0.0.1:"$p1" --host gone=127.0.0.1:"$dead"
expect_eq "hosts check with a dead port: exit code" "$rc" 1
check "names the dead host and why" grep -q "fio server: FAILS: fio's server on host 'gone' (127.0.0.1,$dead) does not answer: fio: failed to connect to 127.0.0.1:$dead" "$WORK/h2.log"
check "summary names it" grep -qx "2 hosts: 1 ok, 1 failed: 'gone'" "$WORK/h2.log"
run_rc "$WORK/h3.log" "$WORK/h3.err" "$SSDBENCH" hosts check
expect_eq "hosts check of nothing: exit code" "$rc" 2
run_rc "$WORK/h4.log" "$WORK/h4.err" "$SSDBENCH" hosts check --host 'b 1=127.0.0.1'
expect_eq "hosts check of a bad name: exit code" "$rc" 2

# --- a run on bench1 ----------------------------------------------------------------
bench_plan "$WORK/plan.xml" "<host name=\"bench1\" address=\"127.0.0.1\" port=\"$dead\"/>"
out=$WORK/out
tgt=$WORK/bench1/t.bin
# --host replaces the plan's (dead) address; --target binds dut to bench1.
run_rc "$WORK/run.log" "$WORK/run.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$out" \
  --host bench1=127.0.0.1:"$p1" --target dut=bench1:file:"$tgt",size=16MiB
[ "$rc" = 0 ] || { cat "$WORK/run.log" "$WORK/run.err" >&2; fail "run on bench1: $rc"; }
m=$out/manifest.json
expect_eq "status" "$(jq -r .status "$m")" complete
expect_eq "target host" "$(jq -c '.target.host | [.name, .fio_server]' "$m")" "[\"bench1\",\"127.0.0.1,$p1\"]"
expect_eq "target path" "$(jq -r .target.path "$m")" "$tgt"
check "the bench wrote the target" test "$(stat -c %s "$tgt")" = 16777216
rr=$out/steps/002-rr
expect_eq "fio.json is client/server" "$(jq -r '[.client_stats[] | select(.jobname != "All clients") | "\(.hostname),\(.port),\(.error)"] | join(" ")' "$rr/fio.json")" "127.0.0.1,$p1,0"
check "no log left with a host suffix" test -z "$(find "$out/steps" -name '*.log.*')"
for f in log_iops.1.log log_iops.2.log log_bw.1.log log_clat.2.log; do
  check "$f present" test -s "$rr/$f"
done
json_iops=$(jq '[.client_stats[] | select(.jobname != "All clients") | .read.iops] | add' "$rr/fio.json")
expect_eq "results.csv read_iops is fio's" "$(csv_get "$out/results.csv" 2 read_iops)" "$(printf '%.2f' "$json_iops")"
# series.csv's first second is the sum of the two clones' logged IOPS.
first=$(awk -F', ' 'FNR == 1 { s += $2 } END { print s }' "$rr/log_iops.1.log" "$rr/log_iops.2.log")
[ "$first" -gt 0 ] || fail "no IOPS logged"
expect_eq "series.csv first second" "$(awk -F, 'NR == 2 { print $1 "," $2 }' "$rr/series.csv")" "1.000,$first.0"
archive_ok_cs() {
  "$SSDBENCH" verify "$1" > "$WORK/verify.log" 2>&1 || { cat "$WORK/verify.log" >&2; fail "verify"; }
  "$SSDBENCH" report "$1" -o "$WORK/report.pdf" > "$WORK/report.log" 2>&1 ||
    { cat "$WORK/report.log" >&2; fail "report"; }
}
archive_ok_cs "$out"

# Refusals before anything runs.
run_rc "$WORK/u1.log" "$WORK/u1.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/u1" \
  --target dut=bench9:file:"$tgt",size=16MiB
expect_eq "unknown host: exit code" "$rc" 2
check "names the unknown host" grep -q "no host 'bench9'" "$WORK/u1.err"
run_rc "$WORK/u2.log" "$WORK/u2.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/u2" \
  --host bench1=127.0.0.1:"$p1" --target dut=bench1:/dev/nvme0n1
expect_eq "device on a bench without ssh: exit code" "$rc" 1
check "says device steps need ssh" grep -q "(a device target on host 'bench1' runs over ssh)" "$WORK/u2.err"
run_rc "$WORK/u3.log" "$WORK/u3.err" "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/u3" \
  --host bench1=127.0.0.1:"$dead" --target dut=bench1:file:"$tgt",size=16MiB
expect_eq "dead bench: exit code" "$rc" 1
check "says the server does not answer" grep -q "fio's server on host 'bench1' (127.0.0.1,$dead) does not answer" "$WORK/u3.err"

# --- bench2 dies mid-element, comes back, resume finishes ----------------------------
cat > "$WORK/long.xml" <<PLAN
<plan name="lost">
  <host name="bench2" address="127.0.0.1" port="$p2"/>
  <target name="dut" file="t.bin" size="16MiB" host="bench2"/>
  <workload name="first" rw="randwrite" bs="4k" runtime="1s"/>
  <workload name="second" rw="randread" bs="4k" runtime="6s"/>
  <workload name="third" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
lost=$WORK/lost
"$SSDBENCH" run "$WORK/long.xml" --out "$lost" \
  --target dut=bench2:file:"$WORK/bench2/t.bin",size=16MiB > "$WORK/lost.log" 2>&1 &
pid=$!
wait_file "$pid" "$lost/steps/002-second/job.fio"
# Kill once the step's fio client is connected to bench2 (bounded, 10 s).
for _ in $(seq 100); do
  connected "$p2" && break
  sleep 0.1
done
connected "$p2" || fail "the step never connected to bench2"
stop_server "$s2" "$p2"
wait_exit "$pid" 60
expect_eq "run that lost its bench: exit code" "$rc" 1
lm=$lost/manifest.json
expect_eq "statuses" "$(jq -r '[.steps[].status] | join(",")' "$lm")" "ok,failed,pending"
err=$(jq -r '.steps[1].error' "$lm")
case "$err" in
  "lost fio's server on host 'bench2' (127.0.0.1,$p2) during the step"*) ;;
  *) head -c 600 "$lost"/steps/002-second/fio.* >&2; fail "the element's error does not say the server went away: $err" ;;
esac
no_fio_left "$lost"

start_server bench2 "$p2"
# A resume takes hosts and targets only from its command line (#30), as the run had them.
run_rc "$WORK/res.log" "$WORK/res.err" "$SSDBENCH" resume "$lost"
expect_eq "resume without --host: exit code" "$rc" 2
check "resume without --host: says so" grep -qF "target 'dut' is on host 'bench2': resume contacts only the hosts named on its command line (--host bench2=ADDRESS)" "$WORK/res.err"
run_rc "$WORK/res.log" "$WORK/res.err" "$SSDBENCH" resume "$lost" --host "bench2=127.0.0.1:$p2" \
  --target dut=bench2:file:"$WORK/bench2/t.bin",size=16MiB
[ "$rc" = 0 ] || { cat "$WORK/res.log" "$WORK/res.err" >&2; fail "resume: $rc"; }
expect_eq "statuses after resume" "$(jq -r '[.steps[].status] | join(",")' "$lm")" "ok,ok,ok"
expect_eq "host after resume" "$(jq -r .target.host.name "$lm")" bench2
check "second ran again on bench2" jq -e '.client_stats[0].read.io_bytes > 0' "$lost/steps/002-second/fio.json" > /dev/null
archive_ok_cs "$lost"
stop_server "$s1" "$p1"
echo "remote: ok"
