#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Renders an archive with <rounds> scopes (mkrounds.sh: a steady-state matrix
# scope, a write-saturation scope, steps hinted written and qos) in all three
# languages, and checks it with the tools readers use: one page per scope chart
# rather than per element, every SVG through xmllint and rsvg-convert, every PDF
# page through pdftoppm, the translated titles in pdftotext's output.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report_lib.sh"

for t in pdftoppm pdftotext pdfinfo xmllint rsvg-convert; do
  command -v $t > /dev/null || { echo "SKIP: $t missing"; exit 77; }
done
arch=$WORK/rounds
bash "$SRC/tests/integration/mkrounds.sh" "$arch"

declare -A want=([zh-TW]="穩態收斂|穩態測量窗口|於第 6 回合達到穩態|各區塊大小與讀寫比例的 IOPS|各區塊大小與讀寫比例的 IOPS（立體圖）|IOPS 與已寫入容量|延遲 QoS|延遲分佈|完成延遲（µs）|溫度"
                 [zh-CN]="稳态收敛|稳态测量窗口|于第 6 轮达到稳态|各块大小与读写比例的 IOPS|各块大小与读写比例的 IOPS（立体图）|IOPS 与已写入容量|延迟 QoS|延迟分布|完成延迟（µs）|温度"
                 [en]="Steady-state convergence|Steady-state measurement window|Steady state reached at round 6|IOPS by block size and R/W mix|IOPS by block size and R/W mix, 3D|IOPS over capacity written|Latency QoS|Latency histogram|Completion latency (µs)|Temperature")
charts="step-001-written step-002-qos step-002-hist scope-ss-convergence
        scope-ss-window-1 scope-ss-iops-table scope-ss-iops-bs scope-ss-iops-3d scope-wsat-written
        consistency"
for lang in zh-TW zh-CN en; do
  out=$WORK/$lang
  mkdir -p "$out"
  "$SSDBENCH" report "$arch" --lang "$lang" -o "$out/report.pdf" --svg "$out/svg" \
    --png "$out/png" --date 2026-01-02T03:04:05Z > "$WORK/log" 2>&1 || { cat "$WORK/log"; fail "report --lang $lang"; }
  for n in $charts; do
    check "$lang: $n.svg" test -s "$out/svg/$n.svg"
    check "$lang: $n.png" test -s "$out/png/$n.png"
  done
  # The 36 elements of scope ss and 4 of wsat get no page of their own.
  expect_eq "$lang: no element pages" "$(ls "$out/svg" | grep -c '^step-0\(0[3-9]\|[1-4][0-9]\)-' || true)" 0
  # ... plus the consistency table (#21) of the two steps outside rounds.
  expect_eq "$lang: charts" "$(ls "$out/svg" | wc -l)" 12
  expect_eq "$lang: pages (cover + 12)" "$(pdfinfo "$out/report.pdf" | awk '/^Pages:/ {print $2}')" 13
  check_rendered "$lang" "$out" "${want[$lang]}"
  # The matrix table's numbers: 4k at 100/0 is 80000 + 24000 / r^3, rounds 2..6: 80,913.
  check "$lang: IOPS table cell" grep -qF "80,913" "$out/report.txt"
done
# The cover lists each scope once, with its verdict.
check "cover: scope row" grep -qF "6 rounds, 36 elements" "$WORK/en/report.txt"
echo "ok"
