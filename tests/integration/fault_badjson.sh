#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A damaged fio.json in an archive from a real run, fed to "ssdbench report DIR":
# truncated -> refused at the place it ends (exit 1, no PDF); two documents
# concatenated -> the last one is read and the report is the same as the
# original's; control characters inside a string -> repaired, same report. Each
# edit is caught by "ssdbench verify" (exit 1, the file named).
. "$(dirname "$0")/fault_lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="corrupt">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="rr" rw="randread" bs="4k" runtime="1s"/>
  <workload name="sw" rw="write" bs="128k" runtime="1s"/>
</plan>
PLAN
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/a" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log"; fail "the reference run failed"; }
rm "$WORK/a/t.bin"
json=steps/001-rr/fio.json
for k in trunc concat ctrl; do cp -a "$WORK/a" "$WORK/$k"; done
head -c 3000 "$WORK/a/$json" > "$WORK/trunc/$json"
cat "$WORK/a/$json" "$WORK/a/$json" > "$WORK/concat/$json"
# Raw control bytes (SOH, BEL, an ANSI escape) inside the job's name.
sed 's/"jobname" : "rr"/"jobname" : "r\x01\x07\x1b[31mr"/' "$WORK/a/$json" > "$WORK/ctrl/$json"
check "control bytes injected" grep -q $'\x01' "$WORK/ctrl/$json"
# The archive's SHA-256 list catches each edit: verify exits 1 and names the file.
for k in trunc concat ctrl; do
  run_rc "$WORK/$k.verify" "$WORK/$k.verify.err" "$SSDBENCH" verify "$WORK/$k"
  expect_eq "$k: verify exit code" "$rc" 1
  check "$k: verify names the file" grep -qx "changed: $json" "$WORK/$k.verify"
done

"$SSDBENCH" report "$WORK/a" -o "$WORK/a.pdf" > /dev/null
pdftotext "$WORK/a.pdf" "$WORK/a.txt"

set +e
"$SSDBENCH" report "$WORK/trunc" -o "$WORK/trunc.pdf" > "$WORK/trunc.log" 2>&1
rc=$?
set -e
expect_eq "truncated: exit code" "$rc" 1
# jansson's wording depends on where the cut falls; the place is always the last
# line with text on it: the one after the last newline, unless the cut fell just
# after a newline (then the last token is on the line that newline ends).
line=$(wc -l < "$WORK/trunc/$json")
[ -n "$(tail -c 1 "$WORK/trunc/$json")" ] && line=$((line + 1))
check "truncated: file and last line" \
  grep -q "^$WORK/trunc/$json:$line:[0-9]*: error: " "$WORK/trunc.log"
check "truncated: no PDF" test ! -e "$WORK/trunc.pdf"

for k in concat ctrl; do
  "$SSDBENCH" report "$WORK/$k" -o "$WORK/$k.pdf" > "$WORK/$k.log" 2>&1 ||
    { cat "$WORK/$k.log"; fail "$k: report refused"; }
  pdftotext "$WORK/$k.pdf" "$WORK/$k.txt"
  check "$k: same report text as the original" cmp -s "$WORK/a.txt" "$WORK/$k.txt"
done
check "ctrl: no control bytes reach the report" test "$(grep -c $'[\x01\x07\x1b]' "$WORK/ctrl.txt")" = 0
echo "fault_badjson: ok"
