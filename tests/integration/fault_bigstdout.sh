#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fio's stdout is streamed to the step's fio.stdout, never held whole: a wrapper fio
# on PATH prints 300 MB of lines, one 20 MB line and an ETA line before the real fio
# runs. The run ends complete, exit 0; fio.stdout keeps all of it; the peak RSS
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
size=$(stat -c %s "$WORK/out/steps/001-first/fio.stdout")
[ "$size" -ge 320000000 ] || fail "fio.stdout holds $size bytes, not all fio printed"
check "the long line kept whole" awk 'length($0) == 20000000 && /^x+$/ { f = 1 }
  END { exit !f }' "$WORK/out/steps/001-first/fio.stdout"
grep -q "^Jobs:" "$WORK/out/steps/001-first/fio.stdout" && fail "an ETA line kept in fio.stdout"
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
