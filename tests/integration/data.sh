#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The data pattern (issue #19): data="random|zero|compressible:N%" on the plan or a
# step reaches fio's job file and fio itself, is what lands on the target -- measured
# independently as how well gzip packs the file a 1x fill wrote -- and is recorded in
# the manifest and on the report's cover.
. "$(dirname "$0")/lib.sh"

fill() {  # fill NAME PLAN-DATA [STEP-DATA]
  cat > "$WORK/$1.xml" <<PLAN
<plan name="$1" data="$2">
  <target name="dut" file="t.bin" size="16MiB"/>
  <precondition name="fill" amount="1x" bs="1m"${3:+ data=\"$3\"}/>
</plan>
PLAN
  "$SSDBENCH" run "$WORK/$1.xml" --out "$WORK/$1" -q > "$WORK/$1.log" 2>&1 ||
    { cat "$WORK/$1.log" >&2; fail "$1: run"; }
}
# ratio NAME: gzip's output over the target's size, in percent.
ratio() { echo $(( $(gzip -1 -c "$WORK/$1/t.bin" | wc -c) * 100 / $(stat -c %s "$WORK/$1/t.bin") )); }

fill random random
fill zero zero
fill half random compressible:50%
r=$(ratio random); z=$(ratio zero); h=$(ratio half)
echo "data: gzip keeps $r % of random data, $z % of zeros, $h % of compressible:50%"
check "random data does not compress ($r %)" test "$r" -ge 90
check "zeros do ($z %)" test "$z" -le 2
check "compressible:50% packs to about half ($h %)" test "$h" -ge 40 -a "$h" -le 62
for n in random zero half; do
  want=$([ $n = half ] && echo compressible:50% || echo $n)
  expect_eq "$n: the manifest" "$(jq -r '.steps[0].data' "$WORK/$n/manifest.json")" "$want"
done
job=$WORK/half/steps/001-fill/job.fio
for line in refill_buffers=1 buffer_compress_percentage=50 buffer_compress_chunk=4k; do
  check "job file has $line" grep -qx "$line" "$job"
done
expect_eq "fio saw it" "$(jq -r '.["global options"].buffer_compress_percentage' \
  "$WORK/half/steps/001-fill/fio.json")" 50
check "zeros: zero_buffers" grep -qx zero_buffers=1 "$WORK/zero/steps/001-fill/job.fio"
"$SSDBENCH" report "$WORK/half" --lang en -o "$WORK/half.pdf" > /dev/null
# the pattern in words, as a reviewer writes it (the plan says compressible:50%)
pdftotext -l 1 "$WORK/half.pdf" - | grep -q "data: 50 % compressible" || fail "the cover says the data"
echo "data: ok"
