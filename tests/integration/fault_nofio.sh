#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fio missing from PATH: the run is refused before anything is written (exit 1, a
# message saying how to install it), and --version says fio was not found. Then fio
# vanishing between two steps (below).
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

# fio vanishes mid-run (uninstalled between steps: the wrapper on PATH removes
# itself once the first step's fio starts): the second step fails, exit 1, and the
# first step's archive verifies.
real_fio=$(command -v fio) || { echo "fault_nofio: mid-run case skipped (no fio)"; exit 77; }
mkdir "$WORK/bin"
printf '#!/bin/sh\ncase " $* " in *" - "*) /bin/rm -f "$0" ;; esac\nexec %s "$@"\n' \
  "$real_fio" > "$WORK/bin/fio"
chmod +x "$WORK/bin/fio"
steps_plan "$WORK/gone.xml" gone 1s 1s
PATH=$WORK/bin run_rc "$WORK/gone.log" "$WORK/gone.err" \
  "$SSDBENCH" run "$WORK/gone.xml" --out "$WORK/gone"
expect_eq "mid-run: exit code" "$rc" 1
check "mid-run: says fio cannot run" \
  grep -q "^error: step 'second' failed: cannot run 'fio': is it installed and on PATH?$" "$WORK/gone.err"
check "mid-run: step error recorded" \
  jq -e '.steps[1].error == "cannot run '"'fio'"': is it installed and on PATH?"' \
  "$WORK/gone/manifest.json" > /dev/null
expect_eq "mid-run: run status" "$(jq -r .status "$WORK/gone/manifest.json")" failed
archive_ok "$WORK/gone" "ok,failed" first
echo "fault_nofio: ok"
