#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# testplans/drivemaster-wsat.xml (smoke) on a 256 MiB file: write saturation runs
# rounds until 2x the capacity is written; every per-second sample carries the
# cumulative bytes written, which reach 2x; results.csv has the consistency
# (DriveMaster score) and QoS (to 99.999 %) fields, consistent with the raw data.
. "$(dirname "$0")/lib.sh"

out=$WORK/out
cap=$((256 * 1024 * 1024))
"$SSDBENCH" run "$SRC/testplans/drivemaster-wsat.xml" --set smoke=1 \
  --target "dut=file:$WORK/t.bin,size=256MiB" --out "$out" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log" >&2; fail "run failed"; }
m=$out/manifest.json
expect_eq "saturation verdict" "$(jq -r '.scopes[0] | "\(.name) \(.verdict)"' "$m")" "saturation written"
expect_eq "written goal" "$(jq -r '.scopes[0].written_goal' "$m")" $((2 * cap))
# The saturation elements' series.csv, in order: cumulative bytes never go back and
# end at or past 2x capacity; the last one equals the fio.json write totals so far.
dirs=$(jq -r '.steps[] | select(.scope == "saturation") | .dir' "$m")
prev=0
for d in $dirs; do
  check "$d/series.csv" test -s "$out/$d/series.csv"
  while IFS=, read -r t _ _ _ _ _ _ _ _ _ written pct _; do
    [ "$t" = t_s ] && continue
    awk -v a="$written" -v b="$prev" 'BEGIN { exit !(a >= b) }' || fail "$d: written went back at t=$t"
    prev=$written
  done < "$out/$d/series.csv"
done
last_pct=$(tail -n 1 "$out/$d/series.csv" | cut -d, -f12)
check "cumulative reaches 2x ($prev bytes, $last_pct %)" awk -v a="$prev" -v c=$cap -v p="$last_pct" \
  'BEGIN { exit !(a >= 2 * c && p >= 200) }'
sum=0
for f in $(jq -r '.steps[] | select(.kind == "workload" or .kind == "precondition") | .dir' "$m"); do
  # A continuous round is its fio.json less its fio-start.json (more than one round
  # when the fill takes longer than a round, as on a loaded machine).
  sum=$((sum + $(fio_sum "$out/$f" '[.jobs[].write.io_bytes] | add')))
  [ "$f" = "$d" ] && break
done
expect_eq "written = fio's write totals" "$prev" "$sum"
# Consistency: the average is the mean of the per-second total IOPS in series.csv.
row=$(jq -r '.steps[] | select(.name == "consistency-rnd4k-q32-mix50") | .index' "$m")
cdir=$(jq -r ".steps[$((row - 1))].dir" "$m")
mean=$(awk -F, 'NR > 1 { s += $2 + $3 + $4; n++ } END { printf "%.2f", s / n }' "$out/$cdir/series.csv")
avg=$(csv_get "$out/results.csv" "$row" iops_avg)
check "iops_avg $avg = mean of the seconds $mean" awk -v a="$avg" -v b="$mean" \
  'BEGIN { exit !(a > 0 && a - b < 0.1 && b - a < 0.1) }'
score=$(csv_get "$out/results.csv" "$row" drivemaster_score)
check "DriveMaster score in (0, 1] ($score)" awk -v s="$score" 'BEGIN { exit !(s > 0 && s <= 1) }'
# QoS: percentiles ordered, from the json+ bins.
for dir in read write; do
  r=$(jq -r ".steps[] | select(.name == \"qos-rnd4k-q1-$dir\") | .index" "$m")
  vals="$(csv_get "$out/results.csv" "$r" ${dir}_clat_p99_us) $(csv_get "$out/results.csv" "$r" ${dir}_clat_p99.9_us) $(csv_get "$out/results.csv" "$r" ${dir}_clat_p99.99_us) $(csv_get "$out/results.csv" "$r" ${dir}_clat_p99.999_us)"
  ios=$(jq ".jobs[0].$dir.total_ios" "$out/$(jq -r ".steps[$((r - 1))].dir" "$m")/fio.json")
  max=$(csv_get "$out/results.csv" "$r" ${dir}_clat_max_us)
  # a percentile p where the I/Os support it (n >= 1 / (1 - p)), each one ordered,
  # none above the maximum
  want=$(awk -v n="$ios" 'BEGIN { print (n >= 100) + (n >= 1000) + (n >= 10000) + (n >= 100000) }')
  check "$dir QoS ordered ($vals; $ios I/Os: $want percentiles, max $max)" awk -v v="$vals" -v w="$want" -v m="$max" \
    'BEGIN { n = split(v, a, " "); if (n != w || a[1] <= 0) exit 1; for (i = 2; i <= n; i++) if (a[i] < a[i-1]) exit 1; if (a[n] > m) exit 1 }'
  check "$dir max latency" awk -v m="$(csv_get "$out/results.csv" "$r" ${dir}_clat_max_us)" 'BEGIN { exit !(m > 0) }'
done
# The consistency step's dispersion plots the 50/50 mix's total, not one direction.
"$SSDBENCH" report "$out" --lang en -o "$WORK/en.pdf" --svg "$WORK/svg" > /dev/null
pdftotext -layout "$WORK/en.pdf" "$WORK/en.txt"
# #22 labels: titled in reviewer wording: the step is randrw, 4 KiB, QD32, 1 job, 50 % reads.
expect_eq "consistency step's pattern" "$(jq -r ".steps[$((row - 1))] |
  \"\\(.rw) \\(.bs) \\(.iodepth) \\(.numjobs) \\(.rwmixread)\"" "$m")" "randrw 4096 32 1 50"
grep -A3 "4K random 50/50 mix QD32 T1: IOPS dispersion" "$WORK/en.txt" | grep -q "Read + Write" ||
  fail "the consistency step's dispersion shows the total (read + write)"
# The QoS pages are in response time (fio's lat_ns: submission + completion), their
# 99 % mark fio's own lat_ns 99th percentile.
check "QoS in response time" grep -q "Response time (µs)" "$WORK/en.txt"
for dir in read write; do
  d=$(jq -r ".steps[] | select(.name == \"qos-rnd4k-q1-$dir\") | .dir" "$m")
  p99=$(jq ".jobs[0].$dir.lat_ns.percentile[\"99.000000\"] / 1000" "$out/$d/fio.json")
  label=$(awk -v u="$p99" 'BEGIN { if (u < 100) printf "99%%: %.1f µs", u;
                                   else if (u < 1000) printf "99%%: %.0f µs", u;
                                   else printf "99%%: %.2f ms", u / 1000 }')
  check "$dir QoS marks fio's response-time p99 ($label)" grep -qF "$label" "$WORK/en.txt"
done
"$SSDBENCH" verify "$out" > /dev/null || fail "verify"
echo "wsat: ok"
