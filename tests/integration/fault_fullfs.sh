#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The archive folder on a full filesystem (a 1 MiB tmpfs this test mounts; the
# target file lives elsewhere, as tmpfs has no O_DIRECT): full from the start ->
# exit 1 naming the file and ENOSPC; room for the steps but not the charts -> the
# steps are all kept (manifest, results.csv, fio.json) and the report error says why;
# no room for the second step's fio report -> its error names fio.json and ENOSPC
# (fio itself says nothing) and the manifest says "failed", from the space the
# archive's lock keeps in reserve (orchestrator/archive/archlock.h, 128 KiB) for that.
. "$(dirname "$0")/fault_lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "fault_fullfs: skipped (needs root to mount)"; exit 77; }
small=$WORK/small
mkdir "$small"
mount -t tmpfs -o size=1m,mode=0755 ssdbench-fullfs "$small" 2>/dev/null ||
  { echo "fault_fullfs: skipped (cannot mount a tmpfs)"; exit 77; }
cleanup_hooks+=("umount '$small'")

steps_plan "$WORK/plan.xml" full 1s 1s
tgt="dut=file:$WORK/t.bin,size=16MiB"

# fill KB: leaves about KB kilobytes free on the small filesystem.
fill() {
  rm -rf "${small:?}"/*
  local total
  total=$(df -k --output=size "$small" | tail -n 1)
  head -c $(( (total - $1) * 1024 )) /dev/zero > "$small/fill" 2>/dev/null || true
}

# 1. Full from the start.
fill 0
run_rc "$WORK/a.log" "$WORK/a.err" "$SSDBENCH" run "$WORK/plan.xml" --target "$tgt" --out "$small/a"
expect_eq "full: exit code" "$rc" 1
check "full: names the file and ENOSPC" \
  grep -q "^error: cannot write '$small/a/.*': No space left on device$" "$WORK/a.err"
check "full: no step ran" test ! -e "$small/a/steps/001-first"

# 2. Room for both steps, not for the charts and the report (the lock's reserve aside):
# 400 KB free is the lock's 128 KiB reserve, both steps' files with the manifest's
# rewrites (about 130 KB on tmpfs's 4 KiB pages), and room to spare that the charts
# (about 0.5 MB) and the PDF (about 1 MB) of this plan do not fit in.
fill 400
run_rc "$WORK/b.log" "$WORK/b.err" "$SSDBENCH" run "$WORK/plan.xml" --target "$tgt" --out "$small/b"
expect_eq "charts: exit code" "$rc" 1
# (the report is drawn in .ssdbench-report-PID/ in the archive, then swapped in)
check "charts: says a file of the report could not be written" \
  grep -q "error: cannot write '$small/b/\.ssdbench-report-[0-9]*/.*'" "$WORK/b.err"
check "charts: the half-drawn report removed" test -z "$(find "$small/b" -name '.ssdbench-report-*')"
m=$small/b/manifest.json
check "charts: manifest.json is valid JSON" jq -e . "$m" > /dev/null
expect_eq "charts: run status" "$(jq -r .status "$m")" complete
expect_eq "charts: step statuses" "$(jq -r '[.steps[].status] | join(",")' "$m")" ok,ok
expect_eq "charts: results.csv rows" "$(tail -n +2 "$small/b/results.csv" | cut -d, -f2 | paste -sd,)" first,second
for d in steps/001-first steps/002-second; do
  check "charts: $d/fio.json intact" jq -e '.jobs[0].error == 0' "$small/b/$d/fio.json" > /dev/null
done
# The archive itself is whole: its files match the manifest, and with space again
# "ssdbench report" renders it.
"$SSDBENCH" verify "$small/b" > "$WORK/verify.log" 2>&1 || { cat "$WORK/verify.log"; fail "charts: verify"; }
rm "$small/fill"
"$SSDBENCH" report "$small/b" -o "$WORK/b.pdf" > /dev/null 2>&1 || fail "charts: archive not readable"
check "charts: report from the archive" pdfinfo "$WORK/b.pdf" > /dev/null 2>&1

# 3. A report onto a full disk fails loudly and leaves no cut-short PDF behind.
dd if=/dev/zero of="$small/fill" bs=4k > /dev/null 2>&1 || true
run_rc "$WORK/c.out" "$WORK/c.err" "$SSDBENCH" report "$small/b" -o "$small/c.pdf"
expect_eq "full report: exit code" "$rc" 1
grep -q "No space left on device" "$WORK/c.err" ||
  { cat "$WORK/c.out" "$WORK/c.err"; fail "full report: does not say no space"; }
check "full report: no truncated PDF" test ! -e "$small/c.pdf"
rm "$small/fill"

# 4. The filesystem fills up right before the second step's fio (a wrapper on PATH
# fills it, then runs the real fio): no room for that step's report.
real_fio=$(command -v fio) || fail "no fio"
mkdir "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
case "\$PWD \$*" in
  */steps/002-second\ *--output=fio.json*) head -c 100000000 /dev/zero > "$small/fill" ;;
esac
exec "$real_fio" "\$@"
EOF2
chmod +x "$WORK/bin/fio"
fill 400
PATH=$WORK/bin:$PATH run_rc "$WORK/n.log" "$WORK/n.err" "$SSDBENCH" run "$WORK/plan.xml" \
  --target "$tgt" --out "$small/n"
expect_eq "no room for a report: exit code" "$rc" 1
m=$small/n/manifest.json
check "no room for a report: manifest.json is valid JSON" jq -e . "$m" > /dev/null
expect_eq "no room for a report: run status" "$(jq -r .status "$m")" failed
expect_eq "no room for a report: step statuses" "$(jq -r '[.steps[].status] | join(",")' "$m")" ok,failed
err=$(jq -r '[.steps[] | select(.status == "failed") | .error] | first' "$m")
case $err in
  "cannot write '$small/n/steps/002-second/fio.json': No space left on device ("*) ;;
  *) cat "$WORK/n.log" "$WORK/n.err"; fail "no room for a report: the step's error is '$err'" ;;
esac
grep -qF "failed: $err" "$WORK/n.log" || fail "no room for a report: not said as the step failed"
grep -q "^error: .*No space left on device" "$WORK/n.err" ||
  { cat "$WORK/n.err"; fail "no room for a report: the run's error does not say no space"; }
check "no room for a report: no lock left behind" test ! -e "$small/n/.lock"
"$SSDBENCH" verify "$small/n" > "$WORK/verify-n.log" 2>&1 ||
  { cat "$WORK/verify-n.log"; fail "no room for a report: verify"; }
echo "fault_fullfs: ok"
