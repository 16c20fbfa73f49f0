#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# compare checks the stimulus of the tests it matches by name (#22): two runs of
# tests/plans/compare-params.xml at --set qd=32 and qd=16 share the test name
# rnd4k-write; compare names the differing iodepth with both values (stderr and the
# lineup PDF's table), each value as fio.json's job options say; the QD16 column's
# values carry "QD16†" where they are printed (bars, Δ row, CSV, workbook, HTML);
# --strict refuses and writes nothing; two runs at one QD report no difference. An
# import with --target gets that drive name as its column, and what it does not say
# (range, data, engine) is no difference; every lineup page carries the provenance
# footer (the plan's SHA-256 from each manifest, fio's version).
. "$(dirname "$0")/lib.sh"
command -v fio > /dev/null || { echo "SKIP: no fio"; exit 77; }
for t in pdftotext jq; do command -v $t > /dev/null || { echo "SKIP: no $t"; exit 77; }; done
PLAN=$SRC/tests/plans/compare-params.xml

for r in q32:32 q16:16 q32b:32; do
  out=$WORK/${r%:*} q=${r#*:}
  "$SSDBENCH" run "$PLAN" --set qd=$q --target "dut=file:$out.bin,size=64MiB" \
    --out "$out" > "$out.log" 2>&1 || { cat "$out.log"; fail "run qd=$q"; }
done
A=$WORK/q32 B=$WORK/q16 C=$WORK/q32b
# The queue depth each run gave fio, from its own fio.json (the job's options).
qd_of() {
  local dir
  dir=$(ls -d "$1"/steps/*-rnd4k-write)
  jq -r '.jobs[0]["job options"].iodepth' "$dir/fio.json"
}
expect_eq "fio's iodepth of run A" "$(qd_of "$A")" 32
expect_eq "fio's iodepth of run B" "$(qd_of "$B")" 16

# ---- differing: stderr names the test, the parameter and both values -------------------
"$SSDBENCH" compare "$A" "$B" --label "$A=drvA" --label "$B=drvB" --lang en \
  -o "$WORK/l.pdf" --svg "$WORK/l-svg" > "$WORK/cmp.out" 2> "$WORK/cmp.err" ||
  { cat "$WORK/cmp.err"; fail "compare"; }
want="rnd4k-write: iodepth $(qd_of "$A") (drvA) vs $(qd_of "$B") (drvB)"
grep -qF "compare: parameters differ: $want" "$WORK/cmp.err" ||
  { cat "$WORK/cmp.err"; fail "stderr does not say '$want'"; }
expect_eq "differences on stderr (iodepth only)" "$(grep -c 'parameters differ' "$WORK/cmp.err")" 1
grep -q "seq128k-read" "$WORK/cmp.err" && fail "seq128k-read reported though it is alike"
pdftotext -layout "$WORK/l.pdf" "$WORK/l.txt"
grep -q "Parameters that differ" "$WORK/l.txt" || fail "no 'Parameters that differ' table"
# the row: the test and the parameter in reviewer wording, each column's value
grep -E "^ *4K random write QD32 T1 +queue depth +32 +16 *$" "$WORK/l.txt" > /dev/null ||
  { grep -n "queue depth" "$WORK/l.txt"; fail "the table's row: 4K random write QD32 T1, queue depth 32 16"; }
check "table as SVG" test -f "$WORK/l-svg/lineup-params.svg"

# ---- the mark on the row: drvB's values of rnd4k-write say QD16† wherever printed --------
# (bar labels, the Δ row, unshaded; the note; the CSV's column; the workbook; the HTML),
# seq128k-read, alike, nowhere; drvA, the baseline, never.
M="QD$(qd_of "$B")†"
"$SSDBENCH" compare "$A" "$B" --label "$A=drvA" --label "$B=drvB" --lang en \
  -o "$WORK/m.pdf" --csv "$WORK/m.csv" --xlsx "$WORK/m.xlsx" --html "$WORK/m-html" \
  > /dev/null 2>&1 || fail "compare with every output"
pdftotext -layout "$WORK/m.pdf" "$WORK/m.txt"
# the IOPS bar: fio's write IOPS of B's job (the report rounds it), then the mark
iops_b=$(jq -r '[.jobs[] | .write.iops] | add' "$(ls -d "$B"/steps/*-rnd4k-write)/fio.json")
bar=$(grep -m1 -oE "^ *drvB +[0-9,]+ $M *$" "$WORK/m.txt" | awk '{ gsub(",", "", $2); print $2 }')
[ -n "$bar" ] || { grep -n "drvB" "$WORK/m.txt"; fail "no IOPS bar of drvB ending in $M"; }
check "IOPS bar of drvB ($bar) is fio's $iops_b" \
  awk -v a="$bar" -v b="$iops_b" 'BEGIN { exit !(a - b < 1 && b - a < 1) }'
grep -qE "^ *4K random write QD32 T1 +[0-9,]+ +[0-9,]+ \([+-][0-9.]+%\) $M *$" "$WORK/m.txt" ||
  { grep -n "QD32 T1" "$WORK/m.txt"; fail "the Δ row of rnd4k-write ends in $M"; }
grep -q "seq128k\|128K sequential read.*†" "$WORK/m.txt" &&
  fail "seq128k-read, alike, is marked"
check "the note says what † means" grep -qF "† measured with other parameters than the baseline" "$WORK/m.txt"
check "the QoS overlay's legend marks drvB" grep -qE "drvA +drvB $M *$" "$WORK/m.txt"
expect_eq "marked values in the PDF: 4 bars + 4 Δ rows + 1 legend" "$(grep -c "$M" "$WORK/m.txt")" 9
csv_mark() {   # drive test -> params_differ of its iops row
  awk -F, -v d="$1" -v t="$2" '$1 == d && $3 == t && $5 == "iops" { print $11 }' "$WORK/m.csv" |
    tr -d '\r'
}
expect_eq "CSV: drvB rnd4k-write params_differ" "$(csv_mark drvB rnd4k-write)" \
  "iodepth $(qd_of "$B") vs $(qd_of "$A")"
expect_eq "CSV: drvA rnd4k-write params_differ" "$(csv_mark drvA rnd4k-write)" ""
expect_eq "CSV: drvB seq128k-read params_differ" "$(csv_mark drvB seq128k-read)" ""
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
if $PY -c 'import openpyxl' 2> /dev/null; then
  expect_eq "workbook: the Δ IOPS sheet's marks" "$($PY - "$WORK/m.xlsx" <<'PYEOF'
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])["Δ IOPS"]
rows = list(ws.iter_rows(values_only=True))
head = next(i for i, r in enumerate(rows) if r[0] == "Test")
col = rows[head].index("Parameters differ")
print(";".join("%s=%s" % (r[0], r[col] or "") for r in rows[head + 1:] if r[0]))
PYEOF
)" "4K random write QD32 T1=drvB: $M;128K sequential read QD4 T1="
fi
check "HTML: the mark" grep -qF "$M" "$WORK/m-html/index.html"
check "HTML: the note" grep -qF "† measured with other parameters than the baseline" \
  "$WORK/m-html/index.html"

# ---- twelve drives (copies of A): a wide table split by columns only as the page
# needs, keeping the test and baseline columns, no cell cut short ----------------------
args=()
for i in $(seq 1 12); do
  cp -r "$A" "$WORK/d12-$i"
  args+=("$WORK/d12-$i" --label "$WORK/d12-$i=Vendor Model $i 2TB")
done
"$SSDBENCH" compare "${args[@]}" --lang zh-TW -o "$WORK/d12.pdf" > /dev/null 2>&1 ||
  fail "compare of 12 (print)"
"$SSDBENCH" compare "${args[@]}" --lang zh-TW --preset web -o "$WORK/d12w.pdf" \
  --svg "$WORK/d12w" > /dev/null 2>&1 || fail "compare of 12 (web)"
n12=$(ls "$WORK/d12w"/lineup-delta-iops-*.svg | wc -l)
[ "$n12" -ge 2 ] || fail "12 drives at 700 px: the Δ IOPS table in $n12 parts"
for f in "$WORK/d12w"/lineup-delta-*.svg "$WORK/d12w"/lineup-drives.svg; do
  grep -q "…" "$f" && fail "${f##*/}: a cell cut short (…) at 700 px"
done
# print: the two-row Δ IOPS table's parts share one page (the page is not full)
pdftotext -layout "$WORK/d12.pdf" "$WORK/d12.txt"
pages12=$(awk 'BEGIN { p = 1 } { p += gsub(/\f/, "") } /與基準的差異：IOPS（[0-9]\/[0-9]）/ { print p }' \
  "$WORK/d12.txt" | sort -u | wc -l)
expect_eq "12 drives in print: pages of the Δ IOPS table" "$pages12" 1

# ---- zh-TW / zh-CN: the table's title in each language ----------------------------------
for lang in zh-TW zh-CN; do
  "$SSDBENCH" compare "$A" "$B" --lang $lang -o "$WORK/l-$lang.pdf" > /dev/null 2>&1 ||
    fail "compare $lang"
  pdftotext -layout "$WORK/l-$lang.pdf" "$WORK/l-$lang.txt"
done
grep -q "參數不同的測試" "$WORK/l-zh-TW.txt" || fail "zh-TW table title"
grep -q "参数不同的测试" "$WORK/l-zh-CN.txt" || fail "zh-CN table title"

# ---- --strict refuses, writes nothing -----------------------------------------------------
rc=0
"$SSDBENCH" compare "$A" "$B" --strict -o "$WORK/strict.pdf" --csv "$WORK/strict.csv" \
  > /dev/null 2> "$WORK/strict.err" || rc=$?
expect_eq "--strict exit code" "$rc" 1
grep -q "iodepth" "$WORK/strict.err" || fail "--strict does not name iodepth"
check "--strict wrote no PDF" test ! -e "$WORK/strict.pdf"
check "--strict wrote no CSV" test ! -e "$WORK/strict.csv"

# ---- alike: no difference, --strict passes ------------------------------------------------
"$SSDBENCH" compare "$A" "$C" --strict -o "$WORK/same.pdf" > /dev/null 2> "$WORK/same.err" ||
  { cat "$WORK/same.err"; fail "compare of two qd=32 runs with --strict"; }
grep -q "parameters differ" "$WORK/same.err" && fail "alike runs reported as differing"
pdftotext -layout "$WORK/same.pdf" "$WORK/same.txt"
grep -q "Parameters that differ" "$WORK/same.txt" && fail "alike runs got the table"

# ---- a drive named at import is the column's name; provenance footers ------------------------
dir=$(ls -d "$A"/steps/*-rnd4k-write)
"$SSDBENCH" import "$dir/fio.json" --target "Acme X9 1TB" -o "$WORK/imp" -q ||
  fail "import"
expect_eq "import's drive in the manifest" "$(jq -r '.target.model' "$WORK/imp/manifest.json")" \
  "Acme X9 1TB"
"$SSDBENCH" compare "$WORK/imp" "$B" --lang en -o "$WORK/i.pdf" --svg "$WORK/i-svg" \
  > /dev/null 2> "$WORK/i.err" || { cat "$WORK/i.err"; fail "compare import"; }
# the import says nothing of the range, data pattern or engine: unknown, not differing;
# the one real difference, iodepth, is the only one named
expect_eq "import vs B: differences named" "$(grep -o 'parameters differ: .*' "$WORK/i.err")" \
  "parameters differ: rnd4k-write: iodepth $(qd_of "$A") (Acme X9 1TB) vs $(qd_of "$B") (q16)"
"$SSDBENCH" compare "$WORK/imp" "$A" -o "$WORK/i2.pdf" > /dev/null 2> "$WORK/i2.err" ||
  fail "compare import with its own run"
grep -q "parameters differ" "$WORK/i2.err" && fail "an import and its own run reported differing"
pdftotext -layout "$WORK/i.pdf" "$WORK/i.txt"
grep -q "Acme X9 1TB" "$WORK/i.txt" || fail "the imported drive's name is not a column"
sha_a=$(jq -r '.plan.sha256' "$A/manifest.json")
sha_b=$(jq -r '.plan.sha256' "$B/manifest.json")
fio_v=$(jq -r '.fio_version // empty' "$A/manifest.json")
[ -n "$sha_a" ] && [ "$sha_a" != null ] || fail "no plan sha256 in the manifest"
[ "$sha_a" = "$sha_b" ] || fail "one plan, two hashes"
# Every page of the lineup (a chart or table each) ends in the provenance line.
pages=$(pdfinfo "$WORK/l.pdf" | awk '/^Pages:/ { print $2 }')
[ "$pages" -ge 3 ] || fail "only $pages lineup pages"
for p in $(seq 1 "$pages"); do
  pdftotext -layout -f "$p" -l "$p" "$WORK/l.pdf" - | tr -s ' ' > "$WORK/p.txt"
  grep -qF "drvA, drvB | Plan: compare-params-test (sha256 ${sha_a:0:12}) | $fio_v" \
    "$WORK/p.txt" || fail "page $p: no provenance footer (plan sha256, fio version)"
done
echo "ok: compare_params ($pages pages with footers)"
