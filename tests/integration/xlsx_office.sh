#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The workbooks open in LibreOffice (#23): `soffice --headless --convert-to pdf` of a
# report's and a lineup's .xlsx succeeds and the PDF holds the zh-TW sheet text and a
# number of the results sheet. Skips (exit 77, on tests/allowed-skips.txt) when
# LibreOffice is not installed: it is ~300 MB that scripts/setup does not install.
. "$(dirname "$0")/lib.sh"
command -v soffice > /dev/null || { echo "SKIP: no soffice (LibreOffice)"; exit 77; }
command -v pdftotext > /dev/null || { echo "SKIP: no pdftotext"; exit 77; }
A=$SRC/samples/archives/op-file
"$SSDBENCH" report "$A" --lang zh-TW -o "$WORK/r.pdf" --svg "$WORK/s" --png "$WORK/p" \
  --xlsx "$WORK/r.xlsx" > /dev/null 2>&1 || fail "report --xlsx"
"$SSDBENCH" compare "$A" --lang zh-TW -o "$WORK/l.pdf" --xlsx "$WORK/l.xlsx" > /dev/null 2>&1 ||
  fail "compare --xlsx"
for f in r l; do
  HOME=$WORK soffice --headless --convert-to pdf --outdir "$WORK/o" "$WORK/$f.xlsx" \
    > "$WORK/$f.log" 2>&1 || { cat "$WORK/$f.log"; fail "soffice $f.xlsx"; }
  pdftotext "$WORK/o/$f.pdf" "$WORK/o/$f.txt" || fail "no PDF from soffice for $f.xlsx"
done
grep -q "測試計畫" "$WORK/o/r.txt" || fail "report workbook: no zh-TW text in LibreOffice's PDF"
grep -q "基準" "$WORK/o/l.txt" || fail "lineup workbook: no baseline column in LibreOffice's PDF"
echo "ok: xlsx_office"
