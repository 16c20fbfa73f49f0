#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fio missing from PATH: the run is refused before anything is written (exit 1, a
# message saying how to install it), and --version says fio was not found.
. "$(dirname "$0")/fault_lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="nofio">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="only" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
mkdir "$WORK/empty-bin"
PATH=$WORK/empty-bin run_rc "$WORK/out.log" "$WORK/err.log" \
  "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/out"
expect_eq "exit code" "$rc" 1
check "says fio is missing" grep -q "fio is not installed or not on PATH (on Debian: apt-get install fio)" "$WORK/err.log"
check "no archive was started" test ! -e "$WORK/out"
check "no target file was made" test ! -e "$WORK/t.bin"
PATH=$WORK/empty-bin "$SSDBENCH" --version > "$WORK/version.log" 2>&1 || true
check "--version names the missing fio" grep -q "^fio: not found on PATH" "$WORK/version.log"
echo "fault_nofio: ok"
