#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #22 presets: no word in a report or lineup PDF is smaller than 9 pt (every
# sample archive of samples/archives/, smoke runs of testplans/quick.xml and cdm.xml, and a
# lineup of 10 drives), measured from pdftotext -bbox word boxes against a known
# 9 pt text set by pango-view; --preset web / --width 700 SVGs keep their text as
# <text> elements, none under 11 px after every transform and the root's
# width/viewBox scale, with 700 px PNGs and 1400 px @2x ones; print writes a PDF
# per chart, 85mm and 175mm one at the printed size (9 pt or more there; reports,
# a lineup, a plot of fio's logs and a trace plot), slide
# 1920 px PNGs; --svg-text outlines gives glyph outlines.
. "$(dirname "$0")/lib.sh"

for t in pdftotext pdfinfo pango-view xmllint; do
  command -v $t > /dev/null || fail "$t missing (scripts/setup installs it)"
done

. "$(dirname "$0")/pdfsize.sh"
pdfsize_init
echo "word box height = $factor x font size"

. "$(dirname "$0")/websize.sh"

# The checker itself, on a hand-made SVG: a 22 px text inside scale(0.5) in a
# 700 px root over a 1400-wide viewBox is 5.5 px; text under a matrix() too.
cat > "$WORK/probe.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="700px" height="100px" viewBox="0 0 1400 200">
<g transform="translate(10,10) scale(0.5)"><text x="0" y="0" font-size="22">a</text></g>
<g style="font-size:30px"><g transform="matrix(2,0,0,2,0,0)"><text x="0" y="9">b</text></g></g>
</svg>
SVG
expect_eq "svg_min_px on a known SVG" "$(svg_min_px "$WORK/probe.svg")" "2 5.50"

# Every sample archive: the report PDF (the default sizes), then the web preset.
for a in "$SRC"/samples/archives/*/; do
  [ -f "$a/manifest.json" ] || continue
  n=$(basename "$a")
  cp -r "$a" "$WORK/$n"
  mkdir -p "$WORK/$n-web"
  "$SSDBENCH" report "$WORK/$n" -o "$WORK/$n.pdf" > "$WORK/r.log" 2>&1 ||
    { cat "$WORK/r.log"; fail "$n: report"; }
  pdf_ok "$n: report.pdf" "$WORK/$n.pdf"
  "$SSDBENCH" report "$WORK/$n" -o "$WORK/$n-web.pdf" --svg "$WORK/$n-web/svg" \
    --png "$WORK/$n-web/png" --preset web > "$WORK/r.log" 2>&1 ||
    { cat "$WORK/r.log"; fail "$n: report --preset web"; }
  web_ok "$n --preset web" "$WORK/$n-web/svg" "$WORK/$n-web/png"
  pdf_ok "$n: report.pdf of --preset web" "$WORK/$n-web.pdf"
done

# --width 700 alone is the web preset, laid out for 700 px.
n=qd-sweep
mkdir -p "$WORK"/{w,p,s,o,t,lw}
"$SSDBENCH" report "$WORK/$n" -o "$WORK/w.pdf" --svg "$WORK/w/svg" --png "$WORK/w/png" \
  --width 700 > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "--width 700"; }
web_ok "--width 700" "$WORK/w/svg" "$WORK/w/png"
check "--width 700: the SVG is 700 px wide" grep -q 'width="700px"' "$WORK/w/svg/summary.svg"

# print: a PDF beside every SVG, each 9 pt or more; slide: 1920 px PNGs.
"$SSDBENCH" report "$WORK/$n" -o "$WORK/p.pdf" --svg "$WORK/p/svg" --png "$WORK/p/png" \
  --preset print > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "--preset print"; }
for f in "$WORK"/p/svg/*.svg; do
  check "print: $(basename "$f" .svg).pdf" test -s "${f%.svg}.pdf"
  pdf_ok "print: $(basename "$f" .svg).pdf" "${f%.svg}.pdf"
done
# 85mm and 175mm: a magazine's column and two columns. The PDF beside each SVG is the
# chart at its printed size (page 85 or 175 mm wide), so its words, measured there,
# are 9 pt or more on paper; every chart of four samples and of a lineup.
for mm in 85 175; do
  want=$(awk -v mm=$mm 'BEGIN { printf "%.1f", mm / 25.4 * 72 }')
  for a in op-file qd-sweep snia-iops drivemaster-wsat lineup plot trace; do
    d=$WORK/mm$mm-$a
    min=3
    case $a in
      lineup) "$SSDBENCH" compare "$WORK/op-file" "$WORK/op-loop" -o "$d.pdf" --svg "$d" \
                --preset ${mm}mm > "$WORK/r.log" 2>&1 ;;
      # a chart of fio's logs and a trace's charts, the one document path as a report's
      plot) min=1
            "$SSDBENCH" plot "$SRC/samples/archive-quick/steps/002-randrw70-4k-q1t2/log_iops.1.log" \
              -o "$d.pdf" --svg "$d" --preset ${mm}mm > "$WORK/r.log" 2>&1 ;;
      trace) "$SSDBENCH" trace plot "$SRC/traces/git.blktrace" -o "$d.pdf" --svg "$d" \
               --preset ${mm}mm > "$WORK/r.log" 2>&1 ;;
      *) "$SSDBENCH" report "$WORK/$a" -o "$d.pdf" --svg "$d" --preset ${mm}mm > "$WORK/r.log" 2>&1 ;;
    esac || { cat "$WORK/r.log"; fail "$a --preset ${mm}mm"; }
    nf=0
    for f in "$d"/*.pdf; do
      w=$(pdfinfo "$f" | awk '/^Page size:/ { printf "%.1f", $3 }')
      expect_eq "${mm}mm: $a/$(basename "$f") page width (pt)" "$w" "$want"
      pdf_ok "${mm}mm: $a/$(basename "$f") at its printed size" "$f"
      nf=$((nf + 1))
    done
    [ "$nf" -ge $min ] || fail "${mm}mm: $a: only $nf chart PDFs"
  done
done
"$SSDBENCH" report "$WORK/$n" -o "$WORK/s.pdf" --svg "$WORK/s/svg" --png "$WORK/s/png" \
  --preset slide > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "--preset slide"; }
expect_eq "slide: summary.png width" "$(png_width "$WORK/s/png/summary.png")" 1920
expect_eq "slide: 16:9" "$(grep -o 'viewBox="0 0 [0-9.]* [0-9.]*"' "$WORK/s/svg/dispersion.svg")" \
  'viewBox="0 0 960 540"'

# --svg-text outlines: glyphs placed with <use>, no <text>.
"$SSDBENCH" report "$WORK/$n" -o "$WORK/o.pdf" --svg "$WORK/o/svg" --png "$WORK/o/png" \
  --svg-text outlines > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "--svg-text outlines"; }
expect_eq "outlines: no <text>" "$(grep -c '<text' "$WORK/o/svg/summary.svg" || true)" 0
check "outlines: glyphs" grep -q '<use xlink:href="#glyph' "$WORK/o/svg/summary.svg"

# A template's preset="web"; an unknown preset there is an error at its line.
sed 's|<report>|<report preset="web">|' "$SRC/templates/report-default.xml" > "$WORK/web.xml"
check "template preset: the root changed" grep -q 'preset="web"' "$WORK/web.xml"
"$SSDBENCH" report "$WORK/$n" -o "$WORK/t.pdf" --svg "$WORK/t/svg" --png "$WORK/t/png" \
  --template "$WORK/web.xml" > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "template preset"; }
expect_eq "template preset web: summary.png width" "$(png_width "$WORK/t/png/summary.png")" 700
sed 's|<report>|<report preset="poster">|' "$SRC/templates/report-default.xml" > "$WORK/bad.xml"
set +e
"$SSDBENCH" report "$WORK/$n" -o "$WORK/t.pdf" --template "$WORK/bad.xml" 2> "$WORK/bad.err"
rc=$?
"$SSDBENCH" report "$WORK/$n" --preset poster 2> /dev/null; expect_eq "--preset poster" $? 2
"$SSDBENCH" report "$WORK/$n" --svg-text paths 2> /dev/null; expect_eq "--svg-text paths" $? 2
"$SSDBENCH" compare "$WORK/$n" "$WORK/op-file" --preset poster 2> /dev/null
expect_eq "compare --preset poster" $? 2
set -e
[ $rc -ne 0 ] || fail "template preset=\"poster\" was accepted"
check "template preset: FILE:LINE:COL" grep -q "bad.xml:[0-9]*:[0-9]*: error: unknown preset .*'poster'" "$WORK/bad.err"

# A smoke run of testplans/quick.xml: the report run wrote.
"$SSDBENCH" run "$SRC/testplans/quick.xml" --out "$WORK/quick" --set smoke=1 -q \
  --target "dut=file:$WORK/quick.bin,size=64MiB" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log"; fail "quick smoke run"; }
rm -f "$WORK/quick.bin"
pdf_ok "quick smoke: report.pdf" "$WORK/quick/report.pdf"
# CrystalDiskMark's set (testplans/cdm.xml), whose smoke no other test runs. The other
# shipped plans' smoke reports are checked where they run: snia-* in it_snia_header,
# it_snia_lattp, it_snia_wsathir and it_snia_plans, qd-sweep in it_sweep, replay in
# it_replay; consistency-op-sweep and drivemaster-wsat are sample archives (above);
# op-hpa and raid0 need a drive's HPA and md, not on a file target.
"$SSDBENCH" run "$SRC/testplans/cdm.xml" --out "$WORK/cdm" --set smoke=1 -q \
  --target "dut=file:$WORK/cdm.bin,size=64MiB" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log"; fail "cdm smoke run"; }
rm -f "$WORK/cdm.bin"
pdf_ok "cdm smoke: report.pdf" "$WORK/cdm/report.pdf"

# A lineup of 10 drives (copies of the op-file sample, labelled): 9 pt or more,
# the grouped bars split over pages (every drive of every test still on them).
args=()
for i in $(seq 1 10); do
  cp -r "$WORK/op-file" "$WORK/drive$i"
  args+=("$WORK/drive$i" --label "$WORK/drive$i=Drive $i")
done
"$SSDBENCH" compare "${args[@]}" -o "$WORK/lineup.pdf" > "$WORK/c.log" 2>&1 ||
  { cat "$WORK/c.log"; fail "compare of 10"; }
pdf_ok "10-drive lineup.pdf" "$WORK/lineup.pdf"
tests=$(sed -n 's/.*, \([0-9]*\) shared tests.*/\1/p' "$WORK/c.log")
[ "${tests:-0}" -ge 10 ] || fail "10-drive lineup: only '${tests}' shared tests"
# The IOPS bars: a value after every drive of every test (the bars' own words).
pdftotext -layout "$WORK/lineup.pdf" "$WORK/lineup.txt"
# A part's title "NAME (k/n)" starts each page (after pdftotext's form feed), in
# Chinese "NAME（k/n）".
bars=$(awk '{ sub(/^\f/, "") } /(\(|（)[0-9]+\/[0-9]+(\)|）) *$/ { on = ($0 ~ /^IOPS( \(|（)/) }
  on && /^ *Drive 10 +[0-9,]+ *$/ { n++ } END { print n + 0 }' "$WORK/lineup.txt")
expect_eq "10-drive lineup: a Drive 10 IOPS bar per test" "$bars" "$tests"
"$SSDBENCH" compare "${args[@]}" -o "$WORK/lineup-web.pdf" --svg "$WORK/lw/svg" \
  --png "$WORK/lw/png" --width 700 > "$WORK/c.log" 2>&1 || { cat "$WORK/c.log"; fail "compare --width 700"; }
web_ok "10-drive lineup --width 700" "$WORK/lw/svg" "$WORK/lw/png"
