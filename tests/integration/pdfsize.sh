# SPDX-License-Identifier: MIT
# #22 presets: the smallest text of a PDF, from pdftotext -bbox word boxes. Sourced
# by tests that render reports (after lib.sh): pdfsize_init measures the word box
# height per point of font size on a text known to be 9 pt (and 20 pt, to see it is
# a factor), set in the report's font by pango-view at 72 dpi; pdf_ok WHAT PDF fails
# unless every word is 9 pt or more.
pdfsize_known() { # PT: the distinct word box heights of a PT text
  pango-view -q --dpi=72 --font="Noto Sans CJK TC $1" --text="測試 Test 9pt" -o "$WORK/known$1.pdf"
  pdftotext -bbox "$WORK/known$1.pdf" - | awk -F'"' '/<word / { printf "%.3f\n", $8 - $4 }' | sort -u
}
pdfsize_init() {
  local h9 h20 t
  for t in pdftotext pango-view; do
    command -v $t > /dev/null || fail "$t missing (scripts/setup installs it)"
  done
  h9=$(pdfsize_known 9)
  h20=$(pdfsize_known 20)
  expect_eq "known 9 pt: one word height" "$(wc -l <<< "$h9")" 1
  factor=$(awk -v h="$h9" 'BEGIN { printf "%.4f", h / 9 }')
  # A CJK font's ascent plus descent: 1.2 to 1.5 times the size; the same at 20 pt.
  check "factor $factor in 1.2 .. 1.5" awk -v f="$factor" 'BEGIN { exit !(f >= 1.2 && f <= 1.5) }'
  check "factor holds at 20 pt ($h20)" awk -v f="$factor" -v h="$h20" \
    'BEGIN { exit !(h / 20 > f * 0.99 && h / 20 < f * 1.01) }'
}

# min_pt PDF: the smallest word's size in points, and the word.
min_pt() {
  pdftotext -bbox "$1" - | awk -F'"' -v f="$factor" '
    /<word / { h = $8 - $4; w = $0; sub(/.*">/, "", w); sub(/<\/word>.*/, "", w)
               if (n++ == 0 || h < min) { min = h; word = w } }
    END { if (!n) { print "0 (no words)"; exit } printf "%.2f %s\n", min / f, word }'
}
# pdf_ok WHAT PDF: every word 9 pt or more (a hair under for float rounding).
pdf_ok() {
  local m
  [ -n "${factor:-}" ] || pdfsize_init
  m=$(min_pt "$2")
  awk -v m="${m%% *}" 'BEGIN { exit !(m >= 8.98) }' || fail "$1: a word of ${m% *} pt: '${m#* }'"
}
