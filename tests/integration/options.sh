#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every typed workload option and a <fio> pass-through reach fio: in the job file
# ssdbench writes, and in the options fio itself reports back in its JSON.
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="options">
  <target name="dut" file="t.bin" size="32MiB"/>
  <workload name="mix" rw="randrw" rwmixread="70" bssplit="4k/60:8k/30:64k/10"
            offset="4MiB" size="16MiB" rate_iops="2000" norandommap="1"
            random_distribution="zipf:1.2" thinktime="1ms" iodepth="4" runtime="2s">
    <fio option="percentage_random" value="80"/>
    <fio option="random_generator" value="tausworthe64"/>
  </workload>
</plan>
PLAN
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/out" > "$WORK/log" 2>&1 ||
  { cat "$WORK/log"; fail "run"; }
job=$WORK/out/steps/001-mix/job.fio
for line in rwmixread=70 bssplit=4k/60:8k/30:64k/10 offset=4m size=16m rate_iops=2000 \
            norandommap=1 random_distribution=zipf:1.2 thinktime=1000 \
            percentage_random=80 random_generator=tausworthe64 randrepeat=0; do
  check "job file has $line" grep -qx "$line" "$job"
done
json=$WORK/out/steps/001-mix/fio.json
o='.jobs[0]["job options"]'
expect_eq "fio saw bssplit" "$(jq -r "$o.bssplit" "$json")" 4k/60:8k/30:64k/10
expect_eq "fio saw percentage_random" "$(jq -r "$o.percentage_random" "$json")" 80
expect_eq "fio saw thinktime (us)" "$(jq -r "$o.thinktime" "$json")" 1000
expect_eq "fio saw the offset" "$(jq -r '.["global options"].offset // '"$o"'.offset' "$json")" 4m
# rate_iops=2000 over 2 s caps the I/O count: the limit took effect.
total=$(jq '.jobs[0].read.total_ios + .jobs[0].write.total_ios' "$json")
check "rate_iops held ($total I/Os in 2 s)" test "$total" -le 4400
expect_eq "step ok" "$(jq -r '.steps[0].status' "$WORK/out/manifest.json")" ok

# An offset without a size uses the rest of the target, never past its end; an
# offset (plus size) past the end is refused at the attribute by check, the dry run
# and run, before fio runs (fio would grow a file target to reach it).
cat > "$WORK/half.xml" <<'PLAN'
<plan name="half">
  <target name="dut" file="h.bin" size="16MiB"/>
  <workload name="w" rw="randwrite" bs="4k" offset="50%" runtime="1s"/>
</plan>
PLAN
"$SSDBENCH" run "$WORK/half.xml" --out "$WORK/half" > "$WORK/half.log" 2>&1 ||
  { cat "$WORK/half.log"; fail "offset 50%"; }
check "offset 50%: job file" grep -qx "offset=8m" "$WORK/half/steps/001-w/job.fio"
check "offset 50%: the rest of the target" grep -qx "size=8m" "$WORK/half/steps/001-w/job.fio"
expect_eq "offset 50%: the file keeps its size" "$(stat -c %s "$WORK/half/h.bin")" 16777216
sed 's/offset="50%"/offset="150%"/' "$WORK/half.xml" > "$WORK/past.xml"
where="^$WORK/past.xml:3:53: error: offset 24 MiB of step 'w' is not inside target 'dut' (16 MiB)"
for cmd in check run dry; do
  case $cmd in
    check) args=(check "$WORK/past.xml") ;;
    run) args=(run "$WORK/past.xml" --out "$WORK/past") ;;
    dry) args=(run "$WORK/past.xml" --out "$WORK/past" --dry-run) ;;
  esac
  run_rc "$WORK/past.log" "$WORK/past.err" "$SSDBENCH" "${args[@]}"
  expect_eq "offset 150%: $cmd: exit code" "$rc" 2
  grep -q "$where" "$WORK/past.err" || { cat "$WORK/past.log" "$WORK/past.err"; fail "offset 150%: $cmd: where"; }
done
check "offset 150%: no archive" test ! -e "$WORK/past"
run_rc "$WORK/big.log" "$WORK/big.err" "$SSDBENCH" check "$WORK/past.xml" \
  --target "dut=file:$WORK/big.bin,size=64MiB"
expect_eq "offset 150% of --target 64MiB: exit code" "$rc" 2
check "offset 150% of --target 64MiB: says 96 MiB" grep -q "offset 96 MiB of step 'w'" "$WORK/big.err"
echo "options: ok"
