#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# rerun: an archive keeps every file of its plan (includes too, in their layout) and
# "ssdbench rerun DIR --target ..." runs that plan again, with the same --set values,
# on a new target: the same fio job files but for the target, and a manifest that
# links back. Also: a software OP scope confines its steps to the first LBAs, and an
# existing file is written only when --destroy names it.
. "$(dirname "$0")/lib.sh"

mkdir -p "$WORK/plans/frag"
cat > "$WORK/plans/frag/steps.frag" <<'FRAG'
<fragment>
  <workload name="w-${qd}" rw="randwrite" bs="4k" iodepth="${qd}" runtime="${t}"/>
</fragment>
FRAG
cat > "$WORK/plans/main.xml" <<'PLAN'
<plan name="rr">
  <var name="t" value="30s"/>
  <target name="dut" file="unused.bin" size="1GiB"/>
  <op name="op28" percent="28%">
    <sweep var="qd" values="1 4">
      <include href="frag/steps.frag"/>
    </sweep>
  </op>
</plan>
PLAN
"$SSDBENCH" run "$WORK/plans/main.xml" --set t=1s --target "dut=file:$WORK/a.bin,size=64MiB" \
  --out "$WORK/A" -q > "$WORK/a.log" 2>&1 || { cat "$WORK/a.log" >&2; fail "first run"; }
check "the archive keeps the main plan" cmp "$WORK/plans/main.xml" "$WORK/A/plan/main.xml"
check "and its include, in its folder" cmp "$WORK/plans/frag/steps.frag" "$WORK/A/plan/frag/steps.frag"
expect_eq "elements" "$(jq -r '[.steps[] | "\(.name):\(.kind)"] | join(",")' "$WORK/A/manifest.json")" \
  "op28-discard:purge,w-1:workload,w-4:workload"
# 64 MiB with 28 % over-provisioning: the first 64 MiB / 1.28 = 50 MiB.
expect_eq "OP range" "$(grep '^size=' "$WORK/A/steps/002-w-1/job.fio")" "size=50m"
expect_eq "capacity for % written" "$(jq '.steps[1].capacity' "$WORK/A/manifest.json")" 52428800

# The plan changes afterwards: the rerun still runs the archived copy.
sed -i 's/values="1 4"/values="8"/' "$WORK/plans/main.xml"
"$SSDBENCH" rerun "$WORK/A" --target "dut=file:$WORK/b.bin,size=64MiB" -q > "$WORK/b.log" 2>&1 ||
  { cat "$WORK/b.log" >&2; fail "rerun"; }
B=$WORK/A-rerun
expect_eq "rerun elements" "$(jq -r '[.steps[] | .name] | join(",")' "$B/manifest.json")" \
  "op28-discard,w-1,w-4"
expect_eq "rerun target" "$(jq -r .target.path "$B/manifest.json")" "$WORK/b.bin"
expect_eq "links back" "$(jq -r '.rerun_of | "\(.archive) \(.started)"' "$B/manifest.json")" \
  "$(realpath "$WORK/A") $(jq -r .started "$WORK/A/manifest.json")"
for j in "$WORK"/A/steps/*/job.fio; do
  rel=${j#"$WORK"/A/}
  check "$rel: same job but the file" diff <(grep -v '^filename=' "$j") <(grep -v '^filename=' "$B/$rel")
done
expect_eq "the --set value came along" "$(grep '^runtime=' "$B/steps/003-w-4/job.fio")" "runtime=1"
"$SSDBENCH" verify "$B" > /dev/null || fail "verify rerun"

set +e
"$SSDBENCH" rerun "$WORK/plans" > "$WORK/c.log" 2>&1; rc=$?
set -e
expect_eq "rerun of a non-archive: exit code" "$rc" 2
check "says why" grep -q "holds no copy of its plan files" "$WORK/c.log"

# An archive whose plan copy includes a FIFO: refused at the <include>, never blocked.
cp -r "$WORK/A" "$WORK/F"
rm -rf "$WORK/F-rerun" "$WORK/F/plan/frag/steps.frag"
mkfifo "$WORK/F/plan/frag/steps.frag"
set +e
timeout 20 "$SSDBENCH" rerun "$WORK/F" --target "dut=file:$WORK/f.bin,size=64MiB" -q \
  > "$WORK/f.log" 2>&1; rc=$?
set -e
expect_eq "rerun with a FIFO include: exit code" "$rc" 2
check "says where" grep -q "^$WORK/F/plan/main.xml:6:22: error: included file '.*steps.frag' is a FIFO" \
  "$WORK/f.log"

# A file the run did not create is someone's data: refused unless --destroy names it.
set +e
"$SSDBENCH" run "$WORK/plans/main.xml" --set t=1s --target "dut=file:$WORK/a.bin,size=64MiB" \
  --out "$WORK/C" > "$WORK/d.log" 2>&1; rc=$?
set -e
expect_eq "existing file without --destroy: exit code" "$rc" 1
check "says why" grep -q "the file target '$WORK/a.bin' already exists and this run did not create it" "$WORK/d.log"
check "nothing was created" test ! -e "$WORK/C"
"$SSDBENCH" run "$WORK/plans/main.xml" --set t=1s --target "dut=file:$WORK/a.bin,size=64MiB" \
  --out "$WORK/C" --destroy "$WORK/a.bin" -q > "$WORK/e.log" 2>&1 || { cat "$WORK/e.log" >&2; fail "with --destroy"; }
echo "rerun: ok"
