#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Response time beside completion latency (issue #19): results.csv's lat columns are
# fio's lat_ns (submission + completion) -- mean, maximum and percentiles, recomputed
# here from fio.json with jq -- the all-directions mean is the I/O-weighted mean,
# series.csv carries the per-second response time, and the tracking variables lat-max
# and clat-mean take the values fio reported for each round (one fio process per
# round, continuous="0": fio's reports keep no per-interval maximum to cut).
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="latency">
  <target name="dut" file="t.bin" size="64MiB"/>
  <rounds name="r" until="max" max="2" continuous="0">
    <track element="mix" metric="lat-max" dir="read"/>
    <track element="mix" metric="clat-mean" dir="write"/>
    <workload name="mix" rw="randrw" rwmixread="70" bs="4k" iodepth="8" runtime="2s"/>
  </rounds>
</plan>
PLAN
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/A" -q > "$WORK/a.log" 2>&1 ||
  { cat "$WORK/a.log" >&2; fail "run"; }
m=$WORK/A/manifest.json
near() { awk -v a="$2" -v b="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.011) }' ||
  fail "$1: got '$2', want '$3'"; }
for round in 1 2; do
  d=$(jq -r ".steps[$((round - 1))].dir" "$m"); j=$WORK/A/$d/fio.json; row=$round
  for dir in read write; do
    near "round $round $dir lat mean" "$(csv_get "$WORK/A/results.csv" "$row" ${dir}_lat_mean_us)" \
      "$(jq ".jobs[0].$dir.lat_ns.mean / 1000" "$j")"
    near "round $round $dir lat max" "$(csv_get "$WORK/A/results.csv" "$row" ${dir}_lat_max_us)" \
      "$(jq ".jobs[0].$dir.lat_ns.max / 1000" "$j")"
    near "round $round $dir lat p99" "$(csv_get "$WORK/A/results.csv" "$row" ${dir}_lat_p99_us)" \
      "$(jq ".jobs[0].$dir.lat_ns.percentile[\"99.000000\"] / 1000" "$j")"
    check "round $round $dir: response time is more than completion latency" awk \
      -v l="$(csv_get "$WORK/A/results.csv" "$row" ${dir}_lat_mean_us)" \
      -v c="$(csv_get "$WORK/A/results.csv" "$row" ${dir}_clat_mean_us)" 'BEGIN { exit !(l > c) }'
  done
  near "round $round all-directions lat mean" "$(csv_get "$WORK/A/results.csv" "$row" lat_mean_us)" \
    "$(jq '.jobs[0] | (.read.lat_ns.mean * .read.lat_ns.N + .write.lat_ns.mean * .write.lat_ns.N) / (.read.lat_ns.N + .write.lat_ns.N) / 1000' "$j")"
  near "round $round tracks lat-max (read)" "$(jq ".scopes[0].tracks[0].rounds[$((round - 1))].value" "$m")" \
    "$(jq '.jobs[0].read.lat_ns.max / 1000' "$j")"
  near "round $round tracks clat-mean (write)" "$(jq ".scopes[0].tracks[1].rounds[$((round - 1))].value" "$m")" \
    "$(jq '.jobs[0].write.clat_ns.mean / 1000' "$j")"
  s=$WORK/A/$d/series.csv
  expect_eq "round $round: series.csv's response-time columns" "$(head -1 "$s" | cut -d, -f14-16)" \
    read_lat_us,write_lat_us,trim_lat_us
  check "round $round: a second's response time is more than its completion latency" \
    awk -F, 'NR > 1 && $14 != "" { n++; if ($14 <= $8) bad++ } END { exit !(n > 0 && !bad) }' "$s"
done
echo "latency: ok"
