#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rounds until SNIA steady state on a file target: rate-capped workloads of 2 s, the
# verdict at the round fio's own numbers say (round 3 on an idle machine, window 3).
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

# The verdict, recomputed from fio's own numbers: each round's value is the element's
# IOPS in its fio.json (read + write, or write); the first round R >= 3 whose last 3
# values of both tracks have max - min <= 20 % of their average and a least-squares
# slope over the window (x = 1..3: (v3 - v1) / 2) whose excursion (slope x 2) is <= 10 %.
# Capped workloads meet it at round 3 on an idle machine; a busy one may take a round
# or two more, and the run must say the same round as the numbers do.
n=$(jq '[.steps[] | select(.scope == "ss")] | length' "$m")
vals=()
for ((e = 0; e < n; e++)); do
  dir=$(jq -r ".steps[$e].dir" "$m")
  vals+=("$(jq -r '.jobs[0] | .read.iops + .write.iops' "$out/$dir/fio.json") $(jq -r '.jobs[0].write.iops' "$out/$dir/fio.json")")
done
R=$(printf '%s\n' "${vals[@]}" | awk '
  { if (NR % 2) r[++k] = $1; else w[k] = $2 }
  function ok(v, i,   a, lo, hi, j) {
    a = (v[i - 2] + v[i - 1] + v[i]) / 3; lo = hi = v[i]
    for (j = i - 2; j < i; j++) { if (v[j] < lo) lo = v[j]; if (v[j] > hi) hi = v[j] }
    d = v[i] - v[i - 2]; if (d < 0) d = -d
    return hi - lo <= 0.2 * a && d <= 0.1 * a
  }
  END { for (i = 3; i <= k; i++) if (ok(r, i) && ok(w, i)) { print i; exit } print 0 }')
[ "$R" -ge 3 ] || fail "no window of rounds met the criteria in fio's numbers (rounds: $((n / 2)))"
check "says steady state was reached" grep -q "ss: steady state reached at round $R" "$WORK/run.log"
expect_eq "verdict" "$(jq -r '.scopes[0] | "\(.verdict) \(.rounds) \(.steady_round)"' "$m")" "steady $R $R"
want_el=$(for ((r = 1; r <= R; r++)); do printf 'capped:%d,capped-w:%d,' "$r" "$r"; done)
expect_eq "elements" "$(jq -r '[.steps[] | "\(.name):\(.round)"] | join(",")' "$m")" "${want_el}after:0"
want_sc=$(for ((r = 1; r <= R; r++)); do printf 'ss,ss,'; done)
expect_eq "scope of round elements" "$(jq -r '[.steps[] | .scope // "-"] | join(",")' "$m")" "${want_sc}-"
expect_eq "folders" "$(jq -r '.steps[4].dir' "$m")" "steps/005-capped-r3"
for k in 0 1; do
  t=".scopes[0].tracks[$k]"
  expect_eq "track $k rounds" "$(jq "$t.rounds | length" "$m")" "$R"
  expect_eq "track $k: no window before round 3" "$(jq "[$t.rounds[0,1].window] | map(select(. != null)) | length" "$m")" 0
  expect_eq "track $k window" "$(jq -r "$t.rounds[$((R - 1))].window | \"\(.first)-\(.last) \(.range_ok) \(.slope_ok)\"" "$m")" \
    "$((R - 2))-$R true true"
  # The recorded window agrees with the recorded values: average, max - min, limits.
  check "track $k window math" jq -e "$t | [.rounds[$((R - 3)):$R][].value] as \$v | .rounds[$((R - 1))].window as \$w |
    ((\$v | add / 3) - \$w.avg | fabs) < 1e-6 * \$w.avg and
    (((\$v | max) - (\$v | min)) - \$w.data_excursion | fabs) < 1e-6 * \$w.avg and
    (\$w.max_data_excursion - 0.2 * \$w.avg | fabs) < 1e-6 * \$w.avg and
    (\$w.max_slope_excursion - 0.1 * \$w.avg | fabs) < 1e-6 * \$w.avg and
    ((\$w.slope | fabs) * 2 - \$w.slope_excursion | fabs) < 1e-6 * \$w.avg" "$m" > /dev/null
done
# Each round's recorded value is the one in its fio.json.
for ((r = 1; r <= R; r++)); do
  read -r v0 v1 <<< "${vals[$(( (r - 1) * 2 ))]}"
  read -r _ v1 <<< "${vals[$(( (r - 1) * 2 + 1 ))]}"
  check "round $r values from fio.json" jq -e \
    "(.scopes[0].tracks[0].rounds[$((r - 1))].value - $v0 | fabs) < 0.01 and
     (.scopes[0].tracks[1].rounds[$((r - 1))].value - $v1 | fabs) < 0.01" "$m" > /dev/null
done
# results.csv: one row per element per round, steady-state fields on tracked rows.
expect_eq "csv rows" "$(tail -n +2 "$out/results.csv" | wc -l)" $((2 * R + 1))
row=$((2 * R - 1))
expect_eq "round-$R row" "$(csv_get "$out/results.csv" $row scope) $(csv_get "$out/results.csv" $row round) $(csv_get "$out/results.csv" $row ss_window_first)-$(csv_get "$out/results.csv" $row ss_window_last) $(csv_get "$out/results.csv" $row ss_pass)" \
  "ss $R $((R - 2))-$R yes"
expect_eq "round-1 row has no window" "$(csv_get "$out/results.csv" 1 ss_metric) '$(csv_get "$out/results.csv" 1 ss_window_first)'" "iops:total ''"
expect_eq "untracked row" "'$(csv_get "$out/results.csv" $((2 * R + 1)) ss_metric)'" "''"
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
