#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The include rules of scripts/layers failing on deliberate violations, in a tree of
# its own holding the real layers.txt: report/plot including a header of report/run
# (plot and run stand side by side on one floor), report/model including one of
# report/draw (up a floor), a cycle between two files, a file over 900 lines. The
# same tree without them passes, and so do the allowed includes it keeps.
. "$(dirname "$0")/lib.sh"

top=$WORK/tree
mkdir -p "$top/orchestrator"
cp "$SRC/layers.txt" "$top/"
: > "$top/orchestrator/main.c"
# file PATH LINE...: PATH in the tree with the lines given.
file() { local p=$top/$1; shift; mkdir -p "$(dirname "$p")"; printf '%s\n' "$@" > "$p"; }
file report/run/report_int.h '/* run */'
file report/draw/gfx.h '/* draw */'
file report/doc/msg.h '#include "gfx.h"'
file report/model/chart.h '/* model */'
file report/plot/plot.c '#include "msg.h"' '#include "chart.h"'
file report/lineup/a.h '#include "b.h"'
file report/lineup/b.h '/* b */'
run_rc "$WORK/ok.out" "$WORK/ok.err" bash "$SRC/scripts/layers" "" "$top"
[ "$rc" = 0 ] || { cat "$WORK/ok.err" >&2; fail "the allowed tree: exit $rc"; }
check "the allowed tree: levels as layers.txt stacks them" grep -q "level 5  report/plot" "$WORK/ok.out"

# The violations.
file report/plot/evil.c '#include "gfx.h"' '#include "report_int.h"'
file report/model/evil.c '#include "gfx.h"'
file report/lineup/b.h '#include "a.h"'
seq 901 | sed 's|^|/* |; s|$| */|' > "$top/report/doc/long.c"
run_rc "$WORK/bad.out" "$WORK/bad.err" bash "$SRC/scripts/layers" "" "$top"
expect_eq "violations: exit" "$rc" 1
check "plot -> run named, with the row" grep -qF \
  'report/plot/evil.c:2: includes "report_int.h" (report/run), which report/plot may not use (layers.txt:  report/doc report/draw report/model parsers common)' \
  "$WORK/bad.err"
check "model -> draw named" grep -qF \
  'report/model/evil.c:1: includes "gfx.h" (report/draw), which report/model may not use' "$WORK/bad.err"
check "plot -> draw is allowed" sh -c "! grep -q 'report/plot/evil.c:1:' '$WORK/bad.err'"
check "the cycle named" grep -q "files in a cycle.*report/lineup/a.h" "$WORK/bad.err"
check "the long file named" grep -qF "report/doc/long.c has 901 lines (at most 900)" "$WORK/bad.err"
expect_eq "forbidden includes found" "$(grep -c 'may not use' "$WORK/bad.err")" 2
echo "layers_includes: ok"
