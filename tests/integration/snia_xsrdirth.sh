#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The SNIA XSR, DIRTH and ECW report pages (issue #21): one smoke run of each plan,
# rendered in English with its template (templates/report-snia-X.xml); the pages'
# charts exist, and their numbers equal what jq recomputes from the archive's fio
# JSON (a continuous round is its fio.json less its fio-start.json): XSR's
# per-group mean throughput, peak ART and the recovery time in its table; DIRTH's
# demand-intensity points (IOPS and ART of three cells in the TC x QD tables) and
# the histograms' MRT in their titles; ECW's access table rows against the job
# file's bssplit and random_distribution.
. "$(dirname "$0")/lib.sh"

command -v pdftotext > /dev/null || { echo "pdftotext missing: skipped"; exit 77; }
cd "$SRC"
# smoke PLAN: testplans/snia-PLAN.xml at smoke size into $WORK/PLAN, then its report
# with templates/report-snia-PLAN.xml in English into $WORK/PLAN-en (report.pdf,
# svg/) and the PDF's text, page by page, into $WORK/PLAN.txt.
# (The runs are the fixture's, tests/integration/snia_smoke.sh, copied.)
smoke() {
  snia_smoke_copy "$1"
  mkdir -p "$WORK/$1-en"
  "$SSDBENCH" report "$WORK/$1" --template "templates/report-snia-$1.xml" --lang en \
    -o "$WORK/$1-en/report.pdf" --svg "$WORK/$1-en/svg" --png "$WORK/$1-en/png" \
    > "$WORK/report.log" 2>&1 || { cat "$WORK/report.log" >&2; fail "$1: report failed"; }
  pdftotext -layout "$WORK/$1-en/report.pdf" "$WORK/$1.txt"
}
# has_charts PLAN NAME...: each chart NAME.svg of PLAN's report exists and is not empty.
has_charts() {
  local p=$1 n
  shift
  for n in "$@"; do check "$p: chart $n" test -s "$WORK/$p-en/svg/$n.svg"; done
}
# page PLAN TITLE: the PDF page (of $WORK/PLAN.txt) whose text has TITLE.
page() { awk -v RS='\f' -v t="$2" 'index($0, t) { print; exit }' "$WORK/$1.txt"; }
# step_dirs A JQ: the folders of archive A's ok steps the manifest's JQ selects.
step_dirs() { jq -r ".steps[] | select(.status == \"ok\") | select($2) | .dir" "$1/manifest.json"; }
# round_of D JQ: jq expression JQ over element D's fio report, its continuous round
# (fio.json less fio-start.json) when it has a fio-start.json.
round_of() {
  if [ -f "$1/fio-start.json" ]; then
    jq -s "[.[0], .[1]] | $2" "$1/fio.json" "$1/fio-start.json"
  else
    jq -s "[.[0], {jobs: [.[0].jobs[] | {read: {}, write: {}}]}] | $2" "$1/fio.json"
  fi
}
# MB/s of a round: per job and direction bytes over runtime, summed; a first round
# (no start report) is fio's own bw_bytes.
JQ_MBS='[range(0; .[0].jobs | length) as $j | ("read", "write") as $d
  | .[0].jobs[$j][$d] as $e | .[1].jobs[$j][$d] as $s
  | if ($s.io_bytes // null) == null then $e.bw_bytes
    elif $e.runtime > $s.runtime then ($e.io_bytes - $s.io_bytes) * 1000 / ($e.runtime - $s.runtime)
    else 0 end] | add / 1e6'
# ART (ms) of a round: response-time sum over I/Os, every job and direction.
JQ_ART='[range(0; .[0].jobs | length) as $j | ("read", "write") as $d
  | .[0].jobs[$j][$d].lat_ns as $e | (.[1].jobs[$j][$d].lat_ns // {N: 0, mean: 0}) as $s
  | {n: ($e.N - $s.N), sum: ($e.N * $e.mean - $s.N * $s.mean)}]
  | (map(.sum) | add) / (map(.n) | add) / 1e6'
# ncomma: a number as the report prints it, thousands' commas removed.
ncomma() { tr -d ,; }

# XSR: the table's mean TP and peak ART per group, and group 3's recovery time.
smoke xsr
has_charts xsr xsr-tp xsr-resp xsr-table
table=$(page xsr "Cross-stimulus recovery: the access groups")
check "xsr: the table page" test -n "$table"
groups=$(jq -r '.scopes[].name' "$WORK/xsr/manifest.json")
expect_eq "xsr: three access groups" "$(echo "$groups" | wc -l)" 3
declare -A mean
n=0
for g in $groups; do
  n=$((n + 1))
  tps=() arts=()
  for d in $(step_dirs "$WORK/xsr" ".scope == \"$g\""); do
    tps+=("$(round_of "$WORK/xsr/$d" "$JQ_MBS")")
    arts+=("$(round_of "$WORK/xsr/$d" "$JQ_ART")")
  done
  mean[$g]=$(printf '%s\n' "${tps[@]}" | awk '{ s += $1 } END { printf "%.6f", s / NR }')
  # the group's row, named by the plan's label of its rounds (its name is the files')
  label=$(jq -r --arg g "$g" '.scopes[] | select(.name == $g) | .labels.en' "$WORK/xsr/manifest.json")
  row=$(echo "$table" | grep -F -- "$label")
  check "xsr: $g's row" test -n "$row"
  off=0
  [ "$(echo "$row" | awk '{ print $NF }')" = recovered ] && off=1
  expect_eq "xsr: $g's samples" "$(echo "$row" | awk -v o=$off '{ print $(NF - 4 - o) }')" \
    "${#tps[@]}"
  expect_eq "xsr: $g's mean TP (MB/s)" \
    "$(echo "$row" | awk -v o=$off '{ print $(NF - 3 - o) }' | ncomma)" \
    "$(printf '%.1f' "${mean[$g]}")"
  expect_eq "xsr: $g's peak ART (ms)" \
    "$(echo "$row" | awk -v o=$off '{ print $(NF - 2 - o) }' | ncomma)" \
    "$(printf '%s\n' "${arts[@]}" | awk 'NR == 1 || $1 > m { m = $1 } END { printf "%.3f", m }')"
done
g1=$(echo "$groups" | sed -n 1p) g3=$(echo "$groups" | sed -n 3p)
want="not recovered" t=0
for d in $(step_dirs "$WORK/xsr" ".scope == \"$g3\""); do
  t=$((t + $(jq ".steps[] | select(.dir == \"$d\") | .runtime_ms" "$WORK/xsr/manifest.json")))
  if awk -v a="$(round_of "$WORK/xsr/$d" "$JQ_MBS")" -v b="${mean[$g1]}" \
    'BEGIN { exit !(a >= b) }'; then
    want=$(awk -v t=$t 'BEGIN { printf "%.2f", t / 60000 }')
    break
  fi
done
l3=$(jq -r --arg g "$g3" '.scopes[] | select(.name == $g) | .labels.en' "$WORK/xsr/manifest.json")
got=$(echo "$table" | grep -F -- "$l3" | awk '{ if ($NF == "recovered") print $(NF - 1), $NF; else print $NF }')
expect_eq "xsr: $g3's recovery to $g1's mean TP (min)" "$got" "$want"

# dirth_checks PLAN: the DIRTH pages of PLAN's report (DIRTH's and ECW's).
dirth_checks() {
  local p=$1 iops art cell tc qd col d hist name mrt
  has_charts "$p" dirth-demand-variation dirth-demand-intensity dirth-iops-table \
    dirth-art-table
  iops=$(page "$p" "Demand intensity: IOPS per TC")
  art=$(page "$p" "Demand intensity: average response time (ms) per TC")
  check "$p: the demand-intensity tables" test -n "$iops" -a -n "$art"
  for cell in "32 32" "8 6" "1 1"; do
    read -r tc qd <<< "$cell"
    col=$(( $(echo "32 16 8 6 4 2 1" | tr ' ' '\n' | grep -nx "$qd" | cut -d: -f1) + 1 ))
    d=$(step_dirs "$WORK/$p" ".cell == \"tc=$tc qd=$qd\" and .scope == \"demand-variation\"" |
      tail -1)
    check "$p: the TC $tc / QD $qd cell ran" test -n "$d"
    expect_eq "$p: TC $tc / QD $qd IOPS" \
      "$(echo "$iops" | awk -v tc="$tc" -v c="$col" '$1 == tc && NF == 8 { print $c }' | ncomma)" \
      "$(jq '[.jobs[] | .read.iops + .write.iops] | add | . + 0.5 | floor' "$WORK/$p/$d/fio.json")"
    expect_eq "$p: TC $tc / QD $qd ART (ms)" \
      "$(echo "$art" | awk -v tc="$tc" -v c="$col" '$1 == tc && NF == 8 { print $c }')" \
      "$(round_of "$WORK/$p/$d" "$JQ_ART" | xargs printf '%.3f')"
  done
  expect_eq "$p: MaxIOPS and MinART marked" \
    "$(grep -c -e 'MaxIOPS: TC' -e 'MinART: TC' "$WORK/$p.txt" || true)" 2
  # The Max/Mid/Min points' histograms, the MRT (fio's lat max) in their titles.
  for d in $(step_dirs "$WORK/$p" '.name | test("-iops-histogram$")'); do
    name=$(basename "$d" | sed 's/^[0-9]*-//')
    name=$(jq -r --arg n "$name" '[.steps[] | select(.name == $n)][0].labels.en' "$WORK/$p/manifest.json")
    hist="$(basename "$d" | cut -d- -f1)"
    has_charts "$p" "step-$hist-dirth-hist"
    mrt=$(jq '[.jobs[] | .read.lat_ns.max, .write.lat_ns.max] | max / 1e6' "$WORK/$p/$d/fio.json")
    check "$p: $name's histogram titled with its MRT" \
      grep -qF "$name: response-time histogram, MRT $(printf '%.3f' "$mrt") ms" "$WORK/$p.txt"
  done
  expect_eq "$p: three point histograms" \
    "$(ls "$WORK/$p-en/svg" | grep -c -- '-dirth-hist\.svg$' || true)" 3
  points_check "$p"
}

# points_check PLAN: the Max and Mid IOPS points were run where the last round of
# demand-variation put them, recomputed from the cells' fio.json (IOPS: read + write)
# and job files (TC: numjobs, QD: iodepth): Max the cell of most IOPS, Mid the one
# nearest halfway between the most and the fewest; each point's pre-write and
# histogram job files say that TC and QD, and so does the report's MaxIOPS mark.
points_check() {
  local p=$1 m=$WORK/$1/manifest.json last d want got pt
  last=$(jq '[.steps[] | select(.scope == "demand-variation" and .cell != null and
    .status == "ok") | .round] | max' "$m")
  jq -r --argjson r "$last" '.steps[] | select(.scope == "demand-variation" and
    .cell != null and .status == "ok" and .round == $r) | .dir' "$m" | while read -r d; do
    printf '%s %s %s\n' \
      "$(jq '[.jobs[] | .read.iops + .write.iops] | add' "$WORK/$p/$d/fio.json")" \
      "$(sed -n 's/^numjobs=//p' "$WORK/$p/$d/job.fio")" \
      "$(sed -n 's/^iodepth=//p' "$WORK/$p/$d/job.fio")"
  done > "$WORK/$p-cells.txt"
  expect_eq "$p: 49 cells in the last round" "$(wc -l < "$WORK/$p-cells.txt")" 49
  for pt in max mid; do
    want=$(awk -v pt="$pt" '
      { v[NR] = $1; c[NR] = $2 " " $3; if (NR == 1 || $1 > hi) hi = $1; if (NR == 1 || $1 < lo) lo = $1 }
      END { aim = pt == "max" ? hi : (hi + lo) / 2
            for (i = 1; i <= NR; i++) { d = v[i] - aim; if (d < 0) d = -d
              if (i == 1 || d < best) { best = d; at = c[i] } }
            print at }' "$WORK/$p-cells.txt")
    for d in $(step_dirs "$WORK/$p" ".name | test(\"^$pt-iops-\")"); do
      got="$(sed -n 's/^numjobs=//p' "$WORK/$p/$d/job.fio") $(sed -n 's/^iodepth=//p' "$WORK/$p/$d/job.fio")"
      expect_eq "$p: $(basename "$d")'s TC QD (the $pt-iops cell)" "$got" "$want"
      expect_eq "$p: $(basename "$d")'s TC QD in the manifest" \
        "$(jq -r --arg d "$d" '.steps[] | select(.dir == $d) | "\(.numjobs) \(.iodepth)"' "$m")" "$want"
    done
    [ "$pt" = max ] && expect_eq "$p: the MaxIOPS mark names the point run" \
      "$(grep -o 'MaxIOPS: TC [0-9]* / QD [0-9]*' "$WORK/$p.txt" | head -1 | awk '{print $3, $6}')" "$want"
  done
  return 0
}

smoke dirth
dirth_checks dirth

# ECW: as DIRTH, and the access pattern's tables against the job files.
smoke ecw
dirth_checks ecw
has_charts ecw ecw-access-bs ecw-access-zones
j=$WORK/ecw/$(step_dirs "$WORK/ecw" '.name == "dv-tc1-qd1"' | tail -1)/job.fio
bssplit=$(sed -n 's/^bssplit=//p' "$j")
zones=$(sed -n 's/^random_distribution=//p' "$j")
check "ecw: the job file's bssplit" test -n "$bssplit" -a -n "$zones"
acc=$(page ecw "Access pattern: block sizes")
check "ecw: the table names its source, the plan's copy" grep -qF "plan's copy in the archive" <<< "$acc"
expect_eq "ecw: access table rows (size share)" \
  "$(echo "$acc" | awk 'NF >= 3 && /%[[:space:]]*$/ && $1 != "bssplit" { gsub(/%/, ""); print $1 "/" $NF }' | paste -sd:)" \
  "$bssplit"
zt=$(page ecw "Access pattern: LBA zones")
expect_eq "ecw: LBA zones (share range)" \
  "$(echo "$zt" | awk '/%[[:space:]]*$/ && $1 ~ /^[0-9]/ { gsub(/%/, ""); share = $1; $1 = ""
    split($0, a, "–"); print share "/" (a[2] - a[1]) }' | paste -sd:)" \
  "$(echo "$zones" | sed 's/^zoned://')"
echo "snia xsr/dirth/ecw report pages: ok"
