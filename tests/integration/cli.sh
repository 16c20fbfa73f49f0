#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The command line as a user meets it: version, help, check, exit codes.
. "$(dirname "$0")/lib.sh"

"$SSDBENCH" --version > "$WORK/v"
check "version names ssdbench" grep -q '^ssdbench [0-9]' "$WORK/v"
check "version names fio" grep -q "^fio: $(fio --version)$" "$WORK/v"
PATH=/nonexistent "$SSDBENCH" --version > "$WORK/v2"
check "missing fio said" grep -q '^fio: not found on PATH' "$WORK/v2"

"$SSDBENCH" --help > "$WORK/h"
for c in run check report plan-reference; do check "help lists $c" grep -q "^  $c " "$WORK/h"; done
"$SSDBENCH" run --help | grep -q -- '--target NAME=SPEC' || fail "run --help"

set +e
"$SSDBENCH" check "$SRC/tests/plans/typo.xml" > /dev/null 2> "$WORK/e"; rc=$?
set -e
expect_eq "check typo exit" "$rc" 2
check "FILE:LINE:COL and did-you-mean" \
  grep -q "typo.xml:9:55: error: unknown attribute 'iodepht' on <workload> (did you mean 'iodepth'?)" "$WORK/e"
# check lists every step's or unknown element's error, each at its place, once (a
# sweep repeats its steps), up to the first error it cannot read past; run stops at
# the first.
cat > "$WORK/errors.xml" <<'EOF'
<plan name="errors">
  <target name="dut" file="t.bin" size="64MiB"/>
  <workload name="a" rw="randred" bs="4KiB" runtime="1s"/>
  <workload name="b" rw="randread" bs="4KiB" runtime="1s"/>
  <sweep var="qd" values="1 2">
    <workload name="c${qd}" rw="read" iodepth="${qd}" bogus="1" runtime="1s"/>
  </sweep>
  <wrokload name="d"/>
  <rounds name="r" bogus="x">
    <workload name="e" rw="write" runtime="1s"/>
  </rounds>
  <workload name="f" rw="writ" runtime="1s"/>
</plan>
EOF
run_rc "$WORK/o.log" "$WORK/e" "$SSDBENCH" check "$WORK/errors.xml"
expect_eq "check errors.xml: exit" "$rc" 2
expect_eq "check errors.xml: every error at its place, in order" \
  "$(grep -o '^[^ ]*: error:' "$WORK/e" | sed "s|^$WORK/||" | paste -sd' ')" \
  "errors.xml:3:26: error: errors.xml:6:55: error: errors.xml:8:3: error: errors.xml:9:20: error:"
check "check errors.xml: the messages" grep -qF "unknown element <wrokload> in <plan> (did you mean <workload>?)" "$WORK/e"
check "check errors.xml: the count" grep -qx "ssdbench: 4 errors in $WORK/errors.xml" "$WORK/e"
run_rc "$WORK/o.log" "$WORK/e" "$SSDBENCH" run "$WORK/errors.xml" --out "$WORK/eo"
expect_eq "run errors.xml: exit" "$rc" 2
expect_eq "run errors.xml: the first error alone" "$(grep -c ': error: ' "$WORK/e")" 1
check "run errors.xml: nothing written" test ! -e "$WORK/eo"
"$SSDBENCH" check "$SRC/testplans/quick.xml" > "$WORK/c"
check "check summarises" grep -q "plan .quick. (快速測試), 8 steps" "$WORK/c"
check "check estimates" grep -q "^time: 40 s of measurement" "$WORK/c"

set +e
PATH=/nonexistent "$SSDBENCH" run "$SRC/testplans/quick.xml" --out "$WORK/o" \
  > /dev/null 2> "$WORK/nofio"; rc=$?
set -e
expect_eq "run without fio" "$rc" 1
check "says fio is missing" grep -q "fio is not installed or not on PATH" "$WORK/nofio"
"$SSDBENCH" plan-reference > "$WORK/ref.md"
check "reference lists iodepth" grep -q '^| `iodepth` | integer 1–65536 | 1 |' "$WORK/ref.md"
echo "cli: ok"
