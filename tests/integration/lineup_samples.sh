#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# compare over the committed sample lineup (samples/archives/op-file, op-loop,
# op-zram: one OP-sweep plan on a file, a loop device and a zram device), across
# the archives and inside one (by OP level, by phase), in English and Traditional
# Chinese; every Δ checked is recomputed from the archives' results.csv and found
# in the lineup CSV and in the PDF's text. Then a plan that differs.
. "$(dirname "$0")/lib.sh"
A=$SRC/samples/archives
S="$A/op-file $A/op-loop $A/op-zram"

for s in op-file op-loop op-zram; do
  "$SSDBENCH" verify "$A/$s" > /dev/null || fail "verify $s"
  grep -rq -e /work -e "$HOME" "$A/$s" && fail "$s holds a path of this machine"
  grep -rhoE '/tmp/[^"/]*' "$A/$s" | sort -u | grep -qv '^/tmp/sbsample$' &&
    fail "$s holds a temporary path other than /tmp/sbsample"
done
expect_eq "targets" "$(for s in op-file op-loop op-zram; do jq -r .target.before.kind "$A/$s/manifest.json"; done | tr '\n' ' ')" \
  "file loop zram "

# step ARCHIVE NAME: the element index of step NAME
step() { jq -r --arg n "$2" '.steps[] | select(.name == $n) | .index' "$1/manifest.json"; }
# val ARCHIVE NAME METRIC: the metric from results.csv (iops: all directions)
val() {
  local s; s=$(step "$1" "$2")
  if [ "$3" = iops ]; then
    awk -v r="$(csv_get "$1/results.csv" "$s" read_iops)" -v w="$(csv_get "$1/results.csv" "$s" write_iops)" \
      'BEGIN { printf "%.2f", r + w }'
  else
    csv_get "$1/results.csv" "$s" "$3"
  fi
}
pct() { awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { printf f, (a - b) / (b < 0 ? -b : b) * 100 }'; }
# shown V: a value as the delta table prints it (1,234 or 56.7)
shown() {
  awk -v v="$1" 'BEGIN { if (v < 100) printf "%.1f", v; else printf "%.0f", v }' |
    sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'
}
# csv_delta CSV DRIVE TEST METRIC: delta_pct of that row of a lineup CSV
csv_delta() { awk -F, -v d="$2" -v t="$3" -v m="$4" '$1 == d && $3 == t && $5 == m { print $8 }' "$1"; }

# expect_delta WHAT CSV TXT DRIVE TEST METRIC VALUE BASE: the lineup CSV's delta_pct is
# the Δ % recomputed from VALUE and BASE -- within what results.csv's rounding to two
# decimals (each input ±0.005, a sum of two ±0.01) allows, and to the CSV's own
# two decimals -- and the PDF shows "value (Δ %)" with that Δ to one decimal (the
# value as printed from VALUE ± the same rounding).
expect_delta() {
  local what=$1 csv=$2 txt=$3 drive=$4 test=$5 metric=$6 v=$7 b=$8 got cell x e=0.005
  [ "$metric" = iops ] && e=0.01
  got=$(csv_delta "$csv" "$drive" "$test" "$metric")
  awk -v g="$got" -v v="$v" -v b="$b" -v e="$e" 'BEGIN {
        lo = ((v - e) / (b + e) - 1) * 100; hi = ((v + e) / (b - e) - 1) * 100
        exit !(g != "" && g >= lo - 0.005 && g <= hi + 0.005) }' ||
    fail "$what: CSV Δ $got, recomputed $(pct "$v" "$b" %.2f) (from $v and $b)"
  for x in "$v" "$(awk -v v="$v" -v e="$e" 'BEGIN { print v - e }')" \
           "$(awk -v v="$v" -v e="$e" 'BEGIN { print v + e }')"; do
    for dg in -0.005 0 0.005; do
      cell="$(shown "$x") ($(awk -v g="$got" -v k="$dg" 'BEGIN { printf "%+.1f", g + k }')%)"
      grep -qF -- "$cell" "$txt" && return 0
    done
  done
  fail "$what: '$cell' not in the PDF"
}

# ---- across the three archives, two languages --------------------------------------------
for lang in en zh-TW; do
  # shellcheck disable=SC2086
  "$SSDBENCH" compare $S --lang $lang -o "$WORK/x-$lang.pdf" --csv "$WORK/x-$lang.csv" \
    --svg "$WORK/x-svg-$lang" > "$WORK/x.log" 2> "$WORK/x.err" ||
    { cat "$WORK/x.log" "$WORK/x.err"; fail "compare $lang"; }
  grep -q "3 archives, 15 shared tests, 0 left out" "$WORK/x.log" || { cat "$WORK/x.log"; fail "$lang: summary"; }
  pdftotext -layout "$WORK/x-$lang.pdf" "$WORK/x-$lang.txt"
  for f in "$WORK/x-svg-$lang"/*.svg; do xmllint --noout "$f" || fail "xml $f"; done
  test -s "$WORK/x-svg-$lang/lineup-dispersion-3.svg" || fail "$lang: dispersion of the hinted step"
done
grep -q "Drive lineup" "$WORK/x-en.txt" || fail "English title"
grep -q "Δ vs baseline: IOPS" "$WORK/x-en.txt" || fail "English delta heading"
grep -q "硬碟陣容比較" "$WORK/x-zh-TW.txt" || fail "Chinese title"
grep -q "與基準的差異：IOPS" "$WORK/x-zh-TW.txt" || fail "Chinese delta heading"
grep -q "預留空間 0%、28%、100%（樣本）" "$WORK/x-zh-TW.txt" || fail "the plan's title"
cmp -s "$WORK/x-en.csv" "$WORK/x-zh-TW.csv" || fail "the CSV does not depend on the language"
for t in op0-before-rnd4k-q1-read op28-rnd4k-q32-write op100-after-rnd4k-q32-write; do
  for m in iops clat_mean_us clat_p99.9_us; do
    for d in op-loop op-zram; do
      for lang in en zh-TW; do
        expect_delta "$t $m $d vs op-file ($lang)" "$WORK/x-$lang.csv" "$WORK/x-$lang.txt" \
          "$d" "$t" "$m" "$(val "$A/$d" "$t" "$m")" "$(val "$A/op-file" "$t" "$m")"
      done
    done
  done
done

# ---- inside one archive: OP levels, then phases ------------------------------------------
Z=$A/op-zram
for lang in en zh-TW; do
  "$SSDBENCH" compare "$Z" --lang $lang -o "$WORK/op-$lang.pdf" --csv "$WORK/op-$lang.csv" \
    --svg "$WORK/op-svg-$lang" > "$WORK/op.log" 2> "$WORK/op.err" ||
    { cat "$WORK/op.log" "$WORK/op.err"; fail "compare one archive $lang"; }
  grep -q "1 archive, 3 columns by op, 5 shared tests, 0 left out" "$WORK/op.log" ||
    { cat "$WORK/op.log"; fail "$lang: by op"; }
  grep -q "one column per value of 'op'" "$WORK/op.err" || fail "$lang: says the key"
  pdftotext -layout "$WORK/op-$lang.pdf" "$WORK/op-$lang.txt"
  test -s "$WORK/op-svg-$lang/lineup-dispersion-3.svg" || fail "$lang: IOPS over time per OP level"
done
# #22 labels: tests are headed in reviewer wording, never as op${op}-... template text:
# op0-rnd4k-q32-write is randwrite, 4 KiB, QD32, 1 job (its manifest says).
expect_eq "op0-rnd4k-q32-write's pattern" "$(jq -r '.steps[] | select(.name == "op0-rnd4k-q32-write") |
  "\(.rw) \(.bs) \(.iodepth) \(.numjobs)"' "$Z/manifest.json")" "randwrite 4096 32 1"
grep -A3 -F 'Dispersion: 4K random write QD32 T1' "$WORK/op-en.txt" | grep -q "OP 0 % .*OP 28 % .*OP 100 %" ||
  fail "the dispersion chart's legend: a series per OP level"
for lang in en zh-TW; do
  grep -qF '${' "$WORK/op-$lang.txt" && fail "$lang: template text '\${' in the lineup PDF"
done
grep -q "Compared within one plan, by over-provisioning" "$WORK/op-en.txt" || fail "English in-archive title"
grep -q "同一測試計畫內比較，依預留空間" "$WORK/op-zh-TW.txt" || fail "Chinese in-archive title"
# the columns as reviewers write OP levels, in the PDF, never as the key=value of the CSV
grep -q "OP 0 % (baseline)" "$WORK/op-en.txt" || fail "the baseline column's head"
grep -q "OP 0 %（基準）" "$WORK/op-zh-TW.txt" || fail "the baseline column's head in zh-TW"
for lang in en zh-TW; do
  ! grep -qE "op=[0-9]" "$WORK/op-$lang.txt" || fail "$lang: a column headed op=N: $(grep -m1 -E "op=[0-9]" "$WORK/op-$lang.txt")"
done
grep -q "與基準的差異" "$WORK/op-zh-TW.txt" || fail "Chinese delta heading (by op)"
for t in before-rnd4k-q1-read rnd4k-q32-write after-rnd4k-q32-write; do
  for m in iops write_iops clat_mean_us clat_p99.9_us; do
    b=$(val "$Z" "op0-$t" "$m")
    awk -v b="$b" 'BEGIN { exit !(b > 0) }' || continue  # not measured (no writes)
    for op in 28 100; do
      expect_delta "op$op-$t $m vs op0" "$WORK/op-en.csv" "$WORK/op-en.txt" "op=$op" \
        "op\${op}-$t" "$m" "$(val "$Z" "op$op-$t" "$m")" "$b"
    done
  done
done
# Another baseline scope.
"$SSDBENCH" compare "$Z" --by op --baseline-scope 100 -o "$WORK/b.pdf" --csv "$WORK/b.csv" \
  > /dev/null 2>&1 || fail "--baseline-scope"
t=rnd4k-q32-write
expect_eq "op=100 is the baseline" "$(csv_delta "$WORK/b.csv" op=100 "op\${op}-$t" iops)" 0.00
expect_eq "op=0 vs op=100" "$(csv_delta "$WORK/b.csv" op=0 "op\${op}-$t" iops)" \
  "$(pct "$(val "$Z" "op0-$t" iops)" "$(val "$Z" "op100-$t" iops)" %.2f)"
# Before against after: the steady writes are in no phase, and said so.
"$SSDBENCH" compare "$Z" --by phase -o "$WORK/p.pdf" --csv "$WORK/p.csv" > "$WORK/p.log" 2> "$WORK/p.err" ||
  { cat "$WORK/p.err"; fail "--by phase"; }
grep -q "2 columns by phase, 6 shared tests, 3 left out" "$WORK/p.log" || { cat "$WORK/p.log"; fail "by phase: summary"; }
grep -qF "left out op28-rnd4k-q32-write [op=28]: not swept over phase" "$WORK/p.err" || fail "by phase: why"
t=op28-\${phase}-rnd4k-q32-write
expect_eq "after vs before, op28" "$(awk -F, -v t="$t" '$1 == "phase=after" && $3 == t && $4 == "op=28" && $5 == "write_iops" { print $8 }' "$WORK/p.csv")" \
  "$(pct "$(val "$Z" op28-after-rnd4k-q32-write write_iops)" "$(val "$Z" op28-before-rnd4k-q32-write write_iops)" %.2f)"

# ---- a reviewer's lineup template: only a p99.99 delta table, retitled -----------------
printf '<lineup>\n  <chart kind="delta" metrics="clat_p99.99_us write_iops" title="OP 對照"/>\n</lineup>\n' \
  > "$WORK/t.xml"
"$SSDBENCH" compare "$Z" -t "$WORK/t.xml" --lang zh-TW -o "$WORK/t.pdf" --svg "$WORK/t-svg" \
  > /dev/null 2>&1 || fail "compare --template"
expect_eq "template: the tables it lists" "$(cd "$WORK/t-svg" && echo *.svg)" \
  "lineup-delta-clat_p99.99_us.svg lineup-delta-write_iops.svg"
expect_eq "template: pages" "$(pdfinfo "$WORK/t.pdf" | awk '/^Pages:/ {print $2}')" 2
# the title, and a metric beyond the headline ones in the reader's words (results.csv's
# column as the workbook names it), not its CSV id
pdftotext "$WORK/t.pdf" - | grep -q "OP 對照：完成延遲 p99.99（µs）" || fail "template: the title"
pdftotext "$WORK/t.pdf" - | grep -q "OP 對照：寫入 IOPS" || fail "template: the second metric's title"
set +e
"$SSDBENCH" compare "$Z" -t "$SRC/templates/report-default.xml" -o "$WORK/r.pdf" > /dev/null 2> "$WORK/r.err"
rc=$?
set -e
expect_eq "a report template for compare" "$rc" 2
grep -q "use it with 'ssdbench report'" "$WORK/r.err" || fail "a report template: why"
# A typo in a metric: exit 2 at the word inside metrics="...", with a suggestion, the
# line and a caret; no PDF, SVG or CSV written.
printf '<lineup>\n  <chart kind="delta" metrics="iops clat_p99.9_us wirte_iops"/>\n</lineup>\n' \
  > "$WORK/typo.xml"
col=$(awk 'NR == 2 { print index($0, "wirte_iops") }' "$WORK/typo.xml")
set +e
"$SSDBENCH" compare "$Z" -t "$WORK/typo.xml" -o "$WORK/typo.pdf" --svg "$WORK/typo-svg" \
  --csv "$WORK/typo.csv" > "$WORK/typo.out" 2> "$WORK/typo.err"
rc=$?
set -e
expect_eq "a metric's typo: exit" "$rc" 2
grep -qF "$WORK/typo.xml:2:$col: error: unknown metric 'wirte_iops' (did you mean 'write_iops'?" \
  "$WORK/typo.err" || { cat "$WORK/typo.err"; fail "a metric's typo: where and what"; }
expect_eq "a metric's typo: the caret" "$(sed -n 3p "$WORK/typo.err")" "  $(printf "%$((col - 1))s")^"
for f in typo.pdf typo-svg typo.csv; do
  check "a metric's typo: no $f" test ! -e "$WORK/$f"
done

# ---- archives of different plans -----------------------------------------------------------
sed -e 's/name="op-lineup"/name="op-other"/' -e 's/values="0 28 100"/values="0"/' \
  -e 's/<sweep var="phase" values="after">/<workload name="extra-seq128k-read" rw="read" bs="128KiB" runtime="1s"\/><sweep var="phase" values="after">/' \
  "$SRC/samples/plans/op-lineup.xml" > "$WORK/other.xml"
"$SSDBENCH" run "$WORK/other.xml" -q --set steady=1s --target "dut=file:$WORK/o.bin,size=64MiB" \
  --out "$WORK/op-other" > "$WORK/o.log" 2>&1 || { cat "$WORK/o.log"; fail "run the other plan"; }
"$SSDBENCH" compare "$A/op-file" "$WORK/op-other" --lang zh-TW -o "$WORK/d.pdf" --csv "$WORK/d.csv" \
  > "$WORK/d.log" 2> "$WORK/d.err" || { cat "$WORK/d.err"; fail "compare across plans"; }
grep -q "2 archives, 5 shared tests, 11 left out" "$WORK/d.log" || { cat "$WORK/d.log"; fail "across plans: summary"; }
grep -q "come from different plans" "$WORK/d.err" || fail "across plans: said"
grep -qF "left out op28-rnd4k-q32-write [op=28]: only in op-file" "$WORK/d.err" || fail "across plans: only in one"
grep -qF "left out extra-seq128k-read [op=0]: only in op-other" "$WORK/d.err" || fail "across plans: the extra test"
pdftotext -layout "$WORK/d.pdf" "$WORK/d.txt"
grep -q "封存來自不同的測試計畫" "$WORK/d.txt" || fail "across plans: the report says so"
echo "lineup samples: ok"
