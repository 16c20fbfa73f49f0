#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The SNIA WSAT and HIR report pages (issue #21): smoke runs of testplans/snia-wsat.xml
# and snia-hir.xml on 256 MiB files, rendered in English with their templates.
# WSAT: the four plots in charts/, the TGBW axis titles in the PDF text, and the last
# round's TGBW (the point labelled on the TGBW plots) equal to the rounds' write bytes
# summed from their fio.json (less fio-start.json). HIR: one plot whose legend and
# marks name every wait state (the duty cycles, from manifest.json, in words: "wait 5 s"), and a table whose
# mean IOPS per wait state is the mean of that state's access periods' fio.json IOPS.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pdfsize.sh"  # #22: pdf_ok, no word under 9 pt

command -v pdftotext > /dev/null || { echo "SKIP: pdftotext missing"; exit 77; }

# svg_ok FILE: well-formed, and librsvg draws it (when the tools are here).
svg_ok() {
  command -v xmllint > /dev/null && { xmllint --noout "$1" || return 1; }
  command -v rsvg-convert > /dev/null && { rsvg-convert -o "$WORK/rsvg.png" "$1" || return 1; }
  return 0
}

# page_text PDF TITLE: the text of the PDF's page(s) whose text holds TITLE.
page_text() {
  local pages p
  pages=$(pdfinfo "$1" | awk '/^Pages:/ { print $2 }')
  for p in $(seq 1 "$pages"); do
    pdftotext -layout -f "$p" -l "$p" "$1" - | grep -qF "$2" &&
      pdftotext -layout -f "$p" -l "$p" "$1" -
  done
  return 0
}

# --- WSAT ---
w=$WORK/wsat
run_ok "$SRC/testplans/snia-wsat.xml" "$w" --set smoke=1 \
  --target "dut=file:$WORK/w.bin,size=256MiB"
pdf_ok "snia-wsat smoke: report.pdf" "$w/report.pdf"
"$SSDBENCH" report "$w" --lang en --template "$SRC/templates/report-snia-wsat.xml" \
  -o "$WORK/wsat.pdf" > /dev/null
for n in snia-wsat-time snia-wsat-tgbw snia-wsat-tgbw-log snia-wsat-resp; do
  check "WSAT chart $n.svg" test -s "$w/charts/$n.svg"
  check "WSAT chart $n.svg draws" svg_ok "$w/charts/$n.svg"
  check "WSAT chart $n.png" test -s "$w/charts/$n.png"
done
pdftotext -layout "$WORK/wsat.pdf" "$WORK/wsat.txt"
for t in "WSAT: IOPS against time" "WSAT: IOPS against total GB written" \
  "WSAT: IOPS against total GB written (log)" "WSAT: response time against total GB written" \
  "TGBW: total GB written (1 GB = 10^9 B)" "TGBW: total GB written (log, 1 GB = 10^9 B)" \
  "Maximum" "Average"; do
  check "WSAT PDF text: $t" grep -qF "$t" "$WORK/wsat.txt"
done
# Every round's write bytes: its fio.json less its fio-start.json (continuous rounds).
scope=$(jq -r '.scopes[] | select(.until == "written") | .name' "$w/manifest.json")
sum=0
rounds=0
big=0   # rounds with the 100,000 I/Os a 99.999 % needs
for d in $(jq -r --arg s "$scope" '.steps[] | select(.scope == $s and .status == "ok") | .dir' \
  "$w/manifest.json"); do
  sum=$((sum + $(fio_sum "$w/$d" '[.jobs[].write.io_bytes] | add')))
  [ "$(fio_sum "$w/$d" '[.jobs[] | .read.total_ios + .write.total_ios] | add')" -ge 100000 ] &&
    big=$((big + 1))
  rounds=$((rounds + 1))
done
# 99.999 % is drawn for the rounds with 100,000 I/Os or more, and only then named.
if [ "$big" -gt 0 ]; then
  check "WSAT PDF text: 99.999 % ($big rounds of 100,000 I/Os)" grep -qF "99.999 %" "$WORK/wsat.txt"
else
  check "WSAT PDF: no 99.999 % from rounds of fewer than 100,000 I/Os" \
    sh -c "! grep -qF '99.999 %' '$WORK/wsat.txt'"
fi
# One round or more: how many the smoke fill takes depends on the machine's speed.
check "WSAT has rounds ($rounds)" test "$rounds" -ge 1
want=$(awk -v b="$sum" 'BEGIN { g = b / 1e9; d = g < 10 ? 3 : g < 1000 ? 1 : 0; printf "%.*f", d, g }')
for title in "WSAT: IOPS against total GB written" "WSAT: IOPS against total GB written (log)"; do
  got=$(page_text "$WORK/wsat.pdf" "$title" | grep -F "$title" -A40 |
        grep -o '[0-9][0-9,.]* GB written' | head -1 | sed 's/ GB written//; s/,//g')
  expect_eq "$title: the last point's TGBW (GB)" "$got" "$want"
done

# --- HIR ---
h=$WORK/hir
run_ok "$SRC/testplans/snia-hir.xml" "$h" --set smoke=1 \
  --target "dut=file:$WORK/h.bin,size=256MiB"
pdf_ok "snia-hir smoke: report.pdf" "$h/report.pdf"
"$SSDBENCH" report "$h" --lang en --template "$SRC/templates/report-snia-hir.xml" \
  -o "$WORK/hir.pdf" > /dev/null
check "HIR chart snia-hir.svg" test -s "$h/charts/snia-hir.svg"
check "HIR table snia-hir-table.svg" test -s "$h/charts/snia-hir-table.svg"
for n in snia-hir snia-hir-table; do
  check "HIR $n.svg draws" svg_ok "$h/charts/$n.svg"
done
m=$h/manifest.json
# The wait states: the scopes of elements that are no <rounds> scope (duty cycles).
states=$(jq -r '[.scopes[].name] as $r | [.steps[] | select(.scope != null and
  (.scope as $s | $r | index($s) | not)) | .scope] | unique[]' "$m")
nstates=$(echo "$states" | wc -l)
check "HIR smoke has 2 wait states ($nstates)" test "$nstates" -eq 2
page_text "$WORK/hir.pdf" "HIR: IOPS against time over every wait state" > "$WORK/hir-plot.txt"
page_text "$WORK/hir.pdf" "HIR: average IOPS per wait state" > "$WORK/hir-table.txt"
check "HIR plot page" test -s "$WORK/hir-plot.txt"
check "HIR table page" test -s "$WORK/hir-table.txt"
check "HIR plot: Baseline" grep -qF "Baseline" "$WORK/hir-plot.txt"
check "HIR plot: Steady-state average" grep -qF "Steady-state average" "$WORK/hir-plot.txt"
for s in $states; do
  # A state as the reader sees it: the value it was swept at ("wait=5" is "wait 5 s").
  disp=$(jq -r --arg s "$s" '[.steps[] | select(.scope == $s)][0].cell
    | sub("^wait=(?<v>[0-9]+)$"; "wait \(.v) s")' "$m")
  # The legend and the state's mark: its words twice on the plot.
  n=$(grep -oF -- "$disp" "$WORK/hir-plot.txt" | wc -l)
  check "HIR plot labels $s as '$disp' ($n times)" test "$n" -ge 2
  mean=$(for d in $(jq -r --arg s "$s" '.steps[] | select(.scope == $s and .status == "ok") | .dir' "$m"); do
           jq '[.jobs[] | .read.iops + .write.iops + .trim.iops] | add' "$h/$d/fio.json"
         done | awk '{ t += $1; n++ } END { printf "%.6f %d", t / n, n }')
  row=$(grep -E "^ *$disp " "$WORK/hir-table.txt" | head -1)
  row=${row#*"$disp"}
  got_n=$(echo "$row" | awk '{ print $1 }')
  got=$(echo "$row" | awk '{ gsub(/,/, "", $2); print $2 }')
  expect_eq "HIR table $s: access periods" "$got_n" "${mean#* }"
  check "HIR table $s: mean IOPS $got = jq's ${mean% *}" \
    awk -v a="$got" -v b="${mean% *}" 'BEGIN { exit !(a != "" && a - b <= 0.501 && b - a <= 0.501) }'
done
# The Chinese reports carry the pages' titles in their own script.
for l in zh-TW:WSAT：IOPS\ 與總寫入\ GB:HIR：各等待狀態的平均\ IOPS zh-CN:WSAT：IOPS\ 与总写入\ GB:HIR：各等待状态的平均\ IOPS; do
  IFS=: read -r lang wt ht <<< "$l"
  "$SSDBENCH" report "$w" --lang "$lang" --template "$SRC/templates/report-snia-wsat.xml" \
    -o "$WORK/wsat-$lang.pdf" > /dev/null
  "$SSDBENCH" report "$h" --lang "$lang" --template "$SRC/templates/report-snia-hir.xml" \
    -o "$WORK/hir-$lang.pdf" > /dev/null
  check "$lang WSAT: $wt" grep -qF "$wt" <(pdftotext "$WORK/wsat-$lang.pdf" -)
  check "$lang HIR: $ht" grep -qF "$ht" <(pdftotext "$WORK/hir-$lang.pdf" -)
done
echo "ok: WSAT $rounds rounds, $want GB; HIR $nstates wait states"
