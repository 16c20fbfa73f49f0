#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs testplans/quick.xml with 1 s steps on a small file and checks the whole
# archive: manifest, results.csv, job files, fio output, logs, charts and the PDF.
. "$(dirname "$0")/lib.sh"

# Run from the scratch folder with the default output folder (out/quick, relative),
# as a user would: the target file must land once, in the archive folder.
out=$WORK/out/quick
(cd "$WORK" && "$SSDBENCH" run "$SRC/testplans/quick.xml" --set runtime=1s \
  --set size=64MiB > "$WORK/run.log" 2>&1) || { cat "$WORK/run.log"; fail "run exited $?"; }
expect_eq "target files" "$(find "$WORK" -name target.bin)" "$out/target.bin"
expect_eq "probe files left" "$(find "$WORK" -name '.ssdbench-probe*' | wc -l)" 0
check "job files name the target absolutely" grep -q "^filename=$out/target.bin$" \
  "$out/steps/001-seq1m-q8t1-read/job.fio"

for f in manifest.json plan.xml results.csv report.pdf target.bin; do
  check "$f exists" test -s "$out/$f"
done
check "plan copied as given" cmp "$SRC/testplans/quick.xml" "$out/plan.xml"
m=$out/manifest.json
expect_eq "run status" "$(jq -r .status "$m")" complete
expect_eq "format" "$(jq -r .format "$m")" ssdbench-archive-1
expect_eq "plan title" "$(jq -r .plan.title "$m")" "快速測試"
expect_eq "target probed before and after" "$(jq -r '"\(.target.before.kind) \(.target.after.kind)"' "$m")" "file file"
expect_eq "plan sha256" "$(jq -r .plan.sha256 "$m")" "$(sha256sum "$out/plan.xml" | cut -d' ' -f1)"
expect_eq "fio version" "$(jq -r .fio_version "$m")" "$(fio --version)"
expect_eq "target size" "$(jq -r .target.size "$m")" 67108864
expect_eq "steps" "$(jq '.steps | length' "$m")" 8
expect_eq "steps ok" "$(jq '[.steps[] | select(.status == "ok")] | length' "$m")" 8
check "end time set" jq -e '.ended | test("^20[0-9-]+T[0-9:]+Z$")' "$m" > /dev/null

# Every step folder: the job file fio ran, its JSON+, its logs.
for d in "$out"/steps/*/; do
  check "$d job.fio" grep -q '^runtime=1$' "$d/job.fio"
  check "$d fio.json is json+" jq -e '.jobs[0].error == 0 and
    ((.jobs[0].read.clat_ns.bins // .jobs[0].write.clat_ns.bins) | length > 0)' \
    "$d/fio.json" > /dev/null
  check "$d iops log" test -e "$d/log_iops.1.log"
done
check "QD32 step asked fio for QD32" grep -q '^iodepth=32$' "$out/steps/003-rnd4k-q32t1-read/job.fio"

# results.csv: BOM, header, one row per step, IOPS from fio.json.
check "BOM" test "$(head -c3 "$out/results.csv" | od -An -tx1 | tr -d ' ')" = efbbbf
expect_eq "csv rows" "$(wc -l < "$out/results.csv")" 9
expect_eq "csv row 3" "$(csv_get "$out/results.csv" 3 name),$(csv_get "$out/results.csv" 3 rw),$(csv_get "$out/results.csv" 3 bs),$(csv_get "$out/results.csv" 3 iodepth)" \
  rnd4k-q32t1-read,randread,4096,32
csv_iops=$(csv_get "$out/results.csv" 3 read_iops)
json_iops=$(jq '.jobs[0].read.iops' "$out/steps/003-rnd4k-q32t1-read/fio.json")
check "step 3 IOPS match fio ($csv_iops vs $json_iops)" \
  awk -v a="$csv_iops" -v b="$json_iops" 'BEGIN { exit !(a > 0 && (a - b < 0.01) && (b - a < 0.01)) }'

# Charts: the result card, one per step, the consistency table (#21) and the summary; valid SVG
# that librsvg renders; PNGs 1400 px.
nsvg=$(ls "$out"/charts/*.svg | wc -l)
expect_eq "svg charts" "$nsvg" 11
check "consistency table" test -s "$out/charts/consistency.svg"
check "result card" test -s "$out/charts/card.svg"
for svg in "$out"/charts/*.svg; do
  check "$svg is well-formed" xmllint --noout "$svg"
  check "$svg renders" rsvg-convert -o "$WORK/render.png" "$svg"
  png=${svg%.svg}.png
  check "$png exists" test -s "$png"
  expect_eq "$png width" "$(png_width "$png")" 1400
done

# The PDF: cover + card + 8 step charts + consistency + summary; the Chinese title is real text.
expect_eq "pdf pages" "$(pdfinfo "$out/report.pdf" | awk '/^Pages:/ {print $2}')" 12
check "Chinese title in PDF text" sh -c "pdftotext '$out/report.pdf' - | grep -q '快速測試'"
expect_eq "pdf title" "$(pdfinfo "$out/report.pdf" | sed -n 's/^Title: *//p')" "快速測試"
check "CJK font embedded" sh -c "pdffonts '$out/report.pdf' | grep -q 'NotoSansCJK'"

# The report re-renders from the archive alone.
rm -rf "$out/report.pdf" "$out/charts"
"$SSDBENCH" report "$out" > /dev/null
expect_eq "re-rendered pages" "$(pdfinfo "$out/report.pdf" | awk '/^Pages:/ {print $2}')" 12
"$SSDBENCH" report "$out" -o "$WORK/other.pdf" > /dev/null
check "report -o" test -s "$WORK/other.pdf"

# A second run into the same folder is refused without --force.
if "$SSDBENCH" run "$SRC/testplans/quick.xml" --out "$out" > "$WORK/again.log" 2>&1; then
  fail "second run into an archive was not refused"
fi
check "refusal names --force" grep -q 'already holds an archive (use --force' "$WORK/again.log"
echo "quick: ok"
