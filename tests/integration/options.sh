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
echo "options: ok"
