#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fio's stdout is streamed to the step's fio.stdout, never held whole, and kept on
# disk up to 16 MiB (#30): a wrapper fio on PATH prints 300 MB of lines, one 20 MB
# line and an ETA line before the real fio runs. The run ends complete, exit 0;
# fio.stdout holds the first 16 MiB and a note of how many bytes more fio printed
# (recounted here from what the wrapper printed), the run says so; the peak RSS
# of ssdbench (/usr/bin/time -f %M) stays within 32 MiB of the same run without the
# junk (the report's fonts and charts make the baseline); the progress display
# still follows fio's ETA lines.
. "$(dirname "$0")/fault_lib.sh"

real_fio=$(command -v fio) || { echo "fault_bigstdout: skipped (no fio)"; exit 77; }
[ -x /usr/bin/time ] || { echo "fault_bigstdout: skipped (no /usr/bin/time)"; exit 77; }
mkdir "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
case "\$PWD \$*" in
  */steps/*--output=fio.json*)
    yes 'note: junk junk junk junk junk junk junk junk junk junk junk junk junk junk' |
      head -c 300000000
    echo
    head -c 20000000 /dev/zero | tr '\\0' x
    echo
    echo 'Jobs: 1 (f=1): [r(1)][50.0%][r=1MiB/s][r=256 IOPS][eta 00m:01s]' ;;
esac
exec "$real_fio" "\$@"
EOF2
chmod +x "$WORK/bin/fio"
steps_plan "$WORK/plan.xml" bigstdout 1s
tgt="dut=file:$WORK/t.bin,size=16MiB"

/usr/bin/time -f %M -o "$WORK/base.rss" "$SSDBENCH" run "$WORK/plan.xml" --target "$tgt" \
  --out "$WORK/base" > "$WORK/base.log" 2>&1 || { cat "$WORK/base.log"; fail "the run without junk"; }
PATH=$WORK/bin:$PATH run_rc "$WORK/run.log" "$WORK/run.err" /usr/bin/time -f %M \
  -o "$WORK/junk.rss" "$SSDBENCH" run "$WORK/plan.xml" --target "$tgt" --out "$WORK/out"
[ "$rc" = 0 ] || { cat "$WORK/run.log" "$WORK/run.err"; fail "exit code $rc"; }
archive_ok "$WORK/out" ok first
so=$WORK/out/steps/001-first/fio.stdout
cap=$((16 << 20))
# What fio printed besides the ETA line (dropped either way): the junk, a newline,
# the long line, a newline, and whatever the real fio printed (as the run without
# the junk kept it).
printed=$((300000000 + 1 + 20000000 + 1 + $(stat -c %s "$WORK/base/steps/001-first/fio.stdout")))
note="[ssdbench: fio.stdout keeps the first $cap bytes fio printed; $((printed - cap)) bytes more were not kept]"
expect_eq "fio.stdout's note" "$(tail -n 1 "$so")" "$note"
expect_eq "fio.stdout's size" "$(stat -c %s "$so")" $((cap + 1 + ${#note} + 1))
expect_eq "what it kept is what fio printed first" \
  "$(head -c "$cap" "$so" | sha256sum)" \
  "$(yes 'note: junk junk junk junk junk junk junk junk junk junk junk junk junk junk' | head -c "$cap" | sha256sum)"
check "the run says so" grep -q "first: warning: fio printed $printed bytes to stdout; fio.stdout keeps the first $cap$" "$WORK/run.err"
grep -q "^Jobs:" "$so" && fail "an ETA line kept in fio.stdout"
base=$(tail -n 1 "$WORK/base.rss")
junk=$(tail -n 1 "$WORK/junk.rss")
echo "fault_bigstdout: peak RSS $junk KiB (without the junk: $base KiB)"
[ "$junk" -lt $((base + 32768)) ] || fail "peak RSS $junk KiB: fio's stdout was held in memory"

# On a terminal the ETA lines still become the live status (script gives a tty).
if command -v script > /dev/null; then
  PATH=$WORK/bin:$PATH script -qec "'$SSDBENCH' run '$WORK/plan.xml' --target '$tgt' \
    --out '$WORK/tty'" /dev/null > "$WORK/tty.log" 2>&1 || { cat "$WORK/tty.log"; fail "tty run"; }
  grep -aq "\[1/1\] [0-9]*:[0-9][0-9]:[0-9][0-9]  ETA [0-9:]*  read 1.0 MB/s 256 IOPS  50%  first" \
    "$WORK/tty.log" ||
    fail "no live status from fio's ETA lines on a terminal"
fi
echo "fault_bigstdout: ok"
