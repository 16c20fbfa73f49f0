#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #22 disp: testplans/qd-sweep.xml (smoke: QD 1 and 4, 1 s each) on a 64 MiB file.
# The report's QD sweep is three charts: MB/s against QD for the sequential
# patterns only, IOPS against QD for the random ones only (never one axis for
# both), and mean response time against IOPS, a line per pattern, each point
# marked QDn. Every value, read from the chart model (chart_dump), against jq over
# that step's fio.json: bw_bytes / 1e6, iops, lat_ns.mean weighted by total_ios.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pdfsize.sh"  # #22: pdf_ok, no word under 9 pt
DUMP=${3:?usage: $0 SSDBENCH SOURCE_DIR CHART_DUMP}

out=$WORK/out
"$SSDBENCH" run "$SRC/testplans/qd-sweep.xml" --set smoke=1 \
  --target "dut=file:$WORK/t.bin,size=64MiB" --out "$out" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log" >&2; fail "run failed"; }
pdf_ok "qd-sweep smoke: report.pdf" "$out/report.pdf"
m=$out/manifest.json
for p in mbps iops lat; do
  check "charts/sweep-qd-$p.svg" test -s "$out/charts/sweep-qd-$p.svg"
  "$DUMP" "$out" "sweep-qd-$p" > "$WORK/$p.tsv" || fail "chart_dump sweep-qd-$p"
done
pdftotext "$out/report.pdf" "$WORK/report.txt"
for t in "MB/s 與佇列深度" "IOPS 與佇列深度" "平均回應時間與 IOPS"; do
  check "'$t' in the PDF" grep -q "$t" "$WORK/report.txt"
done
series() { awk -F'\t' '$1 == "series" { print $2 }' "$1" | paste -sd,; }
# each line named by its pattern in the model's words (English), never fio's rw=
expect_eq "MB/s chart: the sequential patterns" "$(series "$WORK/mbps.tsv")" \
  "256K sequential read,256K sequential write"
expect_eq "IOPS chart: the random patterns" "$(series "$WORK/iops.tsv")" "4K random read,4K random write"
expect_eq "latency chart: every pattern" "$(series "$WORK/lat.tsv")" \
  "256K sequential read,256K sequential write,4K random read,4K random write"
# a pattern keeps its colour and marker from chart to chart, and no two share them
styles() { awk -F'\t' '$1 == "series" { print $2 "\t" $3 "\t" $4 }' "$@" | sort -u; }
expect_eq "each pattern one colour and marker in the three charts" \
  "$(styles "$WORK/mbps.tsv" "$WORK/iops.tsv")" "$(styles "$WORK/lat.tsv")"
expect_eq "four patterns, four colours" "$(styles "$WORK/lat.tsv" | cut -f2 | sort -u | wc -l)" 4

# fio_of RW BS QD JQ: JQ over the fio.json of the step run as RW, BS, QD.
fio_of() {
  local dir
  dir=$(jq -r --arg rw "$1" --argjson bs "$2" --argjson qd "$3" \
    '.steps[] | select(.rw == $rw and .bs == $bs and .iodepth == $qd) | .dir' "$m")
  [ -n "$dir" ] && [ "$(wc -l <<< "$dir")" = 1 ] || fail "one step $1 $2 QD$3 (got '$dir')"
  jq "$4" "$out/$dir/fio.json"
}
bw='[.jobs[] | .read.bw_bytes + .write.bw_bytes] | add / 1e6'
iops='[.jobs[] | .read.iops + .write.iops] | add'
lat='[.jobs[] | .read, .write | select(.total_ios > 0) | [.lat_ns.mean * .total_ios, .total_ios]]
     | (map(.[0]) | add) / (map(.[1]) | add) / 1000'
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 1e-6 * b) }'; }
bs_of() { case $1 in "256K "*) echo 262144 ;; "4K "*) echo 4096 ;; *) fail "size of '$1'" ;; esac; }
rw_of() {
  case $1 in *" sequential read") echo read ;; *" sequential write") echo write ;;
    *" random read") echo randread ;; *" random write") echo randwrite ;;
    *) fail "pattern of '$1'" ;; esac
}
points=0
# check_chart FILE XJQ YJQ: each point's x (QD, or the JQ XJQ) and y against fio.json.
check_chart() {
  local file=$1 xjq=$2 yjq=$3 label="" rw bs a b rest want qd n=0
  while IFS=$'\t' read -r a b rest; do
    if [ "$a" = series ]; then label=$b; rw=$(rw_of "$b"); bs=$(bs_of "$b"); continue; fi
    [ "$a" = mark ] && continue
    if [ "$xjq" = qd ]; then
      qd=$a
    else
      qd=$(awk -F'\t' -v x="$a" -v y="$b" '$1 == "mark" && $2 == x && $3 == y { sub(/^QD/, "", $4); print $4 }' "$file")
      [ -n "$qd" ] || fail "$file: $label point ($a, $b) has no QD mark"
      want=$(fio_of "$rw" "$bs" "$qd" "$xjq")
      check "$file: $label QD$qd x $a = fio's $want" near "$a" "$want"
    fi
    want=$(fio_of "$rw" "$bs" "$qd" "$yjq")
    check "$file: $label QD$qd y $b = fio's $want" near "$b" "$want"
    n=$((n + 1))
  done < "$file"
  expect_eq "$file: points (2 depths x the patterns)" "$n" $(( 2 * $(series "$file" | tr ',' '\n' | wc -l) ))
}
check_chart "$WORK/mbps.tsv" qd "$bw"
check_chart "$WORK/iops.tsv" qd "$iops"
check_chart "$WORK/lat.tsv" "$iops" "$lat"
expect_eq "latency chart: a QD mark per point" "$(grep -c '^mark' "$WORK/lat.tsv")" 8
