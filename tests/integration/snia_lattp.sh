#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The SNIA latency and throughput reports (issue #21, LAT/TP). A snia-latency smoke
# run rendered with templates/report-snia-latency.xml: every cell of the PDF's ART
# and MRT tables (pdftotext) equals what jq recomputes from the archived fio.json of
# that cell's measurement-window rounds (per round: fio's lat_ns over every
# direction, the mean weighted by I/O count, the max; then the rounds' mean of the
# means and max of the maxima), in the unit the table names; the window's rounds are
# the manifest's; the PDF has "response time" and the maximum; charts/ has the ART
# and MRT tables, 2D and 3D plots and no IOPS table. A snia-throughput smoke run
# rendered with report-snia-throughput.xml: the MB/s cells equal jq's mean over
# each block size's window rounds of fio's bw_bytes per direction; charts/ has the
# table and the 2D plot.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pdfsize.sh"  # #22: pdf_ok, no word under 9 pt

for t in pdftotext jq; do
  command -v "$t" > /dev/null || { echo "skip: $t not installed"; exit 77; }
done
cd "$SRC"

# smoke PLAN: a smoke run of testplans/snia-PLAN.xml on a fresh 256 MiB file into
# $WORK/PLAN, then its English report with templates/report-snia-PLAN.xml.
smoke() {
  run_ok "testplans/snia-$1.xml" "$WORK/$1" --target "dut=file:$WORK/$1.bin,size=256MiB" \
    --set smoke=1 -q
  pdf_ok "snia-$1 smoke: report.pdf" "$WORK/$1/report.pdf"
  rm -f "$WORK/$1.bin"
  rm -rf "$WORK/$1/charts" "$WORK/$1/report.pdf"
  "$SSDBENCH" report "$WORK/$1" --template "templates/report-snia-$1.xml" --lang en \
    > "$WORK/report.log" 2>&1 || { cat "$WORK/report.log" >&2; fail "$1: report failed"; }
  pdftotext -layout "$WORK/$1/report.pdf" - | tr -d '\f' > "$WORK/$1.txt"   # no page breaks
}

# window A SCOPE: "FIRST LAST", the measurement window's rounds from the manifest:
# ending at the steady round, else at the last round run; window rounds long.
window() {
  jq -r --arg s "$2" '
    (.scopes[] | select(.name == $s)) as $sc
    | ([.steps[] | select(.scope == $s) | .round] | max) as $ran
    | (if $sc.steady_round > 0 then $sc.steady_round else $ran end) as $last
    | "\([$last - $sc.window + 1, 1] | max) \($last)"' "$1/manifest.json"
}

# expect_cells WHAT GOT WANT DECIMALS: GOT and WANT are "key value" lines; the same
# keys, each value within half the last printed decimal.
expect_cells() {
  awk -v what="$1" -v dec="$4" '
    FNR == NR { got[$1] = $2; ng++; next }
    { want[$1] = $2; nw++ }
    END {
      tol = 0.5 * 10 ^ -dec * 1.001 + 1e-9
      if (ng != nw) { printf "FAIL: %s: %d cells in the report, %d recomputed\n", what, ng, nw; exit 1 }
      for (k in want) {
        if (!(k in got)) { printf "FAIL: %s: no cell %s in the report\n", what, k; exit 1 }
        d = got[k] - want[k]
        if (d < 0) d = -d
        if (d > tol) { printf "FAIL: %s %s: report %s, recomputed %.6f\n", what, k, got[k], want[k]; exit 1 }
      }
      printf "%s: %d cells match\n", what, nw
    }' <(printf '%s\n' "$2") <(printf '%s\n' "$3") >&2 || fail "$1"
}

# ---- LAT ----
smoke latency
A=$WORK/latency
scope=steady-state
read -r first last <<< "$(window "$A" "$scope")"
grep -q "response time" "$A.txt" || fail "lat: no \"response time\" in the PDF"
grep -q "^Maximum response time (MRT)$" "$A.txt" || fail "lat: no MRT table in the PDF"
for c in lat-art lat-mrt lat-art-bs lat-mrt-bs lat-art-3d lat-mrt-3d convergence window-1; do
  for e in svg png; do
    [ -s "$A/charts/scope-$scope-$c.$e" ] || fail "lat: charts/scope-$scope-$c.$e missing"
  done
done
[ ! -e "$A/charts/scope-$scope-iops-table.svg" ] || fail "lat: the IOPS table is drawn"

# Per window round of each cell "MIX BS": the mean (weighted by N) and max lat_ns.
rounds_lat=$(jq -r --arg s "$scope" --argjson f "$first" --argjson l "$last" '
  .steps[] | select(.scope == $s and .status == "ok" and .round >= $f and .round <= $l)
  | "\(.dir) \(.cell)"' "$A/manifest.json" |
  while read -r dir cell; do
    mix=${cell#mix=}; mix=${mix%% *}; bs=${cell##*bs=}
    jq -r --arg k "$mix/$bs" '[.jobs[] | (.read, .write, .trim) | .lat_ns | select(.N > 0)]
      | "\($k) \((map(.mean * .N) | add) / (map(.N) | add)) \(map(.max) | max)"' "$A/$dir/fio.json"
  done)
[ -n "$rounds_lat" ] || fail "lat: no window rounds in the manifest"

# table TITLE: the PDF table under the line TITLE as "UNIT FIRST LAST" then "MIX/BS v".
table() {
  awk -v title="$1" '
    $0 == title { on = 1; next }
    on == 1 {   # the subtitle: "... rounds 2–3 of ... in ms (...)"
      if (match($0, /rounds [0-9]+–[0-9]+/)) { r = substr($0, RSTART + 7, RLENGTH - 7); sub(/–/, " ", r) }
      if (match($0, /in (µs|ms)/)) u = substr($0, RSTART + 3, RLENGTH - 3)
      print u, r; on = 2; next
    }
    on == 2 && /^ *Block size/ { sub(/^ *Block size */, ""); nc = split($0, mixes, / +/); on = 3; next }
    on == 3 && /^file / { exit }
    on == 3 && NF == nc + 1 {
      for (c = 1; c <= nc; c++) { m = mixes[c]; sub(/\/.*/, "", m); v = $(c + 1); gsub(/,/, "", v); print m "/" $1, v }
    }' "$A.txt"
}
for which in ART MRT; do
  if [ "$which" = ART ]; then title="Average response time (ART)"; else title="Maximum response time (MRT)"; fi
  t=$(table "$title")
  read -r unit tf tl <<< "$(head -n1 <<< "$t")"
  expect_eq "lat $which: the window's rounds" "$tf $tl" "$first $last"
  case $unit in µs) div=1000 dec=1 ;; ms) div=1000000 dec=3 ;; *) fail "lat $which: unit '$unit'" ;; esac
  want=$(awk -v w="$which" -v div="$div" '
    { n[$1]++; s[$1] += $2; if (!($1 in mx) || $3 > mx[$1]) mx[$1] = $3 }
    END { for (k in n) printf "%s %.9f\n", k, (w == "ART" ? s[k] / n[k] : mx[k]) / div }' <<< "$rounds_lat")
  expect_cells "lat $which ($unit)" "$(tail -n +2 <<< "$t")" "$want" "$dec"
done

# ---- TP ----
smoke throughput
A=$WORK/throughput
for c in snia-tp-table snia-tp-bs; do
  for e in svg png; do [ -s "$A/charts/$c.$e" ] || fail "tp: charts/$c.$e missing"; done
done
grep -q "^Throughput by block size and direction (MB/s)$" "$A.txt" || fail "tp: no MB/s table"
# Per block size (bytes) and direction: the window rounds' bw_bytes, and the rounds.
want=$(for scope in $(jq -r '.scopes[].name' "$A/manifest.json"); do
  read -r first last <<< "$(window "$A" "$scope")"
  [ -s "$A/charts/scope-$scope-convergence.svg" ] || fail "tp: no convergence chart of $scope"
  jq -r --arg s "$scope" --argjson f "$first" --argjson l "$last" '
    .steps[] | select(.scope == $s and .status == "ok" and .round >= $f and .round <= $l)
    | "\(.dir) \(.bs)"' "$A/manifest.json" |
    while read -r dir bs; do
      jq -r --arg bs "$bs" --arg w "$first–$last" '. as $j | ["read", "write"][] as $d
        | [$j.jobs[][$d]] | select((map(.total_ios) | add) > 0)
        | "\($bs) \($d) \((map(.bw_bytes) | add) / 1e6) \($w)"' "$A/$dir/fio.json"
    done
done | awk '
  { k = $1 " " $2; n[k]++; s[k] += $3; w[$1] = $4 }
  END {
    for (k in n) {
      split(k, p, " ")
      b = p[1] % 1048576 == 0 ? p[1] / 1048576 "_MiB" : p[1] / 1024 "_KiB"
      printf "%s/%s %.6f\n", b, p[2], s[k] / n[k]
      printf "%s/rounds %s\n", b, w[p[1]]
    }
  }' | sort -u)
got=$(awk '
  $0 == "Throughput by block size and direction (MB/s)" { on = 1; next }
  on && /^file / { exit }
  on && $2 ~ /^[KMG]iB$/ && NF == 5 {
    r = $3; w = $4; gsub(/,/, "", r); gsub(/,/, "", w)
    b = $1 "_" $2; print b "/read", r; print b "/write", w; print b "/rounds", $5
  }' "$A.txt" | grep -v ' –$' || true)
expect_eq "tp: the window rounds per block size" "$(grep /rounds <<< "$got" | sort)" \
  "$(grep /rounds <<< "$want" | sort)"
expect_cells "tp MB/s" "$(grep -v /rounds <<< "$got")" "$(grep -v /rounds <<< "$want")" 1
echo "snia_lattp: ok"
