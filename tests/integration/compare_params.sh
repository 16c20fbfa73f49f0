#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# compare checks the stimulus of the tests it matches by name (#22): two runs of
# tests/plans/compare-params.xml at --set qd=32 and qd=16 share the test name
# rnd4k-write; compare names the differing iodepth with both values (stderr and the
# lineup PDF's table), each value as fio.json's job options say; --strict refuses and
# writes nothing; two runs at one QD report no difference. An import with --target
# gets that drive name as its column; every lineup page carries the provenance footer
# (the plan's SHA-256 from each manifest, fio's version).
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
grep -E "^ *rnd4k-write +iodepth +32 +16 *$" "$WORK/l.txt" > /dev/null ||
  { grep -n "iodepth" "$WORK/l.txt"; fail "the table's row: rnd4k-write iodepth 32 16"; }
check "table as SVG" test -f "$WORK/l-svg/lineup-params.svg"

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
