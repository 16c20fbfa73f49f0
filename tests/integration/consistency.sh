#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Consistency scores on the report (#21): a run of tests/plans/consistency.xml (two
# 6 s steps, the first with its own dispersion chart, as the run-wide one takes steps
# of 60 s or more only). The DriveMaster score (99.9 %-slowest second ÷ average,
# nearest rank k = ceil(0.001 n) on the ascending per-second total IOPS) is recomputed
# with awk from each step's series.csv; it must equal results.csv's column and the
# PDF's dispersion caption and consistency table; the table's other cells equal
# results.csv's; zh-TW and zh-CN carry the same table. A lineup of two such runs
# has a consistency table whose cells equal each archive's results.csv.
. "$(dirname "$0")/lib.sh"
command -v fio > /dev/null || { echo "SKIP: no fio"; exit 77; }
for t in pdftotext jq; do command -v $t > /dev/null || { echo "SKIP: no $t"; exit 77; }; done
PLAN=$SRC/tests/plans/consistency.xml

for a in a b; do
  "$SSDBENCH" run "$PLAN" --target "dut=file:$WORK/$a.bin,size=64MiB" --out "$WORK/$a" \
    > "$WORK/run-$a.log" 2>&1 || { cat "$WORK/run-$a.log"; fail "run $a"; }
done
A=$WORK/a
for lang in en zh-TW zh-CN; do
  "$SSDBENCH" report "$A" --lang $lang -o "$WORK/$lang.pdf" --svg "$WORK/svg-$lang" \
    --png "$WORK/png-$lang" > /dev/null || fail "report $lang"
  pdftotext -layout "$WORK/$lang.pdf" "$WORK/$lang.txt"
  check "$lang: consistency chart file" test -f "$WORK/svg-$lang/consistency.svg"
done

# stats SERIES.CSV: "score p999 avg sd avg/sd" over the per-second total IOPS (read +
# write + trim), full precision: DriveMaster's score is the 99.9 %-slowest second (the
# k-th smallest, k = ceil(0.001 n)) over the average; sd the sample standard deviation.
# Then the five bounds of what series.csv's rounding to 0.1 IOPS (each second off by up
# to e = 0.05 from what the report summed) can move them: the average and the k-th
# second by e, the score by e (1 + score) / avg, sd by e sum |x_i - avg| / ((n-1) sd),
# avg / sd by e sum |1 / (n sd) - avg (x_i - avg) / ((n-1) sd^3)| (first order, the
# sd of a 6 s step is tens of IOPS).
stats() {
  awk -F, 'NR > 1 { printf "%.6f\n", $2 + $3 + $4 }' "$1" | sort -g |
    awk '{ v[++m] = $1; s += $1 }
      END { a = s / m; k = int(0.001 * m); if (k < 0.001 * m) k++; if (k < 1) k = 1
            for (i = 1; i <= m; i++) ss += (v[i] - a) ^ 2; sd = sqrt(ss / (m - 1))
            e = 0.05; bsd = 0; basd = 0
            for (i = 1; i <= m; i++) {
              d = v[i] - a; bsd += (d < 0 ? -d : d) / ((m - 1) * sd)
              g = 1 / (m * sd) - a * d / ((m - 1) * sd ^ 3); basd += (g < 0 ? -g : g) }
            printf "%.10f %.10f %.10f %.10f %.10f %.10f %.10f %.10f %.10f %.10f\n",
              v[k] / a, v[k], a, sd, a / sd,
              e * (1 + v[k] / a) / a, e, e, e * bsd, e * basd }'
}
# near WHAT GOT WANT TOL: |GOT - WANT| <= TOL.
near() {
  awk -v a="$2" -v b="$3" -v t="$4" 'BEGIN { d = a - b; exit !(d <= t && d >= -t) }' ||
    fail "$1: $2, want $3 (within $4)"
}
# Tolerances of the five numbers (average, 99.9 % slowest, score, avg / sd, sd): the
# report prints IOPS without decimals, the score with 3 and avg / sd with 2;
# results.csv rounds to 2 (IOPS), 4 (score) and 3 decimals. Against series.csv the
# printing's half unit plus the bound stats() gives for series.csv's own rounding.
TOL_CSV=(0.505 0.505 0.00055 0.0055 0.505)
TOL_PRINT=(0.5 0.5 0.0005 0.005 0.5)
COLS=(iops_avg iops_p99.9_slowest drivemaster_score iops_avg_over_stddev iops_stddev)
# check_row WHAT ARCHIVE I "N1 N2 N3 N4 N5": the five numbers of a table row (or a
# caption) equal results.csv's row I and the values awk recomputes from series.csv.
check_row() {
  local what=$1 c=$2/results.csv dir got awkv bound k
  dir=$(ls -d "$2"/steps/$(printf %03d "$3")-*)
  read -r -a got <<< "${4//,/}"
  read -r sc p999 avg sd asd bsc bp999 bavg bsd basd < <(stats "$dir/series.csv")
  awkv=("$avg" "$p999" "$sc" "$asd" "$sd")
  bound=("$bavg" "$bp999" "$bsc" "$basd" "$bsd")
  expect_eq "$what: numbers in the row" "${#got[@]}" 5
  for k in 0 1 2 3 4; do
    near "$what ${COLS[k]} vs results.csv" "${got[k]}" "$(csv_get "$c" "$3" "${COLS[k]}")" \
      "${TOL_CSV[k]}"
    near "$what ${COLS[k]} vs series.csv" "${got[k]}" "${awkv[k]}" \
      "$(awk -v p="${TOL_PRINT[k]}" -v b="${bound[k]}" 'BEGIN { printf "%.10f", p + b + 1e-9 }')"
  done
  # results.csv's own column against DriveMaster's formula over series.csv.
  near "$what: results.csv drivemaster_score vs series.csv" \
    "$(csv_get "$c" "$3" drivemaster_score)" "$sc" "$(awk -v b="$bsc" 'BEGIN { print 0.00005 + b + 1e-9 }')"
}

# row LABEL TXT: the rest of the table row that LABEL (letters, digits, spaces, ':')
# starts, not a "/" line.
# (a row marked " *": fewer than 1,000 seconds, its 99.9 % slowest is its slowest)
row() { grep -E "^ *$1( \*)?  " "$2" | grep -v "/" | sed -E "s/^ *$1( \*)?  *//"; }

nsteps=$(jq '.steps | length' "$A/manifest.json")
expect_eq "steps" "$nsteps" 2
for i in $(seq 1 "$nsteps"); do
  # #22 labels: the step's label (every language) is what the report prints for it.
  name=$(jq -r ".steps[$((i - 1))].labels[\"*\"]" "$A/manifest.json")
  [ "$name" != null ] || fail "step $i: no label in the manifest"
  # fewer than 1,000 seconds (series.csv's rows): the row marked, the note said
  secs=$(($(wc -l < "$(ls -d "$A"/steps/$(printf %03d "$i")-*)/series.csv") - 1))
  few=0; [ "$secs" -lt 1000 ] && few=1
  expect_eq "$name: marked ' *' as under 1,000 s ($secs s)" \
    "$(grep -cE "^ *$name \*  " "$WORK/en.txt")" "$few"
  [ $few = 1 ] && check "$name: the note on the mark" grep -qF "under 1,000 seconds: the 99.9 % slowest second is the slowest one" "$WORK/en.txt"
  # The table row: label, then five numbers (the last column, sigma of the last 60 s,
  # is "–" for a 6 s step).
  for lang in en zh-TW zh-CN; do
    got=$(row "$name" "$WORK/$lang.txt" | awk '{ print $1, $2, $3, $4, $5 }')
    check_row "$name ($lang table)" "$A" "$i" "$got"
    expect_eq "$name ($lang): sigma of the last 60 s" \
      "$(row "$name" "$WORK/$lang.txt" | awk '{ print $6 }')" "–"
  done
  # The step with chart="dispersion": the caption's score, 99.9 % slowest and average.
  if [ "$(jq -r ".steps[$((i - 1))].chart // empty" "$A/manifest.json")" = dispersion ]; then
    cap=$(sed -n 's/.*DriveMaster score \([0-9.]*\) = 99.9 % slowest \([0-9,.]*\) ÷ average \([0-9,.]*\) IOPS.*/\3 \2 \1/p' \
      "$WORK/en.txt")
    [ -n "$cap" ] || fail "$name: no score in the dispersion caption"
    read -r cavg cp999 csc <<< "${cap//,/}"
    near "$name caption average" "$cavg" "$(csv_get "$A/results.csv" "$i" iops_avg)" 0.505
    near "$name caption 99.9 % slowest" "$cp999" \
      "$(csv_get "$A/results.csv" "$i" iops_p99.9_slowest)" 0.505
    read -r sc _ _ _ _ bsc _ < <(stats "$(ls -d "$A"/steps/$(printf %03d "$i")-*)/series.csv")
    near "$name caption score vs series.csv" "$csc" "$sc" \
      "$(awk -v b="$bsc" 'BEGIN { print 0.0005 + b + 1e-9 }')"
    expect_eq "$name caption score = table's" "$csc" \
      "$(row "$name" "$WORK/en.txt" | awk '{ print $3 }')"
    grep -qF "DriveMaster 分數 $csc = 99.9 % 最慢秒" "$WORK/zh-TW.txt" || fail "$name: zh-TW caption"
    grep -qF "DriveMaster 分数 $csc = 99.9 % 最慢秒" "$WORK/zh-CN.txt" || fail "$name: zh-CN caption"
    # The chart's page, from its title to its footer: the two lines' legend entries.
    awk -v t="$name: IOPS dispersion" 'index($0, t) { p = 1 } p; p && /sha256/ { exit }' \
      "$WORK/en.txt" > "$WORK/disp.txt"
    slow="99.9 % slowest IOPS"; [ $few = 1 ] && slow="Slowest second (under 1,000 s)"
    for l in "Average IOPS" "$slow"; do
      grep -qF "$l" "$WORK/disp.txt" || fail "$name: '$l' line in the dispersion chart's legend"
    done
    dispersion=1
  fi
done
expect_eq "a step with its own dispersion chart" "${dispersion:-0}" 1
grep -q "IOPS consistency" "$WORK/en.txt" || fail "en table title"
grep -q "IOPS 一致性" "$WORK/zh-TW.txt" || fail "zh-TW table title"
grep -q "IOPS 一致性" "$WORK/zh-CN.txt" || fail "zh-CN table title"

# ---- lineup: a row per test and column, each archive's own numbers ------------------
"$SSDBENCH" compare "$WORK/a" "$WORK/b" --label "$WORK/a=drvA" --label "$WORK/b=drvB" \
  --lang en -o "$WORK/l.pdf" --svg "$WORK/l-svg" --png "$WORK/l-png" > "$WORK/cmp.log" 2>&1 ||
  { cat "$WORK/cmp.log"; fail "compare"; }
check "lineup consistency table file" test -f "$WORK/l-svg/lineup-consistency.svg"
pdftotext -layout "$WORK/l.pdf" "$WORK/l.txt"
grep -q "Consistency" "$WORK/l.txt" || fail "lineup table title"
rows=0
for d in a b; do
  for i in $(seq 1 "$nsteps"); do
    name=$(jq -r ".steps[$((i - 1))].labels[\"*\"]" "$WORK/$d/manifest.json")
    got=$(row "$name: drv${d^^}" "$WORK/l.txt" | awk '{ print $1, $2, $3, $4, $5 }')
    check_row "lineup $name drv${d^^}" "$WORK/$d" "$i" "$got"
    rows=$((rows + 1))
  done
done
expect_eq "lineup rows" "$rows" 4
echo "ok: consistency"
