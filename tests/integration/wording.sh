#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The wording check (`--check-wording`, report/model/wcheck.c): a smoke run of
# testplans/quick.xml reported and compared in zh-TW and zh-CN, in every format at
# once (PDF, SVG, PNG, HTML, workbook), passes it; and, read back here with other
# tools (pdftotext, the SVGs' and HTML's text, the workbook's strings and sheet
# names), none of its outputs holds a step name of the plan or a fio rw= value. A
# plan with a <rounds> left unlabelled fails the check in zh-TW, naming the scope and
# the files it is in, every file still written; labelled, it passes. The SNIA smoke
# archives of the fixture (snia-xsr, snia-dirth, snia-ecw) pass it in zh-TW and zh-CN.
. "$(dirname "$0")/lib.sh"
command -v pdftotext > /dev/null || { echo "SKIP: no pdftotext"; exit 77; }
command -v unzip > /dev/null || { echo "SKIP: no unzip"; exit 77; }

# every output format of one document, in the languages asked, with the check
outputs() {  # outputs DIR: the options writing every format into DIR
  echo -o "$1/doc.pdf" --svg "$1/svg" --png "$1/png" --html "$1/html" --xlsx "$1/doc.xlsx"
}
# the texts of every output under DIR, one file each, for grep: the PDF's, the
# SVGs' <text>, the HTML's text and alt texts, the workbook's strings and sheet names
texts() {
  local dir=$1 f
  for f in $(find "$dir" -name '*.pdf'); do pdftotext "$f" -; done > "$dir/t-pdf.txt"
  find "$dir" -name '*.svg' -exec cat {} + | grep -o '<text[^>]*>[^<]*' | sed 's/<[^>]*>//' \
    > "$dir/t-svg.txt" || true
  find "$dir" -name index.html -exec cat {} + | sed -e 's/alt="\([^"]*\)"/>\1</g' \
    -e 's/<[^>]*>/\n/g' > "$dir/t-html.txt"
  for f in $(find "$dir" -name '*.xlsx'); do
    unzip -p "$f" xl/sharedStrings.xml xl/workbook.xml 'xl/charts/*.xml' | sed -e 's/<[^>]*name="\([^"]*\)"/\n\1\n/g' -e 's/<[^>]*>/\n/g'
  done > "$dir/t-xlsx.txt"
}
# no_slugs DIR ARCHIVE...: no output under DIR holds a step name of the archives' plans
# or a fio rw= value (as a word of its own: the file names are not texts)
no_slugs() {
  local dir=$1 a n kind
  shift
  texts "$dir"
  for a in "$@"; do
    for n in $(jq -r '.steps[].name, (.steps[].rw // empty)' "$a/manifest.json" | sort -u |
               grep -E -- '-|^(rand)?(read|write|rw)$|^readwrite$'); do
      for kind in pdf svg html xlsx; do
        ! grep -qwF -- "$n" "$dir/t-$kind.txt" ||
          fail "$dir: the $kind output holds '$n': $(grep -wF -m1 -- "$n" "$dir/t-$kind.txt")"
      done
    done
  done
}

cd "$WORK"
run_ok "$SRC/testplans/quick.xml" "$WORK/q1" --set smoke=1 -q
cp -a "$WORK/q1" "$WORK/q2"
for l in zh-TW zh-CN; do
  mkdir -p "$WORK/r-$l" "$WORK/c-$l"
  # shellcheck disable=SC2046
  "$SSDBENCH" report "$WORK/q1" --lang $l $(outputs "$WORK/r-$l") --check-wording \
    > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "quick report $l: the wording check"; }
  no_slugs "$WORK/r-$l" "$WORK/q1"
  # shellcheck disable=SC2046
  "$SSDBENCH" compare "$WORK/q1" "$WORK/q2" --lang $l $(outputs "$WORK/c-$l") --check-wording \
    > "$WORK/c.log" 2>&1 || { cat "$WORK/c.log"; fail "quick lineup $l: the wording check"; }
  no_slugs "$WORK/c-$l" "$WORK/q1"
  grep -q "用詞\|快速\|快速测试\|快速測試" "$WORK/r-$l/t-pdf.txt" || fail "$l: no Chinese in the PDF"
done
echo "wording: quick's report and lineup in zh-TW and zh-CN pass the check, no step name in them"

# A lineup with an import the user gave no title or drive: its title, target and the
# union's subtitle in the language's words. --tests all: quick's 8 tests and the
# import's one, none in both.
"$SSDBENCH" import -q --out "$WORK/im" --capacity 64MiB "$SRC/samples/randread-qd1/fio.json" ||
  fail "import"
for l in zh-TW zh-CN; do
  mkdir -p "$WORK/i-$l"
  # shellcheck disable=SC2046
  "$SSDBENCH" compare "$WORK/q1" "$WORK/im" --tests all --lang $l $(outputs "$WORK/i-$l") \
    --check-wording > "$WORK/i.log" 2>&1 || { cat "$WORK/i.log"; fail "lineup with an import $l: the wording check"; }
  texts "$WORK/i-$l"
done
n=$(jq '[.steps[] | select(.status == "ok")] | length' "$WORK/q1/manifest.json")
expect_eq "quick's tests" "$n" 8
check "zh-TW: the union's subtitle" grep -q "^9 項測試，其中 0 項每份封存皆有" "$WORK/i-zh-TW/t-pdf.txt"
check "zh-CN: the union's subtitle" grep -q "^9 项测试，其中 0 项每份归档皆有" "$WORK/i-zh-CN/t-pdf.txt"
check "zh-TW: the import's title" grep -q "匯入的 fio 結果" "$WORK/i-zh-TW/t-pdf.txt"
check "zh-TW: the import's target" grep -q "匯入：1 份 fio 結果" "$WORK/i-zh-TW/t-pdf.txt"
check "zh-CN: the import's target" grep -q "导入：1 份 fio 结果" "$WORK/i-zh-CN/t-xlsx.txt"
echo "wording: a lineup with an untitled import passes the check in zh-TW and zh-CN"

# A <rounds> without a label: its name is all a report can show. The check fails,
# naming it and the files it is in, and writes every file; with labels it passes.
plan() {  # plan FILE LABELLED
  cat > "$1" << EOF
<plan name="wording-probe" title="用詞檢查">
  <title lang="en" text="Wording probe"/>
  <title lang="zh-CN" text="用词检查"/>
  <target name="dut" file="t.bin" size="16MiB"/>
  <rounds name="warm-up" until="max" max="2">
$([ "$2" = 1 ] && printf '    <label lang="en">Warm-up rounds</label>\n    <label lang="zh-TW">暖機回合</label>\n    <label lang="zh-CN">预热回合</label>')
    <workload name="rnd4k-read" rw="randread" bs="4KiB" iodepth="4" runtime="1s"/>
  </rounds>
</plan>
EOF
}
plan "$WORK/p0.xml" 0
plan "$WORK/p1.xml" 1
run_ok "$WORK/p0.xml" "$WORK/p0" -q
run_ok "$WORK/p1.xml" "$WORK/p1" -q
mkdir -p "$WORK/u" "$WORK/w"
set +e
# shellcheck disable=SC2046
"$SSDBENCH" report "$WORK/p0" --lang zh-TW $(outputs "$WORK/u") --check-wording > "$WORK/u.log" 2>&1
rc=$?
set -e
[ "$rc" != 0 ] || { cat "$WORK/u.log"; fail "an unlabelled <rounds> passed the wording check"; }
for f in doc.pdf doc.xlsx html/index.html; do
  check "the unlabelled scope named in $f" grep -q "$WORK/u/$f.*'warm-up' (a plan's own name" "$WORK/u.log"
done
check "the check says how many it found" grep -q "error: the wording check found [1-9][0-9]* " "$WORK/u.log"
for f in doc.pdf doc.xlsx html/index.html; do
  check "$f written although the check failed" test -s "$WORK/u/$f"
done
check "the SVGs written although the check failed" test "$(ls "$WORK/u/svg"/*.svg | wc -l)" -ge 2
# shellcheck disable=SC2046
"$SSDBENCH" report "$WORK/p1" --lang zh-TW $(outputs "$WORK/w") --check-wording > "$WORK/w.log" 2>&1 ||
  { cat "$WORK/w.log"; fail "the labelled <rounds> fails the wording check"; }
texts "$WORK/w"
check "the label in the PDF" grep -q "暖機回合" "$WORK/w/t-pdf.txt"
echo "wording: an unlabelled <rounds> fails the check (rc $rc), named in the PDF, workbook and HTML; labelled it passes"

# The SNIA plans' smoke archives of the fixture, in both Chinese languages.
for p in xsr dirth ecw; do
  snia_smoke_copy $p
  for l in zh-TW zh-CN; do
    mkdir -p "$WORK/s-$p-$l"
    # shellcheck disable=SC2046
    "$SSDBENCH" report "$WORK/$p" --lang $l $(outputs "$WORK/s-$p-$l") --check-wording \
      > "$WORK/s.log" 2>&1 || { cat "$WORK/s.log"; fail "snia-$p $l: the wording check"; }
  done
done
echo "wording: the snia-xsr, snia-dirth and snia-ecw smoke reports pass the check in zh-TW and zh-CN"
echo "wording: ok"
