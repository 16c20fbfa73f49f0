#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Renders the sample archive samples/archives/qd-sweep (a real run of
# samples/plans/qd-sweep.xml) in all three languages and checks every output with
# the tools readers use; renders it twice for byte-identical files; and draws
# every kind of `ssdbench plot` from the samples' fio logs and JSON.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report_lib.sh"

for t in pdftoppm pdftotext xmllint rsvg-convert; do
  command -v $t > /dev/null || { echo "SKIP: $t missing"; exit 77; }
done
arch=$WORK/qd-sweep
cp -r "$SRC/samples/archives/qd-sweep" "$arch"

render() { # LANG OUT [extra args...]
  local lang=$1 out=$2; shift 2
  mkdir -p "$out"
  "$SSDBENCH" report "$arch" --lang "$lang" -o "$out/report.pdf" --svg "$out/svg" \
    --png "$out/png" "$@" > "$WORK/report.log" 2>&1 || { cat "$WORK/report.log"; fail "report --lang $lang"; }
}

declare -A want=([zh-TW]="IOPS 離散分佈|佇列深度|隨機讀寫佇列深度掃描"
                 [zh-CN]="IOPS 离散分布|队列深度|性能摘要"
                 [en]="IOPS dispersion|Queue depth|Summary")
for lang in zh-TW zh-CN en; do
  out=$WORK/$lang
  render "$lang" "$out" --width 700 --date 2026-01-02T03:04:05Z
  check_rendered "$lang" "$out" "${want[$lang]}"
  for n in sweep-qd-iops sweep-qd-lat dispersion summary step-010-iops; do
    check "$lang: $n.svg" test -s "$out/svg/$n.svg"
    expect_eq "$lang: $n.png width" "$(png_width "$out/png/$n.png")" 700
    expect_eq "$lang: $n@2x.png width" "$(png_width "$out/png/$n@2x.png")" 1400
  done
  check "$lang: --date in the PDF" grep -aq "CreationDate (D\?:\?20260102030405" "$out/report.pdf"
done

# Twice, in separate processes: byte-identical PDF, SVG and PNG.
render zh-TW "$WORK/again" --width 700 --date 2026-01-02T03:04:05Z
check "same PDF" cmp "$WORK/zh-TW/report.pdf" "$WORK/again/report.pdf"
check "same SVGs" diff -r "$WORK/zh-TW/svg" "$WORK/again/svg"
check "same PNGs" diff -r "$WORK/zh-TW/png" "$WORK/again/png"
SOURCE_DATE_EPOCH=1700000000 render en "$WORK/sde"
check "SOURCE_DATE_EPOCH in the PDF" grep -aq "CreationDate (D\?:\?20231114221320" "$WORK/sde/report.pdf"

# A reviewer's copy of the template: another title, the summary only.
sed -e 's|<chart kind="summary" width="960"/>|<chart kind="summary" width="700" title="我的總覽"/>|' \
    -e '/kind="card"/d; /kind="step-iops"/d; /kind="sweep-qd"/d; /kind="dispersion"/d; /kind="consistency"/d' \
    "$SRC/templates/report-default.xml" > "$WORK/mine.xml"
render zh-TW "$WORK/mine" --template "$WORK/mine.xml"
pdftotext "$WORK/mine/report.pdf" "$WORK/mine.txt"
check "template title in the PDF" grep -qF "我的總覽" "$WORK/mine.txt"
expect_eq "template: only its chart" "$(ls "$WORK/mine/svg")" "summary.svg"
# The cover (its step table may go on over a page: "測試步驟（續）"), then only the
# summary: on one page, or on more when its bars do not fit one at the smallest type
# (#22), each part titled "我的總覽（k/n）".
pages=$(pdfinfo "$WORK/mine/report.pdf" | awk '/^Pages:/ {print $2}')
mine=0 first=0
for ((pg = 2; pg <= pages; pg++)); do
  if pdftotext -f $pg -l $pg "$WORK/mine/report.pdf" - | grep -qF "我的總覽"; then
    mine=$((mine + 1)); [ $first -gt 0 ] || first=$pg
  fi
done
check "template: its chart has a page" test "$mine" -ge 1
expect_eq "template: the cover's pages, then its chart's" "$pages" $((first - 1 + mine))
for ((pg = 2; pg < first; pg++)); do
  check "template: page $pg goes on with the cover" \
    bash -c "pdftotext -f $pg -l $pg '$WORK/mine/report.pdf' - | grep -qF '測試步驟'"
done

# ssdbench plot: every kind, every format.
S=$SRC/samples
p() { "$SSDBENCH" plot "$@" > "$WORK/plot.log" 2>&1 || { cat "$WORK/plot.log"; fail "plot $*"; }; }
p -o "$WORK/time.svg" "$arch"/steps/010-*/log_iops.1.log "$S"/randrw-mix/log_iops.*.log
p --kind scatter --log-y -o "$WORK/scatter.pdf" "$arch"/steps/010-*/log_iops.1.log
p -x written -o "$WORK/written.png" -w 700 "$arch"/steps/010-*/log_bw.1.log
p --kind qos -o "$WORK/qos.svg" "$S"/randread-qd1/fio.json "$S"/randrw-mix/fio.json
p --kind hist -o "$WORK/hist.svg" "$arch"/steps/006-*/fio.json "$arch"/steps/009-*/fio.json
p --kind bars -o "$WORK/bars.svg" "$arch"/steps/00[1-6]-*/fio.json
p --kind delta -o "$WORK/delta.svg" "$arch"/steps/00[1-6]-*/fio.json
for f in time qos hist bars delta; do
  check "plot $f.svg: xmllint" xmllint --noout "$WORK/$f.svg"
  check "plot $f.svg: rsvg-convert" rsvg-convert -o "$WORK/rsvg.png" "$WORK/$f.svg"
done
check "plot scatter.pdf" pdftoppm -r 30 -png "$WORK/scatter.pdf" "$WORK/scatter"
expect_eq "plot written.png width" "$(png_width "$WORK/written.png")" 700

# Usage errors exit 2, input errors 1.
set +e
"$SSDBENCH" plot --kind pie "$S"/randread-qd1/fio.json 2> /dev/null; expect_eq "bad kind" $? 2
"$SSDBENCH" plot -o x.jpg "$S"/randread-qd1/fio.json 2> /dev/null; expect_eq "bad format" $? 2
"$SSDBENCH" plot -o "$WORK/x.svg" 2> /dev/null; expect_eq "no files" $? 2
"$SSDBENCH" plot -o "$WORK/x.svg" "$S"/randread-qd1/fio.json 2> /dev/null; expect_eq "JSON for time" $? 1
"$SSDBENCH" report "$arch" --width 12 2> /dev/null; expect_eq "bad width" $? 2
"$SSDBENCH" report "$arch" --date yesterday 2> /dev/null; expect_eq "bad date" $? 2
set -e
echo "ok"
