#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The sample archives made by shipped plans (samples/archives/generate.sh: smoke runs
# of testplans/drivemaster-wsat.xml and testplans/snia-iops.xml on files) verify
# intact and render in all three languages; pdftoppm renders every page, pdftotext
# finds the translated titles, every SVG passes xmllint and rsvg-convert.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report_lib.sh"

for t in pdftoppm pdftotext xmllint rsvg-convert; do
  command -v $t > /dev/null || { echo "SKIP: $t missing"; exit 77; }
done
declare -A want=(
  [drivemaster-wsat.zh-TW]="IOPS 與已寫入容量|延遲 QoS|DriveMaster 寫入飽和與一致性"
  [drivemaster-wsat.zh-CN]="IOPS 与已写入容量|延迟 QoS|DriveMaster 写入饱和与一致性"
  [drivemaster-wsat.en]="IOPS over capacity written|Latency QoS|DriveMaster write saturation and consistency"
  [snia-iops.zh-TW]="穩態收斂|SNIA PTS 2.0.2 IOPS 測試"
  [snia-iops.zh-CN]="稳态收敛|SNIA PTS 2.0.2 IOPS 测试"
  [snia-iops.en]="Steady-state convergence|SNIA PTS 2.0.2 IOPS test")
for a in drivemaster-wsat snia-iops; do
  cp -r "$SRC/samples/archives/$a" "$WORK/$a"
  "$SSDBENCH" verify "$WORK/$a" > "$WORK/verify.log" 2>&1 || { cat "$WORK/verify.log"; fail "$a: verify"; }
  for lang in zh-TW zh-CN en; do
    out=$WORK/$a-$lang
    mkdir -p "$out"
    "$SSDBENCH" report "$WORK/$a" --lang "$lang" -o "$out/report.pdf" --svg "$out/svg" \
      --png "$out/png" > "$WORK/report.log" 2>&1 || { cat "$WORK/report.log"; fail "$a: report --lang $lang"; }
    check_rendered "$a $lang" "$out" "${want[$a.$lang]}"
  done
done
check "snia-iops: the convergence chart" test -s "$WORK/snia-iops-en/svg/scope-steady-state-convergence.svg"
check "snia-iops: the IOPS table" test -s "$WORK/snia-iops-en/svg/scope-steady-state-iops-table.svg"
check "drivemaster: IOPS over written" test -s "$WORK/drivemaster-wsat-en/svg/scope-saturation-written.svg"
echo "report_samples: ok"
