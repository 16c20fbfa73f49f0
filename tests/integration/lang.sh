#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #22 lang: report languages. An unknown --lang is a usage error naming the known
# ones (run, report, compare); report --lang en,zh-CN writes one report per language
# (pdftotext finds each language's own cover string, read from templates/i18n/);
# a report named elsewhere (-o, --svg, --png) and a failing report leave every file
# of the archive byte-identical (a bad --template: exit 2 at its FILE:LINE:COL, with
# the line and a caret, nothing written); run --lang en gives an English report.
. "$(dirname "$0")/lib.sh"
command -v fio > /dev/null || { echo "SKIP: no fio"; exit 77; }
I=$SRC/templates/i18n
# str LANG ID: the text of string ID in LANG's table, as the report draws it.
str() { xmllint --xpath "string(/strings/string[@id='$2'])" "$I/$1.xml"; }
EN=$(str en report) TW=$(str zh-TW report) CN=$(str zh-CN report)
[ -n "$EN" ] && [ -n "$TW" ] && [ -n "$CN" ] || fail "no 'report' string in templates/i18n"

# ---- every latency word names its kind ------------------------------------------
# A string speaking of latency says which: completion (fio clat), submission (slat)
# or response time (lat); only the titles of charts whose axis names the kind of
# the data drawn (either one) may say "latency" alone.
generic="qos qos-sub hist hist-sub wsat-max-bound plot-delta-sub lineup-qos lineup-qos-sub"
for l in en:'latenc|lat\.':'completion|compl\.|submission|response' \
         zh-TW:'延遲':'完成延遲|提交延遲' zh-CN:'延迟':'完成延迟|提交延迟'; do
  IFS=: read -r tag word kind <<< "$l"
  while IFS= read -r line; do
    id=$(sed -n 's/.*<string id="\([^"]*\)">.*/\1/p' <<< "$line")
    [[ " $generic " == *" $id "* ]] && continue
    grep -qiE "$kind" <<< "$line" || fail "$tag.xml: '$id' speaks of latency without its kind: $line"
  done < <(grep -iE "<string id=.*($word)" "$I/$tag.xml")
done
# has PDF TEXT / lacks PDF TEXT: the PDF's text holds TEXT, or does not.
has() { local t; t=$(pdftotext "$1" -) || fail "pdftotext $1"; [[ $t == *"$2"* ]] || fail "$1 lacks '$2'"; }
lacks() { local t; t=$(pdftotext "$1" -) || fail "pdftotext $1"; [[ $t != *"$2"* ]] || fail "$1 holds '$2'"; }
# snap DIR: every path under DIR, and every file's SHA-256.
snap() { (cd "$1" && find . | LC_ALL=C sort && find . -type f -print0 | LC_ALL=C sort -z |
          xargs -0 sha256sum); }

A=$WORK/a
cp -a "$SRC/samples/archives/op-file" "$A"

# ---- an unknown language is a usage error naming the known ones ----------------
cat > "$WORK/p.xml" << 'EOF'
<plan name="lang">
  <target name="dut" file="target.bin" size="16MiB"/>
  <workload name="rnd4k-read" rw="randread" bs="4KiB" iodepth="4" runtime="1s"/>
</plan>
EOF
usage() {  # usage NAME ARG...: exit 2, stderr names fr and every known language
  run_rc "$WORK/$1.out" "$WORK/$1.err" "$SSDBENCH" "${@:2}"
  expect_eq "$1: exit" "$rc" 2
  for w in "'fr'" en zh-TW zh-CN; do
    grep -qF -- "$w" "$WORK/$1.err" || { cat "$WORK/$1.err"; fail "$1: stderr lacks $w"; }
  done
}
usage run run "$WORK/p.xml" --out "$WORK/never" --lang fr
check "run --lang fr: no archive" test ! -e "$WORK/never"
usage report report "$A" --lang fr
usage report-list report "$A" --lang en,fr
usage compare compare "$A" --lang fr
# a lineup in two languages: one PDF each, in its language's folder
LA=$SRC/samples/archives
"$SSDBENCH" compare "$LA/op-file" "$LA/op-loop" --lang en,zh-CN -o "$WORK/lu/l.pdf" \
  > "$WORK/c2.out" || fail "compare --lang en,zh-CN"
has "$WORK/lu/en/l.pdf" "$(str en lineup-lineup)"
has "$WORK/lu/zh-CN/l.pdf" "$(str zh-CN lineup-lineup)"
lacks "$WORK/lu/zh-CN/l.pdf" "$(str en lineup-lineup)"
check "compare in two languages: says where each went" grep -q "^lineup (zh-CN): $WORK/lu/zh-CN/l.pdf" "$WORK/c2.out"

# ---- -o elsewhere leaves the archive as it was ---------------------------------
"$SSDBENCH" report "$A" > /dev/null || fail "report (the archive's own)"
check "own report: report.pdf" test -s "$A/report.pdf"
has "$A/report.pdf" "$TW"
nsvg=$(find "$A/charts" -name '*.svg' | wc -l)
[ "$nsvg" -gt 3 ] || fail "own report: $nsvg SVG charts"
snap "$A" > "$WORK/before"
mkdir "$WORK/pub"
"$SSDBENCH" report "$A" --lang en,zh-CN -o "$WORK/pub/r.pdf" --svg "$WORK/svg" \
  --png "$WORK/png" > "$WORK/else.log" || { cat "$WORK/else.log"; fail "report -o --lang en,zh-CN"; }
snap "$A" | diff "$WORK/before" - > /dev/null || fail "report -o elsewhere changed the archive"
has "$WORK/pub/en/r.pdf" "$EN"
lacks "$WORK/pub/en/r.pdf" "$CN"
has "$WORK/pub/zh-CN/r.pdf" "$CN"
lacks "$WORK/pub/zh-CN/r.pdf" "$EN"
for l in en zh-CN; do
  expect_eq "--svg $l: charts" "$(find "$WORK/svg/$l" -name '*.svg' | wc -l)" "$nsvg"
  expect_eq "--png $l: charts" "$(find "$WORK/png/$l" -name '*.png' | wc -l)" "$nsvg"
done
"$SSDBENCH" report "$A" --lang en -o "$WORK/one.pdf" > /dev/null || fail "report -o --lang en"
has "$WORK/one.pdf" "$EN"
"$SSDBENCH" report "$A" --svg "$WORK/svgonly" > /dev/null || fail "report --svg"
expect_eq "--svg alone: SVGs" "$(find "$WORK/svgonly" -name '*.svg' | wc -l)" "$nsvg"
expect_eq "--svg alone: nothing else" "$(find "$WORK/svgonly" -type f ! -name '*.svg' | wc -l)" 0
snap "$A" | diff "$WORK/before" - > /dev/null || fail "report -o/--svg changed the archive"

# ---- a failing report leaves the archive as it was ------------------------------
# A bad --template is the user's input, as a bad plan is: exit 2, the error at the
# attribute's FILE:LINE:COL with a suggestion, the line and a caret under the column;
# neither the archive nor the folders named for the output are touched.
printf '<report>\n  <chart kind="summary"/>\n\t<chart kind="dispersion" widht="700"/>\n</report>\n' \
  > "$WORK/bad.xml"
line=$(grep -n 'widht=' "$WORK/bad.xml" | cut -d: -f1)
col=$(awk -v l="$line" 'NR == l { print index($0, "widht=") }' "$WORK/bad.xml")
expect_eq "bad template: the typo's line" "$line" 3
for out in own elsewhere; do
  args=()
  [ $out = own ] || args=(-o "$WORK/bad-pdf/r.pdf" --svg "$WORK/bad-svg" --png "$WORK/bad-png")
  run_rc "$WORK/bad.out" "$WORK/bad.err" "$SSDBENCH" report "$A" --lang en \
    --template "$WORK/bad.xml" "${args[@]}"
  expect_eq "bad template ($out): exit" "$rc" 2
  expect_eq "bad template ($out): the error" "$(sed -n 1p "$WORK/bad.err")" \
    "$WORK/bad.xml:$line:$col: error: unknown attribute 'widht' on <chart> (did you mean 'width'?)"
  expect_eq "bad template ($out): the line" "$(sed -n 2p "$WORK/bad.err")" \
    "  $(sed -n "${line}p" "$WORK/bad.xml")"
  # the caret under column col: the line's tab kept, a space for every other character
  expect_eq "bad template ($out): the caret" "$(sed -n 3p "$WORK/bad.err")" \
    "  $(sed -n "${line}p" "$WORK/bad.xml" | cut -c1-$((col - 1)) | sed 's/[^\t]/ /g')^"
  expect_eq "bad template ($out): stdout" "$(cat "$WORK/bad.out")" ""
  snap "$A" | diff "$WORK/before" - > /dev/null || fail "a bad template ($out) changed the archive"
done
for d in bad-pdf bad-svg bad-png; do
  check "bad template: no $d" test ! -e "$WORK/$d"
done
# One that parses but is for compare: exit 2 too, at the root element.
printf '<?xml version="1.0"?>\n  <lineup/>\n' > "$WORK/lineup.xml"
run_rc "$WORK/bad.out" "$WORK/bad.err" "$SSDBENCH" report "$A" --template "$WORK/lineup.xml"
expect_eq "lineup template for report: exit" "$rc" 2
grep -qF "$WORK/lineup.xml:2:3: error: the root element must be <report>, not <lineup>" \
  "$WORK/bad.err" || { cat "$WORK/bad.err"; fail "lineup template for report: where"; }
snap "$A" | diff "$WORK/before" - > /dev/null || fail "a lineup template changed the archive"
# The second language fails after the first is drawn: still nothing changes.
D=$WORK/data
mkdir -p "$D/templates"
cp -a "$SRC/templates/." "$D/templates/"
sed -i 's|<string id="report">|<string id="report" bad="|' "$D/templates/i18n/zh-CN.xml"
run_rc "$WORK/half.out" "$WORK/half.err" env SSDBENCH_DATADIR="$D" "$SSDBENCH" report "$A" \
  --lang en,zh-CN
[ "$rc" -ne 0 ] || fail "a broken zh-CN table: report exited 0"
grep -qF "zh-CN.xml" "$WORK/half.err" || { cat "$WORK/half.err"; fail "broken zh-CN: not named"; }
snap "$A" | diff "$WORK/before" - > /dev/null || fail "a report failing in zh-CN changed the archive"
# A language's reviewer wording is its file's too: an edited word shows, no rebuild.
sed -i 's|<string id="w-randread">隨機讀取</string>|<string id="w-randread">亂數讀取</string>|' \
  "$D/templates/i18n/zh-TW.xml"
grep -q '"w-randread">亂數讀取<' "$D/templates/i18n/zh-TW.xml" || fail "zh-TW.xml has no w-randread"
env SSDBENCH_DATADIR="$D" "$SSDBENCH" report "$A" --lang zh-TW -o "$WORK/edited.pdf" > /dev/null ||
  fail "report with an edited zh-TW wording"
has "$WORK/edited.pdf" "4K 亂數讀取 QD1 T1"
lacks "$WORK/edited.pdf" "4K 隨機讀取"
snap "$A" | diff "$WORK/before" - > /dev/null || fail "a report into -o changed the archive"

# ---- the archive's own report in two languages ------------------------------------
"$SSDBENCH" report "$A" --lang en,zh-CN > /dev/null || fail "report --lang en,zh-CN"
has "$A/report/en/report.pdf" "$EN"
has "$A/report/zh-CN/report.pdf" "$CN"
lacks "$A/report/zh-CN/report.pdf" "$EN"
expect_eq "report/en/charts" "$(find "$A/report/en/charts" -name '*.svg' | wc -l)" "$nsvg"
check "one language's report.pdf replaced" test ! -e "$A/report.pdf" -a ! -e "$A/charts"
expect_eq "nothing left half-drawn" "$(find "$A" -name '.ssdbench-report-*' | wc -l)" 0
"$SSDBENCH" verify "$A" > "$WORK/verify.log" || { cat "$WORK/verify.log"; fail "verify"; }

# ---- run --lang -------------------------------------------------------------------
run_ok "$WORK/p.xml" "$WORK/r1" --lang en
has "$WORK/r1/report.pdf" "$EN"
lacks "$WORK/r1/report.pdf" "$TW"
expect_eq "manifest report_langs" "$(jq -r .report_langs "$WORK/r1/manifest.json")" en
rm "$WORK/r1/report.pdf"
"$SSDBENCH" report "$WORK/r1" > /dev/null || fail "report of a run --lang en"
has "$WORK/r1/report.pdf" "$EN"
run_ok "$WORK/p.xml" "$WORK/r2" --lang zh-cn,en
expect_eq "manifest report_langs, as the tags read" \
  "$(jq -r .report_langs "$WORK/r2/manifest.json")" zh-CN,en
has "$WORK/r2/report/zh-CN/report.pdf" "$CN"
has "$WORK/r2/report/en/report.pdf" "$EN"
check "run in two languages: no report.pdf" test ! -e "$WORK/r2/report.pdf"
run_rc "$WORK/res.out" "$WORK/res.err" "$SSDBENCH" resume "$WORK/r2"
grep -q "nothing to resume: the run in '$WORK/r2' finished$" "$WORK/res.err" ||
  { cat "$WORK/res.err"; fail "resume of a run in two languages: its reports not seen"; }
"$SSDBENCH" verify "$WORK/r2" > "$WORK/verify.log" || { cat "$WORK/verify.log"; fail "verify r2"; }
# plot's y title names the log's latency kind (fio's file name: _clat, _lat, _slat)
for k in clat lat; do
  "$SSDBENCH" plot "$SRC/samples/randread-qd1/log_$k.1.log" -o "$WORK/plot-$k.svg" -l en \
    > /dev/null || fail "plot log_$k.1.log"
  check "plot of log_$k: '$(str en plot-$k)'" grep -qF "$(str en plot-$k)" "$WORK/plot-$k.svg"
done
echo "lang: ok"
