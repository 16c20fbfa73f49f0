#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ssdbench import and compare: every fio output variant in samples/ becomes an
# archive that verify, ls and report accept; bad input is named with its place;
# three drives made with fio here are compared in two languages, and the delta
# numbers are recomputed from the archives' fio reports.
. "$(dirname "$0")/lib.sh"
command -v fio > /dev/null || { echo "SKIP: no fio"; exit 77; }
S=$SRC/samples

# ---- import: one archive of every variant -----------------------------------------
"$SSDBENCH" import --out "$WORK/all" --capacity 16MiB --title 匯入 \
  "$S/import/multi.json" "$S"/import/mg_*.log "$S/import/si.json" \
  "$S/import/cs.json" "$S/import/cs_iops.1.log.127.0.0.1" \
  "$S/import/fio2-reconstructed.json" "$S/stray-note/stdout.txt" \
  "$S/perio-offset/fio.json" "$S"/perio-offset/log_*.log \
  "$S/randrw-mix/fio.json" "$S"/randrw-mix/log_*.log > "$WORK/imp.log" ||
  { cat "$WORK/imp.log"; fail "import"; }
a=$WORK/all
expect_eq "status" "$(jq -r .status "$a/manifest.json")" complete
expect_eq "plan" "$(jq -r .plan.name "$a/manifest.json")" import
expect_eq "elements" "$(jq '.steps | length' "$a/manifest.json")" 8
expect_eq "names" "$(jq -r '[.steps[].name] | join(" ")' "$a/manifest.json")" \
  "g0 g1 si cs old-randread stray-note perio-offset randrw-mix"
expect_eq "g1 write IOPS = both clones" "$(csv_get "$a/results.csv" 2 write_iops)" \
  "$(jq '[.jobs[] | select(.groupid == 1) | .write.iops] | add * 100 | round / 100 | tostring |
        if test("\\.") then . else . + ".00" end' -r "$S/import/multi.json" | awk '{printf "%.2f", $1}')"
expect_eq "status-interval: last report" "$(csv_get "$a/results.csv" 3 read_iops)" \
  "$(jq -s '.[-1].jobs[0].read.iops' "$S/import/si.json" | awk '{printf "%.2f", $1}')"
expect_eq "client/server" "$(csv_get "$a/results.csv" 4 read_iops)" \
  "$(jq '.client_stats[0].read.iops' "$S/import/cs.json" | awk '{printf "%.2f", $1}')"
expect_eq "fio 2.x KiB/s" "$(csv_get "$a/results.csv" 5 read_MBps)" 102.40
expect_eq "fio 2.x µs p99.9" "$(csv_get "$a/results.csv" 5 clat_p99.9_us)" 3024.00
expect_eq "stray text" "$(csv_get "$a/results.csv" 6 read_iops)" \
  "$(sed -n '/^{/,$p' "$S/stray-note/stdout.txt" | jq '.jobs[0].read.iops' | awk '{printf "%.2f", $1}')"
check "6-column logs copied" test -f "$a/steps/007-perio-offset/log_iops.1.log"
check "clone logs kept apart" test -f "$a/steps/008-randrw-mix/log_bw.2.log"
"$SSDBENCH" verify "$a" > "$WORK/v" || { cat "$WORK/v"; fail "verify"; }
"$SSDBENCH" ls "$a" | grep -q "匯入" || fail "ls"
"$SSDBENCH" report "$a" --lang en > /dev/null || fail "report"
pdfinfo "$a/report.pdf" > /dev/null || fail "report.pdf"

# ---- import: bad input --------------------------------------------------------------
bad() { # bad WANT_RC PATTERN FILE...: import fails with WANT_RC and says PATTERN
  local want=$1 pat=$2 rc; shift 2
  set +e; "$SSDBENCH" import -q --out "$WORK/bad" "$@" > /dev/null 2> "$WORK/err"; rc=$?; set -e
  expect_eq "exit code for $pat" "$rc" "$want"
  grep -q -- "$pat" "$WORK/err" || { cat "$WORK/err"; fail "message: $pat"; }
  ls -d "$WORK"/bad* > /dev/null 2>&1 && fail "left behind after: $pat"
  return 0
}
printf '{\n "fio version": "fio-3.33",\n "jobs": [ { "jobname": "x", "groupid": 0,\n  "error": 0, "read": { "io_bytes": "lots" } } ]\n}\n' > "$WORK/typed.json"
bad 2 "typed.json: error: at jobs\[0\].read.io_bytes" "$WORK/typed.json"
printf '{\n "fio version": "fio-3.33",\n "jobs": [ ,\n' > "$WORK/cut.json"
bad 2 "cut.json:3:" "$WORK/cut.json"
printf '1000, 5, 0, 0, 0\n2000, five, 0, 0, 0\n' > "$WORK/x_iops.1.log"
bad 2 "x_iops.1.log:2:" "$S/randread-qd1/fio.json" "$WORK/x_iops.1.log"
bad 2 "comes before any fio report" "$S/randread-qd1/log_iops.1.log"
bad 1 "nothere.json': No such file" "$WORK/nothere.json"
bad 2 "no JSON report found" "$S/randread-qd1/stderr.txt"
printf '1000, 5, 0, 0, 0\n' > "$WORK/x_iops.4.log"
bad 2 "is from fio thread 4" "$S/import/multi.json" "$WORK/x_iops.4.log"

# ---- compare: three drives made here -------------------------------------------------
F="--filename=$WORK/t.bin --size=16m --ioengine=psync"
fio --name=lay $F --rw=write --bs=1m --output=/dev/null > /dev/null
for d in 1 2 3; do
  rate=$(( d * 1500 ))
  (cd "$WORK" && fio --output-format=json+ --output=d$d.json --log_avg_msec=1000 \
     --write_iops_log=d$d --rate_iops=$rate \
     --name=rr-q1 $F --rw=randread --bs=4k --iodepth=1 --runtime=1 --time_based \
     --name=rr-q2 $F --rw=randread --bs=4k --iodepth=2 --runtime=1 --time_based --stonewall \
     --name=rr-q4 $F --rw=randread --bs=4k --iodepth=4 --runtime=1 --time_based --stonewall \
     $( [ $d = 3 ] && echo --name=extra $F --rw=write --bs=4k --runtime=1 --time_based --stonewall ) \
     > /dev/null) || fail "fio drive $d"
  "$SSDBENCH" import -q --out "$WORK/drive$d" "$WORK/d$d.json" "$WORK"/d${d}_iops.*.log ||
    fail "import drive $d"
done
# rr-q4 as its manifest has it: randread, 4 KiB, QD4, 1 job.
expect_eq "rr-q4's pattern" "$(jq -r '.steps[] | select(.name == "rr-q4") |
  "\(.rw) \(.bs) \(.iodepth) \(.numjobs)"' "$WORK/drive1/manifest.json")" "randread 4096 4 1"
declare -A heading=([en]="4K random read QD4 T1" [zh-TW]="4K 隨機讀取 QD4 T1")
for lang in en zh-TW; do
  "$SSDBENCH" compare "$WORK/drive1" "$WORK/drive2" "$WORK/drive3" --baseline "$WORK/drive2" \
    --label "$WORK/drive3=三號碟" --lang $lang -o "$WORK/l-$lang.pdf" \
    --svg "$WORK/svg-$lang" --png "$WORK/png-$lang" --csv "$WORK/l-$lang.csv" \
    > "$WORK/cmp.log" 2> "$WORK/cmp.err" || { cat "$WORK/cmp.log" "$WORK/cmp.err"; fail "compare $lang"; }
  grep -q "left out extra: only in 三號碟" "$WORK/cmp.err" || fail "left out said on stderr"
  grep -q "3 archives, 3 shared tests, 1 left out" "$WORK/cmp.log" || fail "summary line"
  for f in "$WORK/svg-$lang"/*.svg; do
    xmllint --noout "$f" || fail "xml $f"
    rsvg-convert "$f" > /dev/null || fail "rsvg $f"
  done
  for k in bars-iops delta-iops delta-clat_p99.9_us drives left-out sweep-1 qos-1; do
    test -s "$WORK/svg-$lang/lineup-$k.svg" || fail "$lang: lineup-$k.svg"
    test -s "$WORK/png-$lang/lineup-$k.png" || fail "$lang: lineup-$k.png"
  done
  pages=$(pdfinfo "$WORK/l-$lang.pdf" | awk '/^Pages:/ {print $2}')
  [ "$pages" -ge 10 ] || fail "$lang: $pages pages"
  pdftotext "$WORK/l-$lang.pdf" "$WORK/l-$lang.txt"
  grep -q "三號碟" "$WORK/l-$lang.txt" || fail "$lang: CJK label in the PDF"
  # #22 labels: tests are headed in reviewer wording, not by step name.
  grep -qF "${heading[$lang]}" "$WORK/l-$lang.txt" || fail "$lang: rr-q4's heading in the PDF"
done
grep -q "Drive lineup" "$WORK/l-en.txt" || fail "English title"
# The reviewed drive (the baseline, drive2: the second colour, Okabe-Ito orange
# 0xe69f00) stands out: a band behind its bars and its key; its line heavier, drawn last.
band='fill:rgb(100%,95.686275%,80%)' orange='rgb(90.196078%,62.352941%,0%)'
expect_eq "the baseline's rows on a band (3 tests, its key)" \
  "$(grep -o "$band" "$WORK/svg-en/lineup-bars-iops.svg" | wc -l)" 4
expect_eq "the baseline's sweep line is the heavy one" \
  "$(grep -o 'stroke-width:3.6;[^"]*' "$WORK/svg-en/lineup-sweep-1.svg" | sed 's/.*stroke:\(rgb([^)]*)\).*/\1/' |
     sort -u)" "$orange"
expect_eq "the baseline's sweep line is drawn over the others" \
  "$(grep -o 'stroke-width:[0-9.]*;stroke-linecap:round;[^"]*' "$WORK/svg-en/lineup-sweep-1.svg" |
     tail -1 | sed 's/.*stroke:\(rgb([^)]*)\).*/\1/')" "$orange"
# The baseline is marked in the drives table and in each delta table's header (2 metrics).
n=$(grep -c "(baseline)" "$WORK/l-en.txt")
[ "$n" -ge 3 ] || fail "baseline marked in the drives and delta tables: $n"
n=$(grep -c "（基準）" "$WORK/l-zh-TW.txt")
[ "$n" -ge 3 ] || fail "基準 marked in the drives and delta tables: $n"
grep -q "硬碟陣容比較" "$WORK/l-zh-TW.txt" || fail "Chinese title"
cmp -s "$WORK/l-en.csv" "$WORK/l-zh-TW.csv" || fail "the CSV does not depend on the language"

# The CSV against results.csv: one row per drive x test x measured metric, deltas recomputed.
c=$WORK/l-en.csv
expect_eq "BOM" "$(head -c 3 "$c" | od -An -tx1 | tr -d ' ')" efbbbf
# 99.9 and 99.99 % are metrics where the test's I/Os support them (1,000 and 10,000 or
# more: results.csv has them; drive 1's 1,500 IOPS for a second may fall short of 1,000
# on a loaded machine), so 6 to 8 read metrics per drive and test.
# The consistency scores of the per-second IOPS are metrics where results.csv has them
# above 0 (avg / σ needs two seconds that differ), each the value results.csv gives.
p34=0
for k in 1 2 3; do
  for t in rr-q1 rr-q2 rr-q4; do
    s=$(jq -r --arg t "$t" '.steps[] | select(.name == $t) | .index' "$WORK/drive$k/manifest.json")
    for p in clat_p99.9_us clat_p99.99_us; do
      [ -n "$(csv_get "$WORK/drive$k/results.csv" "$s" $p)" ] && p34=$((p34 + 1))
    done
    for p in iops_p99.9_slowest drivemaster_score iops_avg_over_stddev; do
      want=$(csv_get "$WORK/drive$k/results.csv" "$s" $p)
      awk -v v="$want" 'BEGIN { exit !(v + 0 > 0) }' || continue
      p34=$((p34 + 1))
      got=$(awk -F, -v d="/drive$k/?\$" -v t="$t" -v m="$p" '$2 ~ d && $3 == t && $5 == m { print $7 }' "$c")
      # within half a unit of results.csv's last decimal
      awk -v a="$got" -v b="$want" 'BEGIN { d = index(b, ".") ? length(b) - index(b, ".") : 0
        exit !(a != "" && (a - b) ^ 2 <= (0.5 * 10 ^ -d + 1e-9 * b) ^ 2) }' ||
        fail "drive$k $t: the lineup's $p '$got', results.csv's '$want'"
    done
  done
done
expect_eq "rows: 3 drives x 3 tests x 6 read metrics, 99.9 and 99.99 % and consistency where measured + header" \
  "$(wc -l < "$c")" $((1 + 54 + p34))
for t in rr-q1 rr-q2 rr-q4; do
  s1=$(jq -r --arg t "$t" '.steps[] | select(.name == $t) | .index' "$WORK/drive1/manifest.json")
  s2=$(jq -r --arg t "$t" '.steps[] | select(.name == $t) | .index' "$WORK/drive2/manifest.json")
  # From fio's own numbers: results.csv's two decimals can move a delta's second one.
  d1=$(jq -r --arg t "$t" '.steps[] | select(.name == $t) | .dir' "$WORK/drive1/manifest.json")
  d2=$(jq -r --arg t "$t" '.steps[] | select(.name == $t) | .dir' "$WORK/drive2/manifest.json")
  v1=$(jq '[.jobs[].read.iops] | add' "$WORK/drive1/$d1/fio.json")
  v2=$(jq '[.jobs[].read.iops] | add' "$WORK/drive2/$d2/fio.json")
  expect_eq "$t: drive1 results.csv" "$(csv_get "$WORK/drive1/results.csv" "$s1" read_iops)" \
    "$(awk -v a="$v1" 'BEGIN { printf "%.2f", a }')"
  want=$(awk -v a="$v1" -v b="$v2" 'BEGIN { printf "%.2f", (a - b) / b * 100 }')
  got=$(awk -F, -v t="$t" '$1 == "drive1" && $3 == t && $5 == "read_iops" { print $8 }' "$c")
  expect_eq "$t: delta of drive1 vs drive2" "$got" "$want"
  got=$(awk -F, -v t="$t" '$1 == "drive2" && $3 == t && $5 == "read_iops" { print $7 }' "$c")
  expect_eq "$t: baseline value" "$got" "$(awk -v a="$v2" 'BEGIN { printf "%.2f", a }')"
  l1=$(csv_get "$WORK/drive1/results.csv" "$s1" clat_mean_us)
  got=$(awk -F, -v t="$t" '$1 == "drive1" && $3 == t && $5 == "clat_mean_us" { print $7 }' "$c")
  expect_eq "$t: drive1 mean latency" "$got" "$l1"
done

# --tests all: extra, which only drive 3 ran, is a test too, blank for the other two in
# every output; its IOPS from drive 3's own fio.json; the shared tests as before.
"$SSDBENCH" compare "$WORK/drive1" "$WORK/drive2" "$WORK/drive3" --baseline "$WORK/drive2" \
  --label "$WORK/drive3=三號碟" --tests all --lang en -o "$WORK/all.pdf" --svg "$WORK/all-svg" \
  --png "$WORK/all-png" --csv "$WORK/all.csv" --xlsx "$WORK/all.xlsx" --html "$WORK/all-html" \
  > "$WORK/all.log" 2> "$WORK/all.err" || { cat "$WORK/all.err"; fail "compare --tests all"; }
grep -q "3 archives, 3 shared tests, 1 with blanks, 0 left out" "$WORK/all.log" ||
  { cat "$WORK/all.log"; fail "--tests all: summary line"; }
grep -q "left out" "$WORK/all.err" && fail "--tests all: a test left out"
expect_eq "--tests all: the shared tests' rows as without it" \
  "$(grep -v ',extra,' "$WORK/all.csv" | sha256sum)" "$(sha256sum < "$c")"
xw=$(jq '[.jobs[] | select(.jobname == "extra") | .write.iops] | add' "$WORK/d3.json")
expect_eq "--tests all: extra's IOPS, drive 3's only row of it" \
  "$(awk -F, '$3 == "extra" && $5 == "iops" { print $1 "=" $7 }' "$WORK/all.csv")" \
  "三號碟=$(awk -v a="$xw" 'BEGIN { printf "%.2f", a }')"
pdftotext -layout "$WORK/all.pdf" "$WORK/all.txt"
grep -qE "^ *4K sequential write QD1 T1 +– +– +$(awk -v a="$xw" 'BEGIN { printf "%.0f", a }' |
  sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta') *$" "$WORK/all.txt" ||
  { grep -n "sequential write" "$WORK/all.txt"; fail "--tests all: extra's Δ row, blank for two drives"; }
check "--tests all: HTML" grep -qF "4K sequential write QD1 T1" "$WORK/all-html/index.html"
check "--tests all: workbook" test -s "$WORK/all.xlsx"

# compare: usage and data errors.
set +e
"$SSDBENCH" compare "$WORK/drive1" --baseline "$WORK/none" > /dev/null 2>&1; rc=$?
expect_eq "unknown baseline" "$rc" 2
"$SSDBENCH" compare "$WORK/drive1" "$WORK/all" -o "$WORK/x.pdf" > /dev/null 2> "$WORK/err"; rc=$?
expect_eq "nothing shared" "$rc" 1
grep -q "share no finished test" "$WORK/err" || fail "nothing shared: message"
"$SSDBENCH" compare "$WORK/drive1" "$WORK/drive2" --tests alll > /dev/null 2> "$WORK/err"; rc=$?
expect_eq "--tests alll" "$rc" 2
grep -qF "(did you mean 'all'?)" "$WORK/err" || fail "--tests alll: did you mean"
"$SSDBENCH" compare "$WORK/drive1" "$WORK/nope" > /dev/null 2> "$WORK/err"; rc=$?
set -e
expect_eq "missing archive" "$rc" 1
grep -q "nope/manifest.json" "$WORK/err" || fail "missing archive: message"
echo "lineup: ok"
