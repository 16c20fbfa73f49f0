#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# import of a real 256-job fio report without group_reporting (samples/jobs256/):
# bounded memory (it took 4.1 GB and 24 s when import was quadratic in the jobs),
# one element whose read IOPS are fio's own 256 jobs summed by jq; split into 4
# groups, 4 elements, each with its group's sum.
. "$(dirname "$0")/lib.sh"

command -v xz > /dev/null || fail "xz is needed to unpack samples/jobs256/fio.json.xz"
[ -x /usr/bin/time ] || fail "/usr/bin/time is needed to measure the peak RSS"
xz -dc "$SRC/samples/jobs256/fio.json.xz" > "$WORK/r256.json"
expect_eq "the sample's jobs" "$(jq '.jobs | length' "$WORK/r256.json")" 256
expect_eq "the sample's groups" "$(jq -c '[.jobs[].groupid] | unique' "$WORK/r256.json")" "[0]"

timeout 60 /usr/bin/time -f %M -o "$WORK/rss" "$SSDBENCH" import -q --out "$WORK/A" \
  "$WORK/r256.json" > "$WORK/a.log" 2>&1 || { cat "$WORK/a.log" >&2; fail "import"; }
rss=$(tail -1 "$WORK/rss")
[ "$rss" -lt $((512 * 1024)) ] || fail "import of 256 jobs peaked at $rss KB, over 512 MB"
expect_eq "elements" "$(jq '.steps | length' "$WORK/A/manifest.json")" 1
expect_eq "element 1's read IOPS" "$(csv_get "$WORK/A/results.csv" 1 read_iops)" \
  "$(jq '[.jobs[].read.iops] | add' "$WORK/r256.json" | awk '{ printf "%.2f", $1 }')"
expect_eq "numjobs from the job options" "$(csv_get "$WORK/A/results.csv" 1 numjobs)" 256

# The same jobs in 4 groups (groupid = index mod 4): one element per group.
jq '.jobs |= [to_entries[] | .value.groupid = (.key % 4) | .value]' "$WORK/r256.json" \
  > "$WORK/g4.json"
timeout 60 "$SSDBENCH" import -q --out "$WORK/B" "$WORK/g4.json" > "$WORK/b.log" 2>&1 ||
  { cat "$WORK/b.log" >&2; fail "import of 4 groups"; }
expect_eq "elements of 4 groups" \
  "$(jq -r '[.steps[].name] | join(",")' "$WORK/B/manifest.json")" "j,j-2,j-3,j-4"
for g in 0 1 2 3; do
  want=$(jq -r --argjson g "$g" '[.jobs[] | select(.groupid == $g) | .read.iops] | add' \
    "$WORK/g4.json" | awk '{ printf "%.2f", $1 }')
  expect_eq "group $g: read IOPS" "$(csv_get "$WORK/B/results.csv" $((g + 1)) read_iops)" "$want"
  expect_eq "group $g: 64 jobs in its fio.json" \
    "$(jq '.jobs | length' "$WORK/B/steps/00$((g + 1))-j$([ $g -eq 0 ] || echo "-$((g + 1))")/fio.json")" 64
done
echo "import_jobs: ok"
