# SPDX-License-Identifier: MIT
# What the report tests check of every rendered report (sourced after lib.sh).

# check_rendered LANG OUT WORDS: OUT/report.pdf renders page by page in pdftoppm,
# pdftotext finds each of WORDS ('|'-separated) in it (left in OUT/report.txt),
# and every OUT/svg/*.svg passes xmllint and rsvg-convert.
check_rendered() {
  local lang=$1 out=$2 words w f pages
  pages=$(pdfinfo "$out/report.pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
  check "$lang: pdftoppm renders all $pages pages" pdftoppm -r 30 -png "$out/report.pdf" "$out/page"
  expect_eq "$lang: page images" "$(ls "$out"/page-*.png | wc -l)" "$pages"
  pdftotext "$out/report.pdf" "$out/report.txt"
  IFS='|' read -ra words <<< "$3"
  for w in "${words[@]}"; do
    check "$lang: PDF text has '$w'" grep -qF "$w" "$out/report.txt"
  done
  for f in "$out"/svg/*.svg; do
    check "$f: xmllint" xmllint --noout "$f"
    check "$f: rsvg-convert" rsvg-convert -o "$WORK/rsvg.png" "$f"
  done
}
