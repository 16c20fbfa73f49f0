#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every document kind (a run report, a lineup, a plot, a trace plot) with every
# preset (archive, print, web, slide) and every format (PDF or one file, SVG and PNG
# folders, workbook, HTML bundle), through the same options (the web preset in two
# languages at once, each file in its language's folder), held to the same rules: web SVG text 11 px or more with
# 700 px PNGs (every HTML bundle's images too: 700 px and 1400 px @2x), print PDFs' words 9 pt or more (the per-chart
# PDFs too), slide PNGs 1920 px, archive PNGs 1400 px; the language asked for in
# the text; --lang fr refused (exit 2) by report, compare, plot and trace plot; --date
# (else $SOURCE_DATE_EPOCH) the PDF's and the workbook's date in each, a malformed one refused alike; the
# page footer ("3 / 12") on every page of a report and of a lineup; a lineup dated by
# its newest run; missing output folders made; -o/--xlsx with another extension, a
# mistyped --preset, --svg-text or --by answered.
. "$(dirname "$0")/lib.sh"

PY=/usr/bin/python3
[ -x $PY ] || PY=python3
$PY -c 'import openpyxl' 2> /dev/null || fail "no python3-openpyxl (scripts/setup installs it)"
for t in pdftotext pango-view xmllint; do
  command -v $t > /dev/null || fail "$t missing (scripts/setup installs it)"
done
. "$(dirname "$0")/pdfsize.sh"
. "$(dirname "$0")/websize.sh"
pdfsize_init

A=$SRC/samples/archives
LOG=$SRC/samples/archive-quick/steps/002-randrw70-4k-q1t2/log_iops.1.log
TRACE=$SRC/traces/git.blktrace
run() { "$@" > "$WORK/log" 2>&1 || { cat "$WORK/log"; fail "$*"; }; }
# the string id ID of templates/i18n/FILE.xml
word() { sed -n "s|.*<string id=\"$2\">\\(.*\\)</string>.*|\\1|p" "$SRC/templates/i18n/$1.xml"; }
# preset_ok WHAT PRESET SVG_DIR PNG_DIR: the files one preset makes.
preset_ok() {
  local f
  case $2 in
    web) web_ok "$1" "$3" "$4" ;;
    print) for f in "$3"/*.svg; do pdf_ok "$1: $(basename "$f" .svg).pdf" "${f%.svg}.pdf"; done ;;
    slide) for f in "$4"/*.png; do expect_eq "$1: $(basename "$f") width" "$(png_width "$f")" 1920; done ;;
    archive) for f in "$4"/*.png; do expect_eq "$1: $(basename "$f") width" "$(png_width "$f")" 1400; done ;;
  esac
}
# one_ok WHAT PRESET FILE_STEM: a plot's files (.svg, .png, .pdf) to the preset's rules.
one_ok() {
  local got
  check "$1: SVG is XML" xmllint --noout "$3.svg"
  case $2 in
    web) got=$(svg_min_px "$3.svg")
         [ "${got% *}" -gt 0 ] || fail "$1: no <text>"
         awk -v m="${got#* }" 'BEGIN { exit !(m >= 11 - 1e-6) }' || fail "$1: text of ${got#* } px"
         expect_eq "$1: PNG width" "$(png_width "$3.png")" 700 ;;
    print) pdf_ok "$1: PDF" "$3.pdf" ;;
    slide) expect_eq "$1: PNG width" "$(png_width "$3.png")" 1920 ;;
    archive) expect_eq "$1: PNG width" "$(png_width "$3.png")" 1400 ;;
  esac
}

# kind K ARGS...: the command of document kind K (1-4) with ARGS.
kind() {
  local k=$1
  shift
  case $k in
    1) "$SSDBENCH" report "$A/qd-sweep" "$@" ;;
    2) "$SSDBENCH" compare "$A/op-file" "$A/op-loop" "$@" ;;
    3) "$SSDBENCH" plot "$LOG" "$@" ;;
    4) "$SSDBENCH" trace plot "$TRACE" "$@" ;;
  esac
}
names=(- report compare plot "trace plot")
# the main file's extension (-o) and a string id of the kind's own text, per kind
ext=(- pdf pdf svg svg)
own=(- report lineup-lineup read trace-sizes)

langs=(en zh-TW zh-CN)
i=0
for p in archive print web slide; do
  flag=(); [ $p = archive ] || flag=(--preset "$p")
  # a language per preset, and two at once for the web (each file in its
  # language's folder: FILE's folder/LANG/, DIR/LANG/)
  l1=${langs[$((i % 3))]}; l2=${langs[$(((i + 1) % 3))]}; i=$((i + 1))
  ls=$l1; [ $p = web ] && ls=$l1,$l2
  d=$WORK/$p
  mkdir -p "$d"
  # every kind, every format, through the same options
  for k in 1 2 3 4; do
    n="${names[$k]} $p"
    run kind $k -o "$d/k$k.${ext[$k]}" --svg "$d/k$k-svg" --png "$d/k$k-png" \
      --xlsx "$d/k$k.xlsx" --html "$d/k$k-html" --lang "$ls" "${flag[@]}"
    for l in ${ls/,/ }; do
      sub=; [ $p = web ] && sub=/$l
      f=$d$sub/k$k.${ext[$k]}
      check "$n ($l): the main file" test -s "$f"
      [ $p = web ] && check "$n ($l): no file outside the language folders" test ! -e "$d/k$k.${ext[$k]}"
      [ $k -le 2 ] && pdf_ok "$n ($l): ${f##*/}" "$f"
      preset_ok "$n ($l)" $p "$d/k$k-svg$sub" "$d/k$k-png$sub"
      web_ok "$n ($l): HTML bundle" "$d/k$k-html$sub" "$d/k$k-html$sub"
      check "$n ($l): <html lang>" grep -q "<html lang=\"$l\"" "$d/k$k-html$sub/index.html"
      check "$n ($l): SVG xml:lang" grep -q "xml:lang=\"$l\"" "$d/k$k-svg$sub/"*.svg
      # the kind's own words in the language: in the PDF, else in the SVGs
      if [ $k -le 2 ]; then
        check "$n ($l): $l text" grep -q "$(word "$l" "${own[$k]}")" <(pdftotext "$f" -)
      else
        check "$n ($l): $l text" grep -q "$(word "$l" "${own[$k]}")" "$d/k$k-svg$sub/"*.svg
      fi
      check "$n ($l): a workbook with a chart" \
        $PY -c 'import sys, zipfile; sys.exit(not any(n.startswith("xl/charts/chart")
          for n in zipfile.ZipFile(sys.argv[1]).namelist()))' "$d$sub/k$k.xlsx"
    done
  done
  # a plot and a trace plot as one file of each format
  for f in svg png pdf; do
    run "$SSDBENCH" plot "$LOG" -o "$d/plot.$f" --lang "$l1" "${flag[@]}"
    run "$SSDBENCH" trace plot "$TRACE" -o "$d/trace.$f" --lang "$l1" "${flag[@]}"
  done
  one_ok "plot $p" $p "$d/plot"
  one_ok "trace plot $p" $p "$d/trace"
  # plot's workbook holds the log's numbers (openpyxl against awk on the log): a row a
  # second, read and write IOPS
  expect_eq "plot $p: the workbook's rows are the log's" \
    "$($PY -c 'import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
for r in ws.iter_rows(min_row=5, values_only=True):
    if r[0] is not None: print(r[0], r[1], r[3])' "$(ls "$d"/k3.xlsx "$d/$l1/k3.xlsx" 2> /dev/null)")" \
    "$(awk -F', ' '{ t = int(($1 + 500) / 1000); v[t, $3] = $2; if (t > n) n = t }
                   END { for (i = 1; i <= n; i++) print i, v[i, 0], v[i, 1] }' "$LOG")"
done

# --lang fr: a usage error naming the languages, the same for every document kind.
set +e
"$SSDBENCH" report "$A/qd-sweep" -o "$WORK/fr.pdf" --lang fr 2> "$WORK/e1"; r1=$?
"$SSDBENCH" compare "$A/op-file" "$A/op-loop" -o "$WORK/fr.pdf" --lang fr 2> "$WORK/e2"; r2=$?
"$SSDBENCH" plot "$LOG" -o "$WORK/fr.svg" --lang fr 2> "$WORK/e3"; r3=$?
"$SSDBENCH" trace plot "$TRACE" -o "$WORK/fr.svg" --lang fr 2> "$WORK/e4"; r4=$?
set -e
for k in 1 2 3 4; do
  eval "rc=\$r$k"
  expect_eq "--lang fr ($k): exit" "$rc" 2
  check "--lang fr ($k): names en, zh-TW, zh-CN" grep -q "en, zh-TW, zh-CN" "$WORK/e$k"
done
check "--lang fr: nothing written" test ! -e "$WORK/fr.pdf" -a ! -e "$WORK/fr.svg"

# --date, the same for every document kind: the PDF's date (pdfinfo reads it back),
# else $SOURCE_DATE_EPOCH's; a malformed one is a usage error before anything is read.
# pdf_date FILE: the PDF's creation date as pdfinfo prints it in UTC, ISO 8601.
pdf_date() { TZ=UTC pdfinfo -isodates "$1" | sed -n 's/^CreationDate: *//p'; }
for k in 1 2 3 4; do
  kind $k -o "$WORK/date$k.pdf" --xlsx "$WORK/date$k.xlsx" --date 2026-03-04T05:06:07Z > /dev/null ||
    fail "--date ($k): exit $?"
  expect_eq "--date ($k): the PDF's date" "$(pdf_date "$WORK/date$k.pdf")" 2026-03-04T05:06:07Z
  expect_eq "--date ($k): the workbook's date" "$($PY -c 'import sys, openpyxl
print(openpyxl.load_workbook(sys.argv[1]).properties.created.strftime("%Y-%m-%dT%H:%M:%SZ"))' \
    "$WORK/date$k.xlsx")" 2026-03-04T05:06:07Z
  SOURCE_DATE_EPOCH=1700000000 kind $k -o "$WORK/epoch$k.pdf" > /dev/null ||
    fail "SOURCE_DATE_EPOCH ($k): exit $?"
  expect_eq "SOURCE_DATE_EPOCH ($k): the PDF's date" "$(pdf_date "$WORK/epoch$k.pdf")" \
    "$(date -u -d @1700000000 +%Y-%m-%dT%H:%M:%SZ)"
  set +e
  kind $k -o "$WORK/bad$k.pdf" --date 2026-13-01 2> "$WORK/d$k"; rc=$?
  set -e
  expect_eq "--date 2026-13-01 ($k): exit" "$rc" 2
  check "--date 2026-13-01 ($k): says the form" grep -qF "invalid --date '2026-13-01' (want YYYY-MM-DDTHH:MM:SSZ)" "$WORK/d$k"
  check "--date 2026-13-01 ($k): nothing written" test ! -e "$WORK/bad$k.pdf"
done

# Without --date or $SOURCE_DATE_EPOCH: a report's date is its run's start, a lineup's
# its newest run's (not 1970), so a re-render is the same document.
kind 1 -o "$WORK/nodate1.pdf" > /dev/null || fail "report without --date"
expect_eq "report: the run's start" "$(pdf_date "$WORK/nodate1.pdf")" \
  "$(jq -r .started "$A/qd-sweep/manifest.json")"
kind 2 -o "$WORK/nodate2.pdf" > /dev/null || fail "compare without --date"
expect_eq "lineup: the newest run's start" "$(pdf_date "$WORK/nodate2.pdf")" \
  "$(jq -rs 'map(.started) | max' "$A/op-file/manifest.json" "$A/op-loop/manifest.json")"

# Output paths, the same for every kind: missing folders above -o, --xlsx, --svg,
# --png and --html are made (one language or two); -o and --xlsx named with another
# format's extension are usage errors before anything is written; a mistyped --preset
# or --svg-text is answered with the name meant.
for k in 1 2 3 4; do
  o=$WORK/deep$k/a/b/out.pdf
  [ $k -ge 3 ] && o=$WORK/deep$k/a/b/out.svg
  xl=()
  [ $k -le 2 ] && xl=(--xlsx "$WORK/deep$k/x/y/out.xlsx" --html "$WORK/deep$k/h/i/html")
  kind $k -o "$o" --svg "$WORK/deep$k/s/t/svg" --png "$WORK/deep$k/p/q/png" "${xl[@]}" \
    > /dev/null || fail "${names[$k]} into missing folders"
  check "${names[$k]}: -o into missing folders" test -s "$o"
  check "${names[$k]}: --svg into missing folders" test -n "$(ls "$WORK/deep$k/s/t/svg"/*.svg)"
  check "${names[$k]}: --png into missing folders" test -n "$(ls "$WORK/deep$k/p/q/png"/*.png)"
  if [ $k -le 2 ]; then
    check "${names[$k]}: --xlsx into missing folders" test -s "$WORK/deep$k/x/y/out.xlsx"
    check "${names[$k]}: --html into missing folders" test -s "$WORK/deep$k/h/i/html/index.html"
  fi
  # two languages at once: each language's folder under the missing ones
  kind $k --lang en,zh-TW -o "${o/deep$k/two$k}" --svg "$WORK/two$k/s/t/svg" > /dev/null ||
    fail "${names[$k]} --lang en,zh-TW into missing folders"
  for l in en zh-TW; do
    check "${names[$k]} ($l): -o into missing folders" test -s "$WORK/two$k/a/b/$l/${o##*/}"
    check "${names[$k]} ($l): --svg into missing folders" \
      test -n "$(ls "$WORK/two$k/s/t/svg/$l"/*.svg)"
  done
  set +e
  kind $k -o "$WORK/wrong$k.pdf" --preset wbe 2> "$WORK/p$k"; rp=$?
  kind $k -o "$WORK/wrong$k.pdf" --svg-text outline 2> "$WORK/t$k"; rt=$?
  set -e
  expect_eq "--preset wbe (${names[$k]}): exit" "$rp" 2
  check "--preset wbe (${names[$k]}): did you mean 'web'" grep -qF "(did you mean 'web'?)" "$WORK/p$k"
  expect_eq "--svg-text outline (${names[$k]}): exit" "$rt" 2
  check "--svg-text outline (${names[$k]}): did you mean 'outlines'" \
    grep -qF "(did you mean 'outlines'?)" "$WORK/t$k"
done
for k in 1 2; do
  set +e
  kind $k -o "$WORK/wrong$k.xlsx" 2> "$WORK/w$k"; ro=$?
  kind $k -o "$WORK/right$k.pdf" --xlsx "$WORK/wrong$k.pdf" 2> "$WORK/x$k"; rx=$?
  set -e
  expect_eq "-o x.xlsx (${names[$k]}): exit" "$ro" 2
  check "-o x.xlsx (${names[$k]}): says .pdf" grep -qF "output '$WORK/wrong$k.xlsx' must end in .pdf" "$WORK/w$k"
  expect_eq "--xlsx x.pdf (${names[$k]}): exit" "$rx" 2
  check "--xlsx x.pdf (${names[$k]}): says .xlsx" grep -qF -- "--xlsx '$WORK/wrong$k.pdf' must end in .xlsx" "$WORK/x$k"
  check "-o x.xlsx, --xlsx x.pdf (${names[$k]}): nothing written" \
    test ! -e "$WORK/wrong$k.xlsx" -a ! -e "$WORK/wrong$k.pdf" -a ! -e "$WORK/right$k.pdf"
done
# compare --by with a key no cell has: the key meant, else the keys there are.
set +e
"$SSDBENCH" compare "$A/op-file" --by opp -o "$WORK/by.pdf" 2> "$WORK/by1"; rb1=$?
"$SSDBENCH" compare "$A/op-file" --by zzzz -o "$WORK/by.pdf" 2> "$WORK/by2"; rb2=$?
set -e
expect_eq "compare --by opp: exit" "$rb1" 1
check "compare --by opp: did you mean 'op'" grep -qF "has 'opp' in its sweep cell (did you mean 'op'?)" "$WORK/by1"
expect_eq "compare --by zzzz: exit" "$rb2" 1
check "compare --by zzzz: the keys there are" grep -qF "(their keys: 'op', 'phase')" "$WORK/by2"

# The paged documents (a run report, a lineup) carry one page footer: every page
# says its number of the PDF's pages (pdfinfo), in the same place.
for k in 1 2; do
  f=$WORK/date$k.pdf
  n=$(pdfinfo "$f" | sed -n 's/^Pages: *//p')
  bad=0
  for ((i = 1; i <= n; i++)); do
    pdftotext -f $i -l $i "$f" - | grep -qx "$i / $n" || { bad=$i; break; }
  done
  expect_eq "page footer ($k): every one of the $n pages numbered (first without: 0)" "$bad" 0
done
echo "documents: every kind, every preset: ok"
