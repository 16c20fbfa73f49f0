#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# An fio older than ssdbench needs (a wrapper that says "fio-2.1" to --version and is
# the real fio otherwise): fio never runs a step, the message names the minimum
# version, exit 1, and it is refused before any archive or target file is made.
. "$(dirname "$0")/fault_lib.sh"

real_fio=$(command -v fio) || { echo "fault_oldfio: skipped (no fio)"; exit 77; }
mkdir "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
[ "\$1" = --version ] && { echo fio-2.1; exit 0; }
case " \$* " in *" job.fio "*) touch "$WORK/ran-a-step" ;; esac
exec "$real_fio" "\$@"
EOF2
chmod +x "$WORK/bin/fio"
steps_plan "$WORK/plan.xml" oldfio 1s 1s
out=$WORK/out
PATH=$WORK/bin:$PATH run_rc "$WORK/out.log" "$WORK/err.log" \
  "$SSDBENCH" run "$WORK/plan.xml" --out "$out"
expect_eq "exit code" "$rc" 1
check "names the version and the minimum" \
  grep -q "fio-2.1 is too old: ssdbench needs fio 3.0 or newer" "$WORK/err.log"
check "no step ran" test ! -e "$WORK/ran-a-step"
check "no archive made" test ! -e "$out"
echo "fault_oldfio: ok"
