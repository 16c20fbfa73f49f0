#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The result card (template kind card, report/model/card.c): two smoke runs of
# testplans/quick.xml (CrystalDiskMark's default preset: SEQ1M Q8T1, SEQ1M Q1T1,
# RND4K Q32T1, RND4K Q1T1, each read and write). A report's card in en, zh-TW and
# zh-CN (PDF and SVG): each test's read and write MB/s, IOPS and mean completion
# latency equal those recomputed here with jq and awk from the element's fio.json; a
# lineup of four drives (the two runs and a copy of each): the grid's row of each
# drive holds its own archive's MB/s, in the three languages, the baseline shaded.
. "$(dirname "$0")/lib.sh"
command -v pdftotext > /dev/null || { echo "SKIP: no pdftotext"; exit 77; }

tests=("SEQ1M Q8T1 seq1m-q8t1" "SEQ1M Q1T1 seq1m-q1t1" "RND4K Q32T1 rnd4k-q32t1" "RND4K Q1T1 rnd4k-q1t1")
# grouped N DECIMALS: 1234.5 -> "1,234.50" (the card's numbers), a tie rounded up as
# the card rounds the decimal fio printed (1412.5 IOPS -> 1,413; printf's would be even)
grouped() {
  awk -v v="$1" -v d="$2" 'BEGIN { x = v * 10 ^ d; r = int(x); if (x - r >= 0.5 - 1e-9) r++
    s = sprintf("%." d "f", r / 10 ^ d); i = s; f = ""
    if (d > 0) { i = substr(s, 1, index(s, ".") - 1); f = substr(s, index(s, ".")) }
    o = ""; while (length(i) > 3) { o = "," substr(i, length(i) - 2) o; i = substr(i, 1, length(i) - 3) }
    print i o f }'
}
# fio ARCHIVE STEP DIR EXPR: jq EXPR over the step's fio.json .jobs[0].DIR
fio() {
  local d
  d=$(jq -r --arg n "$2" '.steps[] | select(.name == $n) | .dir' "$1/manifest.json")
  jq -r ".jobs[0].$3 | $4" "$1/$d/fio.json"
}
# want ARCHIVE SLUG: the card's six cells of the test, as fio says
want() {
  local a=$1 s=$2
  echo "$(grouped "$(fio "$a" "$s-read" read '.bw_bytes / 1e6')" 2)" \
       "$(grouped "$(fio "$a" "$s-write" write '.bw_bytes / 1e6')" 2)" \
       "$(grouped "$(fio "$a" "$s-read" read .iops)" 0)" \
       "$(grouped "$(fio "$a" "$s-write" write .iops)" 0)" \
       "$(grouped "$(fio "$a" "$s-read" read '.clat_ns.mean / 1000')" 1)" \
       "$(grouped "$(fio "$a" "$s-write" write '.clat_ns.mean / 1000')" 1)"
}

cd "$WORK"
run_ok "$SRC/testplans/quick.xml" "$WORK/a" --set smoke=1 -q
run_ok "$SRC/testplans/quick.xml" "$WORK/b" --set smoke=1 -q
cp -a "$WORK/a" "$WORK/c"
cp -a "$WORK/b" "$WORK/d"
declare -A title=([en]="Result card (CrystalDiskMark style)" [zh-TW]="成績卡（CrystalDiskMark 樣式）"
                  [zh-CN]="成绩卡（CrystalDiskMark 样式）")
declare -A readmb=([en]="Read MB/s" [zh-TW]="讀取 MB/s" [zh-CN]="读取 MB/s")
# the SVGs in one language (the same model draws them: it_wording checks every format)
svg() { [ "$1" = zh-TW ] && echo --svg "$2"; }
for l in en zh-TW zh-CN; do
  # shellcheck disable=SC2046
  "$SSDBENCH" report "$WORK/a" --lang $l -o "$WORK/r-$l.pdf" $(svg $l "$WORK/svg-$l") \
    > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "report $l"; }
  pdftotext -layout "$WORK/r-$l.pdf" "$WORK/r-$l.txt"
  check "$l: the card's title" grep -qF "${title[$l]}" "$WORK/r-$l.txt"
  check "$l: the card's read MB/s column" grep -qF "${readmb[$l]}" "$WORK/r-$l.txt"
  for t in "${tests[@]}"; do
    read -r n1 n2 slug <<< "$t"
    got=$(awk -v n="$n1" -v q="$n2" '$1 == n && $2 == q && NF == 8 { $1 = $2 = ""; print; exit }' "$WORK/r-$l.txt" | xargs)
    expect_eq "$l: card row $n1 $n2 (read, write MB/s; IOPS; µs)" "$got" "$(want "$WORK/a" "$slug")"
  done
done
echo "card: a drive's card in en, zh-TW and zh-CN is fio's numbers"

# The workbook's card: the tiles as the PDF draws them (label tiles dark with white bold
# text, the MB/s tiles light with large bold numbers), each number fio's as above.
"$SSDBENCH" report "$WORK/a" --lang zh-TW -o "$WORK/x.pdf" --xlsx "$WORK/x.xlsx" > "$WORK/r.log" 2>&1 ||
  { cat "$WORK/r.log"; fail "report --xlsx"; }
for t in "${tests[@]}"; do
  read -r n1 n2 slug <<< "$t"
  echo "$n1 $n2|$(want "$WORK/a" "$slug" | tr -d ,)"
done > "$WORK/want.txt"
/usr/bin/python3 - "$WORK/x.xlsx" "${title[zh-TW]}" "$WORK/want.txt" << 'PYEOF' || fail "the workbook's card"
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])[sys.argv[2]]
want = dict(l.rstrip("\n").split("|") for l in open(sys.argv[3], encoding="utf-8"))
rows = [r for r in ws.iter_rows() if r[0].value in want]
assert len(rows) == 4, [r[0].value for r in ws.iter_rows()]
for r in rows:
    a = r[0]
    assert a.fill.fgColor.rgb[-6:].upper() == "37474F" and a.font.b, (a.value, a.fill.fgColor.rgb)
    assert a.font.color.rgb[-6:].upper() == "FFFFFF", (a.value, a.font.color.rgb)
    vals = [float(v) for v in want[a.value].split()]
    got = [c.value for c in r[1:7]]
    assert len(got) == 6 and all(isinstance(g, float) or isinstance(g, int) for g in got), got
    assert all(abs(g - v) <= 1e-9 * max(1, abs(v)) for g, v in zip(got, vals)), (a.value, got, vals)
    for c in r[1:3]:   # the MB/s as tiles, IOPS and µs in plain cells (card.c)
        assert c.fill.fgColor.rgb[-6:].upper() == "EEF2F5" and c.font.b and c.font.sz >= 14, c.coordinate
    for c in r[3:7]:
        assert c.fill.fgColor.rgb[-6:].upper() != "EEF2F5" and not c.font.b, c.coordinate
print("card workbook: 4 rows of tiles, fio's numbers")
PYEOF
echo "card: the workbook's card is tiles of fio's numbers"

for l in en zh-TW zh-CN; do
  # shellcheck disable=SC2046
  "$SSDBENCH" compare "$WORK/a" "$WORK/b" "$WORK/c" "$WORK/d" --lang $l --label "$WORK/a=Drive-A" \
    --label "$WORK/b=Drive-B" --label "$WORK/c=Drive-C" --label "$WORK/d=Drive-D" \
    -o "$WORK/l-$l.pdf" $(svg $l "$WORK/lsvg-$l") > "$WORK/c.log" 2>&1 || { cat "$WORK/c.log"; fail "compare $l"; }
  pdftotext -layout "$WORK/l-$l.pdf" "$WORK/l-$l.txt"
  check "$l: the grid's title" grep -qF "${title[$l]}" "$WORK/l-$l.txt"
  for m in a b c d; do
    label=Drive-${m^^}
    w=""
    for t in "${tests[@]}"; do
      read -r _ _ slug <<< "$t"
      read -r r wr _ <<< "$(want "$WORK/$m" "$slug")"
      w="$w $r $wr"
    done
    got=$(awk -v n="$label" '$1 == n && NF == 9 && $2 ~ /^[0-9]/ { $1 = ""; print; exit }' "$WORK/l-$l.txt" | xargs)
    expect_eq "$l: the grid's row of $label (read, write MB/s of each test)" "$got" "$(echo $w)"
  done
done
# the baseline (the first) shaded: its row's cells have the grid's fill, the others none
check "the card as an SVG" grep -qF "${title[zh-TW]}" "$WORK/svg-zh-TW/card.svg"
check "the grid as an SVG" grep -qF "${title[zh-TW]}" "$WORK/lsvg-zh-TW/lineup-card.svg"
check "the baseline's row shaded" grep -qi 'fill="#fff4cc"\|fill:#fff4cc\|rgb(100%,95.686275%,80%)' "$WORK/lsvg-zh-TW/lineup-card.svg"
echo "card: a 4-drive lineup's grid in en, zh-TW and zh-CN holds each drive's own numbers"
