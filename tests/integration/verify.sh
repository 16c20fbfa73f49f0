#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ssdbench verify: an archive fresh from a run is intact, stays intact when moved
# or re-rendered, and any changed, missing or extra file is named, exit 1.
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="v" title="驗證">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="rr" rw="randread" bs="4k" runtime="2s"/>
  <workload name="rw" rw="randwrite" bs="4k" runtime="2s"/>
</plan>
PLAN
out=$WORK/out
"$SSDBENCH" run "$WORK/plan.xml" --out "$out" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log"; fail "run"; }
m=$out/manifest.json
expect_eq "target recorded inside the archive" "$(jq -r .target.in_archive "$m")" t.bin
check "listed: the plan copy" jq -e '.files | map(.path) | index("plan.xml") != null' "$m" > /dev/null
check "listed: a step's fio.json" jq -e '.files | map(.path) | index("steps/001-rr/fio.json") != null' "$m" > /dev/null
check "not listed: the target, the report" jq -e '.files | map(.path) |
  (index("t.bin") == null) and (index("report.pdf") == null) and
  (map(select(startswith("charts/"))) | length == 0)' "$m" > /dev/null
expect_eq "sha256 of results.csv" \
  "$(jq -r '.files[] | select(.path == "results.csv") | .sha256' "$m")" \
  "$(sha256sum "$out/results.csv" | cut -d' ' -f1)"

"$SSDBENCH" verify "$out" > "$WORK/v1" || { cat "$WORK/v1"; fail "fresh archive"; }
check "intact" grep -q ': intact$' "$WORK/v1"

# ls finds it, from the archive or from the folder above it.
"$SSDBENCH" ls "$WORK" > "$WORK/ls" || fail "ls"
check "ls names the archive" grep -q "^$out  *驗證  *file t.bin (16 MiB) .* complete  *2/2 steps" "$WORK/ls"
set +e
"$SSDBENCH" ls "$WORK/none" > /dev/null 2>&1; rc=$?
set -e
expect_eq "ls of nothing" "$rc" 1

# Relocatable: moved and re-rendered, still intact.
mv "$out" "$WORK/moved"
"$SSDBENCH" report "$WORK/moved" > /dev/null
"$SSDBENCH" verify "$WORK/moved" > "$WORK/v2" || { cat "$WORK/v2"; fail "moved archive"; }

echo 1 >> "$WORK/moved/steps/002-rw/log_iops.1.log"
rm "$WORK/moved/steps/001-rr/job.fio"
echo x > "$WORK/moved/steps/stray.txt"
set +e
"$SSDBENCH" verify "$WORK/moved" > "$WORK/v3"; rc=$?
set -e
expect_eq "exit code" "$rc" 1
check "names the changed file" grep -qx 'changed: steps/002-rw/log_iops.1.log' "$WORK/v3"
check "names the missing file" grep -qx 'missing: steps/001-rr/job.fio' "$WORK/v3"
check "names the extra file" grep -qx 'extra: steps/stray.txt' "$WORK/v3"
check "counts" grep -q '1 missing, 1 changed, 1 extra$' "$WORK/v3"

set +e
"$SSDBENCH" verify "$WORK/nowhere" > /dev/null 2> "$WORK/e"; rc=$?
set -e
expect_eq "no archive" "$rc" 1
check "says which manifest" grep -q "nowhere/manifest.json" "$WORK/e"
echo "verify: ok"
