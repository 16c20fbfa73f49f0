#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The shipped plans: each checks against a 1 TB drive with the durations worked
# out by hand, validates against the schema, and checks shrunk by smoke=1; the
# schema and the reference are what the loader's table generates today.
. "$(dirname "$0")/lib.sh"

cd "$SRC"
# plan | the time line, by hand: rounds are per-round time x 5 (window) .. 25 (max)
while IFS='|' read -r plan want; do
  [ -n "$plan" ] || continue
  "$SSDBENCH" check "testplans/$plan" --assume-capacity 1TB > "$WORK/c" ||
    fail "$plan does not check"
  got=$(sed -n 's/^time: \(.*\) of measurement.*/\1/p' "$WORK/c")
  expect_eq "$plan time" "$got" "$want"
  check "$plan validates against the schema" \
    xmllint --noout --schema testplans/ssdbench-plan.xsd "testplans/$plan"
done <<'TABLE'
quick.xml|40 s
cdm.xml|1 min 15 s
drivemaster-wsat.xml|26 min 40 s
consistency-op-sweep.xml|6 h 16 min
op-hpa.xml|1 h
qd-sweep.xml|7 h
raid0.xml|1 h 50 min
snia-iops.xml|4 h 40 min – 23 h 20 min
snia-throughput.xml|20 min – 1 h 40 min
snia-latency.xml|45 min – 3 h 45 min
snia-wsat.xml|0 s – 24 h
snia-hir.xml|15 h 35 min – 15 h 55 min
snia-xsr.xml|22 h
snia-dirth.xml|8 h 5 min – 26 h 25 min
snia-ecw.xml|8 h 5 min – 26 h 25 min
replay.xml|5 min – 25 min
TABLE
expect_eq "plans covered" "$(ls testplans/*.xml | wc -l)" 16

# 56 elements of one minute: 56 min per round.
check "snia-iops: 56 min per round" grep -q "per round 56 min, in all 4 h 40 min – 23 h 20 min" \
  <("$SSDBENCH" check testplans/snia-iops.xml --assume-capacity 1TB)
"$SSDBENCH" check testplans/snia-iops.xml --assume-capacity 1TB --json > "$WORK/j.json"
expect_eq "json min" "$(jq .estimate.min_ms "$WORK/j.json")" 16800000
expect_eq "json max" "$(jq .estimate.max_ms "$WORK/j.json")" 84000000
expect_eq "json steps" "$(jq '.steps | length' "$WORK/j.json")" 58
expect_eq "json written" "$(jq .estimate.written_min_x "$WORK/j.json")" 2

# XSR: 8 h, 6 h, 8 h of one-minute samples. DIRTH and ECW: preconditioning rounds of
# 1 min; rounds of a 5 min pre-write and 49 cells of 1 min (54 min), 5 to 25 of them;
# then 60 + 10 min at each of the three histogram points.
"$SSDBENCH" check testplans/snia-xsr.xml --assume-capacity 1TB > "$WORK/x"
expect_eq "snia-xsr: the three access groups" \
  "$(sed -n "s/.*<rounds> '\([^']*\)'.*per round \(.*\), in all \(.*\)/\1 \2 \3/p" "$WORK/x" | paste -sd,)" \
  "group1-seq1024k 1 min 8 h,group2-rnd8k 1 min 6 h,group3-seq1024k 1 min 8 h"
for p in dirth ecw; do
  "$SSDBENCH" check "testplans/snia-$p.xml" --assume-capacity 1TB > "$WORK/x"
  check "snia-$p: 54 min per demand-variation round" \
    grep -q "'demand-variation': .* per round 54 min, in all 4 h 30 min – 22 h 30 min" "$WORK/x"
  expect_eq "snia-$p: steps" "$(grep -cE '^ +[0-9]+ ' "$WORK/x")" 59
done

# Smoke: every plan shrinks to seconds on small file targets (a RAID's members are
# block devices, as the run requires: here ones not attached, whose size check
# assumes; check opens nothing).
for f in testplans/*.xml; do
  targets=(--target "dut=file:$WORK/t.bin,size=16MiB")
  [ "$(basename "$f")" = raid0.xml ] && targets=(--target "ssd1=/dev/ssdbench-it-none-1"
    --target "ssd2=/dev/ssdbench-it-none-2" --target "ssd3=/dev/ssdbench-it-none-3"
    --assume-capacity 16MiB)
  "$SSDBENCH" check "$f" --set smoke=1 "${targets[@]}" > "$WORK/s" || fail "$f smoke check"
  check "$f smoke is short" grep -qE '^time: ([0-9]+ s|[0-9]+ s – [0-9]+ s) ' "$WORK/s"
done

# Generated files are up to date.
"$SSDBENCH" plan-reference xsd | diff -u testplans/ssdbench-plan.xsd - > "$WORK/d" ||
  { cat "$WORK/d"; fail "testplans/ssdbench-plan.xsd is stale: ssdbench plan-reference xsd"; }
"$SSDBENCH" plan-reference | diff -u docs/plan-reference.md - > "$WORK/d" ||
  { cat "$WORK/d"; fail "docs/plan-reference.md is stale: ssdbench plan-reference"; }
if xmllint --noout --schema testplans/ssdbench-plan.xsd tests/plans/typo.xml 2> /dev/null; then
  fail "the schema accepts a misspelled attribute"
fi
# An include of a FIFO, a folder or a device is an error at the <include>, exit 2,
# and never blocks: nothing writes the FIFO.
mkfifo "$WORK/pipe.frag"
mkdir "$WORK/folder.frag"
for href in pipe.frag folder.frag /dev/zero; do
  cat > "$WORK/inc.xml" <<PLAN
<plan name="inc">
  <target name="dut" file="t.bin" size="16MiB"/>
  <include href="$href"/>
</plan>
PLAN
  for cmd in check run; do
    args=("$WORK/inc.xml")
    [ "$cmd" = run ] && args+=(--out "$WORK/out")
    set +e
    timeout 20 "$SSDBENCH" "$cmd" "${args[@]}" > "$WORK/o" 2>&1; rc=$?
    set -e
    expect_eq "$cmd with an include of $href: exit code" "$rc" 2
    check "$cmd with an include of $href: FILE:LINE:COL" \
      grep -q "^$WORK/inc.xml:3:18: error: included file '.*$href' is a .*, not a regular file" "$WORK/o"
  done
  check "nothing was created" test ! -e "$WORK/out"
done
echo "plans: ok"
