#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Continuous rounds (issue #19): a <rounds> scope of one time-based workload with no
# test between rounds runs as ONE fio process, cut into rounds from fio's status
# reports. Checked against fio's own numbers (jq on its reports and its logs):
# - one fio process (one fio/ folder) per scope; the rounds' I/Os and bytes, each
#   its end report minus its start report, add up to fio's final report exactly;
#   until="written" stops at exactly the amount (fio's io_size);
# - no gap: the rounds' runtimes add up to fio's runtime, and fio's own per-second
#   log (written when it exits) has a row every second from start to end;
# - each round's IOPS is its I/Os over its runtime; a 2-job 50/50 mix's interior
#   rounds' per-second series add up to the round's read + write I/Os within 2 %;
# - kill -9 mid-scope, then resume: the finished rounds stay byte-identical, the
#   next round starts a second fio process, and the scope ends with every round;
# - until="time" counts fio's runtime, not fio's start-up.
. "$(dirname "$0")/fault_lib.sh"

cap=$((64 << 20))
cat > "$WORK/plan.xml" <<'PLAN'
<plan name="cont">
  <target name="dut" file="t.bin" size="64MiB"/>
  <rounds name="sat" until="written" written="1x" max="100">
    <workload name="w" rw="randwrite" bs="4KiB" iodepth="4" runtime="1s" rate_iops="1500"/>
  </rounds>
  <rounds name="mix" until="max" max="3">
    <workload name="m" rw="randrw" rwmixread="50" bs="4KiB" iodepth="2" numjobs="2"
              runtime="2s" rate_iops="300"/>
  </rounds>
</plan>
PLAN
out=$WORK/out
run_ok "$WORK/plan.xml" "$out"
m=$out/manifest.json
expect_eq "sat verdict" "$(jq -r '.scopes[] | select(.name == "sat") | .verdict' "$m")" written
expect_eq "mix verdict" "$(jq -r '.scopes[] | select(.name == "mix") | .verdict' "$m")" max
check "says one fio process" grep -q "sat as one fio process" "$WORK/run.log"

# fiojson FILE: FILE's JSON without the lines fio may print before it in its --output
# file (docs: fio 3.33's log_info() notes, "fio: ..." lines; ssdbench's reader skips
# them too), said on stderr when there are any.
fiojson() {
  local skipped
  skipped=$(sed -n '/^{/q;p' "$1")
  [ -z "$skipped" ] || echo "note: $1 begins with text before its JSON: $skipped" >&2
  sed -n '/^{/,$p' "$1"
}
# delta DIR FIELD: FIELD (a jq path in a job's object) of DIR/fio.json less DIR/fio-start.json.
delta() {
  local e s=0
  e=$(fiojson "$out/$1/fio.json" | jq "[.jobs[] | $2] | add")
  [ -f "$out/$1/fio-start.json" ] && s=$(fiojson "$out/$1/fio-start.json" | jq "[.jobs[] | $2] | add")
  echo $((e - s))
}

for scope in sat mix; do
  dirs=$(jq -r ".steps[] | select(.scope == \"$scope\") | .dir" "$m")
  segs=$(for d in $dirs; do if [ -d "$out/$d/fio" ]; then echo "$d"; fi; done)
  expect_eq "$scope: one fio process" "$(wc -l <<< "$segs")" 1
  seg=$out/$segs/fio
  final=$seg/fio.json
  ios=0 bytes=0 rt=0 n=0
  for d in $dirs; do
    n=$((n + 1))
    dio=$(( $(delta "$d" .read.total_ios) + $(delta "$d" .write.total_ios) ))
    ios=$((ios + dio))
    bytes=$((bytes + $(delta "$d" .write.io_bytes)))
    drt=$(delta "$d" '([.read.runtime, .write.runtime] | max)')
    rt=$((rt + drt))
    expect_eq "$d: runtime_ms is the reports' difference" "$(jq -r ".steps[] | select(.dir == \"$d\") | .runtime_ms" "$m")" "$drt"
    row=$(jq -r ".steps[] | select(.dir == \"$d\") | .index" "$m")
    iops=$(awk -v r="$(csv_get "$out/results.csv" "$row" read_iops)" \
      -v w="$(csv_get "$out/results.csv" "$row" write_iops)" 'BEGIN { print r + w }')
    check "$d: IOPS $iops = $dio I/Os / $drt ms" awk -v a="$iops" -v b="$(awk -v i=$dio -v t=$drt 'BEGIN { print i * 1000 / t }')" \
      'BEGIN { exit !(a > 0 && a - b < 0.005 * b + 0.1 && b - a < 0.005 * b + 0.1) }'
    if [ "$scope" = mix ] && [ "$n" -gt 1 ] && [ "$n" -lt 3 ]; then
      sum=$(series_sum "$out/$d/series.csv")
      sum=${sum% *}
      check "$d: the per-second series holds its $dio I/Os ($sum)" awk -v s="$sum" -v i=$dio \
        'BEGIN { exit !(s > 0.98 * i && s < 1.02 * i) }'
    fi
  done
  expect_eq "$scope: the rounds' I/Os are fio's" "$ios" \
    "$(fiojson "$final" | jq '[.jobs[] | .read.total_ios + .write.total_ios] | add')"
  expect_eq "$scope: the rounds' runtimes are fio's (no gap)" "$rt" \
    "$(fiojson "$final" | jq '[.jobs[] | [.read.runtime, .write.runtime] | max] | max')"
  # fio's own per-second log: a row every second, no hole between rounds: as many rows
  # as seconds from the first to the last (a row fio writes late on a loaded machine,
  # 1,150 ms after the one before, is no hole: the next comes on time).
  gaps=$(awk -F', ' '$3 == 1 { if (n++ == 0) f = $1; l = $1 }
    END { h = int((l - f) / 1000 + 0.5) + 1 - n; print (h > 0 ? h : 0) }' "$seg/log_iops.1.log")
  expect_eq "$scope: fio's own log has no hole" "$gaps" 0
  rows=$(awk -F', ' '$3 == 1' "$seg/log_iops.1.log" | wc -l)
  check "$scope: fio's log spans the scope ($rows rows, $rt ms)" test "$rows" -ge $((rt / 1000 - 1))
  [ "$scope" = sat ] && expect_eq "sat: wrote exactly 1x" "$bytes" "$cap"
  # ~10.9 s at 1500 IOPS: a round a second, but no report is asked for within a
  # second of fio's predicted end (a SIGUSR1 in fio's teardown kills it), so fio's
  # final report closes the last round: at least 10.
  [ "$scope" = sat ] && check "sat: at least 10 rounds ($n)" test "$n" -ge 10
  [ "$scope" = mix ] && expect_eq "mix: 3 rounds" "$n" 3
done
"$SSDBENCH" verify "$out" > /dev/null || fail "verify"

# The dry run shows the one job file, with its whole runtime or amount.
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/dry" --dry-run > "$WORK/dry.log"
check "dry run: one fio process" grep -q "one fio process for all the rounds" "$WORK/dry.log"
check "dry run: io_size of 1x" grep -q "^io_size=64m" "$WORK/dry.log"
check "dry run: mix runs 3 x 2 s" grep -q "^runtime=6$" "$WORK/dry.log"
# continuous="0" keeps one fio process per round.
sed 's/max="3">/max="3" continuous="0">/' "$WORK/plan.xml" > "$WORK/per-round.xml"
"$SSDBENCH" run "$WORK/per-round.xml" --out "$WORK/dry2" --dry-run > "$WORK/dry2.log"
check "continuous=0: round 1's job file" grep -q "round 1; every round has its own randseed" "$WORK/dry2.log"

# kill -9 mid-scope, then resume.
cat > "$WORK/kill.xml" <<'PLAN'
<plan name="killed">
  <target name="dut" file="k.bin" size="16MiB"/>
  <rounds name="long" until="time" time="8s">
    <workload name="t" rw="randwrite" bs="4KiB" runtime="1s" rate_iops="500"/>
  </rounds>
</plan>
PLAN
kout=$WORK/kout
"$SSDBENCH" run "$WORK/kill.xml" --out "$kout" > "$WORK/k.log" 2>&1 &
pid=$!
for _ in $(seq 600); do   # start + 3 rounds journaled
  [ "$(wc -l 2>/dev/null < "$kout/journal.jsonl" || echo 0)" -ge 4 ] && break
  kill -0 "$pid" 2>/dev/null || fail "the run ended before it could be killed"
  sleep 0.1
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
# fio dies with ssdbench (PR_SET_PDEATHSIG); its job process, as resume does.
for _ in $(seq 100); do
  left=$(for p in $(pgrep -x fio); do
    case $(readlink "/proc/$p/cwd" 2>/dev/null) in "$kout"/*) echo "$p" ;; esac; done)
  [ -z "$left" ] && break
  kill -KILL $left 2>/dev/null || true
  sleep 0.1
done
no_fio_left "$kout"
done_rounds=$(( $(wc -l < "$kout/journal.jsonl") - 1 ))
check "rounds finished before the kill ($done_rounds)" test "$done_rounds" -ge 3 -a "$done_rounds" -lt 8
(cd "$kout" && for i in $(seq "$done_rounds"); do
   find steps -maxdepth 1 -name "$(printf %03d "$i")-*" -exec find {} -type f \;
 done | sort | xargs sha256sum) > "$WORK/before.sha"
# What fio had written by its last report (journal.written) less what the
# journal's rounds hold: the bytes of the round the kill lost.
check "fio's last report noted" test -s "$kout/journal.written"
lost=$(( $(cat "$kout/journal.written") - $(tail -1 "$kout/journal.jsonl" | jq .written_after) ))
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" resume "$kout"
[ "$rc" = 0 ] || { cat "$WORK/r.log" "$WORK/r.err" >&2; fail "resume failed ($rc)"; }
(cd "$kout" && sha256sum -c --quiet "$WORK/before.sha") || fail "finished rounds changed"
km=$kout/manifest.json
expect_eq "after resume: 8 rounds" "$(jq '[.steps[] | select(.scope == "long") | .round] | join(",")' -r "$km")" "1,2,3,4,5,6,7,8"
expect_eq "after resume: verdict" "$(jq -r '.scopes[0].verdict' "$km")" time
expect_eq "a second fio process from round $((done_rounds + 1))" \
  "$(cd "$kout" && ls -d steps/*/fio | tr '\n' ' ')" \
  "steps/001-t-r1/fio $(printf 'steps/%03d-t-r%d/fio' $((done_rounds + 1)) $((done_rounds + 1))) "
expect_eq "its first round starts anew (no fio-start.json)" \
  "$(test -e "$kout/$(printf 'steps/%03d-t-r%d' $((done_rounds + 1)) $((done_rounds + 1)))/fio-start.json" && echo yes || echo no)" no
expect_eq "every round keeps its segment's seed" "$(jq '[.steps[] | select(.seed == null)] | length' "$km")" 0
expect_eq "the resumed rounds' seed is their own segment's" \
  "$(jq "[.steps[] | .seed] | unique | length" "$km")" 2
expect_eq "the first resumed round counts what the lost round wrote by fio's last report" \
  "$(jq ".steps[$done_rounds].lost_before // 0" "$km")" "$lost"
"$SSDBENCH" verify "$kout" > /dev/null || fail "verify after resume"

# until="time" counts fio's runtime, not its start-up: 3 s of 1 s rounds are 3
# rounds, one fio process each (continuous="0") or one for all.
for c in 0 1; do
  sed "s/until=\"time\" time=\"8s\"/until=\"time\" time=\"3s\" continuous=\"$c\"/" \
    "$WORK/kill.xml" > "$WORK/time$c.xml"
  run_ok "$WORK/time$c.xml" "$WORK/time$c"
  expect_eq "time=3s, continuous=$c: rounds" "$(jq '.scopes[0].rounds' "$WORK/time$c/manifest.json")" 3
done
echo "continuous: ok"
