#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every fio run has its own random seed (issue #19): rounds of random writes until 1x
# the capacity is written fill a drive as independent rounds do, instead of replaying
# one round's LBAs (fio's default randrepeat=1). On a loop device over a sparse file,
# purged by discard: 1 s rounds of 4 KiB random writes at ~9 % of the device per
# round cover at least 55 % of it (independent rounds: 1 - 0.91^11 = 65 %; the same
# seed every round: ~9 %), counted from the backing file's allocated blocks; as one
# fio process (continuous rounds) they cover all of it. Also:
# the seeds in the job files and the manifest agree, differ per round, follow
# --set seed=N, and a rerun repeats them exactly. (These rounds are made
# continuous="0": one fio process per round. continuous.sh has the one-process
# kind, which covers the whole device.)
. "$(dirname "$0")/device_lib.sh"
need_root seeds

mib=256
truncate -s ${mib}M "$WORK/backing.img"
new_loop loop "$WORK/backing.img"
kname=${loop#/dev/}
# ~9 % of 256 MiB per 1 s round: 23 MiB/s.
cat > "$WORK/fill.xml" <<'PLAN'
<plan name="fill">
  <target name="dut" device="/dev/placeholder"/>
  <purge name="erase" method="discard"/>
  <rounds name="fill" until="written" written="1x" max="40" continuous="0">
    <workload name="rnd" rw="randwrite" bs="4k" iodepth="8" runtime="1s" rate="23m"/>
  </rounds>
</plan>
PLAN
"$SSDBENCH" run "$WORK/fill.xml" --target "dut=$loop" --destroy "$kname" --out "$WORK/A" \
  -q > "$WORK/a.log" 2>&1 || { cat "$WORK/a.log" >&2; fail "the fill run"; }
sync
alloc=$(du --block-size=1 "$WORK/backing.img" | cut -f1)
m=$WORK/A/manifest.json
rounds=$(jq '[.steps[] | select(.name == "rnd")] | length' "$m")
written=$(jq '[.steps[] | select(.name == "rnd") | .dir] | .[]' -r "$m" |
  while read -r d; do jq '.jobs[0].write.io_bytes' "$WORK/A/$d/fio.json"; done | paste -sd+ | bc)
echo "seeds: $rounds rounds wrote $written bytes; $alloc of $((mib << 20)) bytes allocated"
check "rounds wrote at least 1x ($written bytes)" test "$written" -ge $((mib << 20))
check "the rounds cover at least 55 % of the device ($alloc bytes)" \
  awk -v a="$alloc" -v c=$((mib << 20)) 'BEGIN { exit !(a >= 0.55 * c) }'

# The same fill as one fio process (continuous rounds, the default): its random
# offsets never repeat a block until every block was written once, so 1x covers
# the whole device.
truncate -s ${mib}M "$WORK/backing2.img"
new_loop loop2 "$WORK/backing2.img"
sed 's/ continuous="0"//' "$WORK/fill.xml" > "$WORK/fill2.xml"
"$SSDBENCH" run "$WORK/fill2.xml" --target "dut=$loop2" --destroy "${loop2#/dev/}" \
  --out "$WORK/C" -q > "$WORK/c.log" 2>&1 || { cat "$WORK/c.log" >&2; fail "the continuous fill"; }
sync
alloc2=$(du --block-size=1 "$WORK/backing2.img" | cut -f1)
echo "seeds: one fio process: $alloc2 of $((mib << 20)) bytes allocated"
expect_eq "one fio process" "$(cd "$WORK/C" && ls -d steps/*/fio | wc -l)" 1
check "one fio process covers the whole device ($alloc2 bytes)" \
  awk -v a="$alloc2" -v c=$((mib << 20)) 'BEGIN { exit !(a >= 0.99 * c) }'

# The seeds: one per fio run, the same in job.fio and the manifest, none twice.
seeds=$(jq -r '.steps[] | select(.kind == "workload") | "\(.dir) \(.seed)"' "$m")
while read -r d s; do
  expect_eq "$d: job file's randseed" "$(grep '^randseed=' "$WORK/A/$d/job.fio")" "randseed=$s"
done <<< "$seeds"
expect_eq "every round has its own seed" "$(cut -d' ' -f2 <<< "$seeds" | sort -u | wc -l)" "$rounds"
expect_eq "no seed for the purge" "$(jq '.steps[0].seed' "$m")" null

# The same plan on a file: --set seed=N changes every seed; a rerun repeats them.
cat > "$WORK/small.xml" <<'PLAN'
<plan name="small">
  <target name="dut" file="t.bin" size="16MiB"/>
  <rounds name="r" until="max" max="2" continuous="0">
    <workload name="w" rw="randwrite" bs="4k" runtime="1s"/>
  </rounds>
</plan>
PLAN
"$SSDBENCH" run "$WORK/small.xml" --out "$WORK/S1" -q > /dev/null
"$SSDBENCH" run "$WORK/small.xml" --out "$WORK/S7" --set seed=7 -q > /dev/null
"$SSDBENCH" rerun "$WORK/S7" --out "$WORK/S7r" -q > /dev/null
s1=$(jq -c '[.steps[].seed]' "$WORK/S1/manifest.json")
s7=$(jq -c '[.steps[].seed]' "$WORK/S7/manifest.json")
check "--set seed=7 gives other seeds ($s1, $s7)" test "$s1" != "$s7"
expect_eq "a rerun repeats the seeds" "$(jq -c '[.steps[].seed]' "$WORK/S7r/manifest.json")" "$s7"
"$SSDBENCH" run "$WORK/small.xml" --out "$WORK/D" --set seed=7 --dry-run > "$WORK/dry.log"
expect_eq "the dry run shows round 1's seed" \
  "$(grep -m1 '^randseed=' "$WORK/dry.log")" "$(grep '^randseed=' "$WORK/S7/steps/001-w-r1/job.fio")"
run_rc "$WORK/x.log" "$WORK/x.err" "$SSDBENCH" check "$WORK/small.xml" --set seed=-3
expect_eq "a bad seed: exit code" "$rc" 2
check "says why" grep -qF -- "--set 'seed=-3': invalid seed '-3'" "$WORK/x.err"
# The other <plan> attributes --set gives, checked as if written there.
"$SSDBENCH" check "$WORK/small.xml" --set write-cache=on > "$WORK/wc.log" ||
  fail "check --set write-cache=on"
check "--set write-cache=on: the plan's" grep -q "^write cache: on (the plan's" "$WORK/wc.log"
run_rc "$WORK/x.log" "$WORK/x.err" "$SSDBENCH" check "$WORK/small.xml" --set write-cache=of
expect_eq "a bad write-cache: exit code" "$rc" 2
check "says why" grep -qF -- "--set 'write-cache=of': invalid write-cache 'of' (did you mean 'off'?)" "$WORK/x.err"
echo "seeds: ok"
