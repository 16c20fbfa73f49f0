#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rounds until SNIA steady state on a file target: rate-capped workloads of 2 s are
# steady from the first full window, so the verdict comes at round 3 (window 3).
# The archive holds every round's tracking values and the window fields, and they
# agree with the values themselves. With max below the window: "not reached".
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="steady2s" title="穩態測試">
  <var name="max" value="8"/>
  <var name="range" value="20%"/>
  <var name="cap" value="500"/>
  <target name="dut" file="t.bin" size="64MiB"/>
  <rounds name="ss" until="steady" window="3" max="${max}" range="${range}" slope="10%">
    <track element="capped" metric="iops"/>
    <track element="capped-w" metric="iops" dir="write"/>
    <workload name="capped" rw="randread" bs="4k" runtime="2s" rate_iops="${cap}"/>
    <workload name="capped-w" rw="randwrite" bs="4k" runtime="2s" rate_iops="400"/>
  </rounds>
  <workload name="after" rw="read" bs="128k" runtime="1s"/>
</plan>
PLAN
out=$WORK/out
run_ok "$WORK/plan.xml" "$out"
m=$out/manifest.json
check "says steady state was reached" grep -q "ss: steady state reached at round 3" "$WORK/run.log"
expect_eq "verdict" "$(jq -r '.scopes[0] | "\(.verdict) \(.rounds) \(.steady_round)"' "$m")" "steady 3 3"
expect_eq "elements" "$(jq -r '[.steps[] | "\(.name):\(.round)"] | join(",")' "$m")" \
  "capped:1,capped-w:1,capped:2,capped-w:2,capped:3,capped-w:3,after:0"
expect_eq "scope of round elements" "$(jq -r '[.steps[] | .scope // "-"] | join(",")' "$m")" \
  "ss,ss,ss,ss,ss,ss,-"
expect_eq "folders" "$(jq -r '.steps[4].dir' "$m")" "steps/005-capped-r3"
for k in 0 1; do
  t=".scopes[0].tracks[$k]"
  expect_eq "track $k rounds" "$(jq "$t.rounds | length" "$m")" 3
  expect_eq "track $k: no window before round 3" "$(jq "[$t.rounds[0,1].window] | map(select(. != null)) | length" "$m")" 0
  expect_eq "track $k window" "$(jq -r "$t.rounds[2].window | \"\(.first)-\(.last) \(.range_ok) \(.slope_ok)\"" "$m")" "1-3 true true"
  # The recorded window agrees with the recorded values: average, max - min, limits.
  check "track $k window math" jq -e "$t | [.rounds[].value] as \$v | .rounds[2].window as \$w |
    ((\$v | add / 3) - \$w.avg | fabs) < 1e-6 * \$w.avg and
    (((\$v | max) - (\$v | min)) - \$w.data_excursion | fabs) < 1e-6 * \$w.avg and
    (\$w.max_data_excursion - 0.2 * \$w.avg | fabs) < 1e-6 * \$w.avg and
    (\$w.max_slope_excursion - 0.1 * \$w.avg | fabs) < 1e-6 * \$w.avg and
    ((\$w.slope | fabs) * 2 - \$w.slope_excursion | fabs) < 1e-6 * \$w.avg" "$m" > /dev/null
done
# Each round's value is the element's IOPS from its fio.json (read + write, or write).
for r in 1 2 3; do
  e=$(( (r - 1) * 2 + 1 ))
  dir=$(jq -r ".steps[$((e - 1))].dir" "$m")
  check "round $r value from fio.json" jq -e --slurpfile f "$out/$dir/fio.json" \
    "(.scopes[0].tracks[0].rounds[$((r - 1))].value - (\$f[0].jobs[0].read.iops + \$f[0].jobs[0].write.iops) | fabs) < 0.01" "$m" > /dev/null
done
# results.csv: one row per element per round, steady-state fields on tracked rows.
expect_eq "csv rows" "$(tail -n +2 "$out/results.csv" | wc -l)" 7
expect_eq "round-3 row" "$(csv_get "$out/results.csv" 5 scope) $(csv_get "$out/results.csv" 5 round) $(csv_get "$out/results.csv" 5 ss_window_first)-$(csv_get "$out/results.csv" 5 ss_window_last) $(csv_get "$out/results.csv" 5 ss_pass)" \
  "ss 3 1-3 yes"
expect_eq "round-1 row has no window" "$(csv_get "$out/results.csv" 1 ss_metric) '$(csv_get "$out/results.csv" 1 ss_window_first)'" "iops:total ''"
expect_eq "untracked row" "'$(csv_get "$out/results.csv" 7 ss_metric)'" "''"
"$SSDBENCH" verify "$out" > /dev/null || fail "verify"

# Uncapped reads (no two rounds alike) against a range no real drive meets: tested
# from round 3 on, "not reached" at max.
"$SSDBENCH" run "$WORK/plan.xml" --set max=4 --set range=0% --set cap=100000000 --out "$WORK/short" > "$WORK/short.log" 2>&1 ||
  { cat "$WORK/short.log" >&2; fail "short run failed"; }
expect_eq "short verdict" "$(jq -r '.scopes[0] | "\(.verdict) \(.rounds) \(.steady_round)"' "$WORK/short/manifest.json")" \
  "not reached 4 0"
check "says not reached" grep -q "ss: stopped after round 4: not reached" "$WORK/short.log"
expect_eq "short: windows of rounds 3 and 4 fail the range" \
  "$(jq -r '[.scopes[0].tracks[0].rounds[2,3].window.range_ok] | join(",")' "$WORK/short/manifest.json")" false,false
echo "steady: ok"
