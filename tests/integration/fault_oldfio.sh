#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# An fio older than ssdbench needs (a wrapper that says "fio-2.1" to --version and is
# the real fio otherwise): fio never runs a step, the message names the minimum
# version, exit 1, and it is refused before any archive or target file is made; so
# is one whose version is not one ("fio-banana").
# Then an fio recent enough but without an option the plan asks for (a wrapper
# whose --cmdhelp lacks percentage_random): the plan is refused at the <fio>
# element, exit 2, before fio runs or an archive is made.
. "$(dirname "$0")/fault_lib.sh"

real_fio=$(command -v fio) || { echo "fault_oldfio: skipped (no fio)"; exit 77; }
mkdir "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
[ "\$1" = --version ] && { echo fio-2.1; exit 0; }
case " \$* " in *" - "*) touch "$WORK/ran-a-step" ;; esac
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
# Not a version at all ("fio-banana"): refused the same way, not taken for a new fio.
sed -i 's/echo fio-2.1;/echo fio-banana;/' "$WORK/bin/fio"
PATH=$WORK/bin:$PATH run_rc "$WORK/banana.log" "$WORK/banana.err" \
  "$SSDBENCH" run "$WORK/plan.xml" --out "$out"
expect_eq "fio-banana: exit code" "$rc" 1
check "fio-banana: says it is not a version" grep -q \
  "^error: 'fio --version' says 'fio-banana': not a version ssdbench can read" "$WORK/banana.err"
check "fio-banana: no step ran" test ! -e "$WORK/ran-a-step"
check "fio-banana: no archive made" test ! -e "$out"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
case "\$1" in --cmdhelp=all) "$real_fio" "\$@" | grep -v '^percentage_random '; exit 0 ;; esac
case " \$* " in *" - "*) touch "$WORK/ran-a-step" ;; esac
exec "$real_fio" "\$@"
EOF2
cat > "$WORK/opt.xml" <<'PLAN'
<plan name="oldopt">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="mix" rw="randrw" bs="4k" runtime="1s">
    <fio option="percentage_random" value="80"/>
  </workload>
</plan>
PLAN
PATH=$WORK/bin:$PATH run_rc "$WORK/opt.log" "$WORK/opt.err" \
  "$SSDBENCH" run "$WORK/opt.xml" --out "$WORK/opt"
expect_eq "option: exit code" "$rc" 2
check "option: located at the <fio> element" \
  grep -q "^$WORK/opt.xml:4:18: error: fio has no option 'percentage_random'" "$WORK/opt.err"
check "option: no step ran" test ! -e "$WORK/ran-a-step"
check "option: no archive made" test ! -e "$WORK/opt"
run_rc "$WORK/opt2.log" "$WORK/opt2.err" "$SSDBENCH" check "$WORK/opt.xml"
expect_eq "option: the real fio has it" "$rc" 0
echo "fault_oldfio: ok"
