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
