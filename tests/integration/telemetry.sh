#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Telemetry: a step with telemetry="1s" samples the temperature every second while
# fio runs, into the element's telemetry.csv and the celsius column of series.csv,
# and its chart gets a temperature axis. The sensor here is a hwmon-style file
# (SSDBENCH_TEMP_SENSOR, millidegrees): files and loop devices have no sensor, and
# without one the samples say so (empty), never a guess.
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="tele">
  <target name="dut" file="t.bin" size="32MiB"/>
  <workload name="hot" rw="randwrite" bs="4k" runtime="4s" telemetry="1s"/>
</plan>
PLAN
echo 47500 > "$WORK/temp1_input"
SSDBENCH_TEMP_SENSOR=$WORK/temp1_input "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/a" -q \
  > "$WORK/a.log" 2>&1 || { cat "$WORK/a.log" >&2; fail "run with a sensor"; }
t=$WORK/a/steps/001-hot/telemetry.csv
expect_eq "telemetry header" "$(head -n 1 "$t")" "seconds,celsius"
n=$(tail -n +2 "$t" | wc -l)
# What ssdbench decides, whatever the machine's load: samples during the step, never
# two less than the interval apart (the times are written to 0.1 s). How late a tick
# comes on a loaded machine is not the test's to judge (bench/ measures timing).
check "samples during the 4 s step ($n)" test "$n" -ge 2
check "samples never less than 1 s apart" awk -F, 'NR > 2 { if ($1 - p < 0.9) exit 1 } NR > 1 { p = $1 }' "$t"
expect_eq "every sample reads the sensor" "$(tail -n +2 "$t" | cut -d, -f2 | sort -u)" 47.5
s=$WORK/a/steps/001-hot/series.csv
expect_eq "series.csv has the temperature" "$(tail -n +2 "$s" | cut -d, -f13 | sort -u)" 47.5
check "the chart has a temperature axis" sh -c "pdftotext '$WORK/a/report.pdf' - | grep -qE '(\(|（)°C(\)|）)'"
"$SSDBENCH" verify "$WORK/a" > /dev/null || fail "verify"

# No sensor: the samples are there, empty; nothing is invented.
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/b" -q > "$WORK/b.log" 2>&1 ||
  { cat "$WORK/b.log" >&2; fail "run without a sensor"; }
expect_eq "no temperature without a sensor" \
  "$(tail -n +2 "$WORK/b/steps/001-hot/telemetry.csv" | cut -d, -f2 | sort -u)" ""
echo "telemetry: ok"
