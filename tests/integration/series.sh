#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The per-second series hold every I/O fio counted (issue #19): fio leaves out a job's
# last log window when the job ends before its log timer fires, and with 4 jobs in
# 2 s rounds, or any job in a 1 s step, that is a large share. series.csv's
# per-second IOPS and bytes, read plus write, times their intervals add up to fio's
# own total_ios and io_bytes within 2 % in every round, recomputed here from fio.json
# (the rounds are one fio process, so each round is its fio.json less its
# fio-start.json; on a loaded machine fio's reports come late and a round's rows are
# 0.8 s or 1.2 s apart: the series keeps their times).
. "$(dirname "$0")/lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="series">
  <target name="dut" file="t.bin" size="128MiB"/>
  <rounds name="mix" until="max" max="3">
    <workload name="m" rw="randrw" rwmixread="50" bs="4k" iodepth="4" numjobs="4" runtime="2s"/>
  </rounds>
  <workload name="short" rw="randwrite" bs="4k" iodepth="4" runtime="1s"/>
</plan>
PLAN
"$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/A" -q > "$WORK/a.log" 2>&1 ||
  { cat "$WORK/a.log" >&2; fail "run"; }
for d in $(jq -r '.steps[] | .dir' "$WORK/A/manifest.json"); do
  s=$WORK/A/$d/series.csv
  check "$d has a series" test -s "$s"
  want_ios=$(fio_sum "$WORK/A/$d" '[.jobs[] | .read.total_ios + .write.total_ios] | add')
  want_bytes=$(fio_sum "$WORK/A/$d" '[.jobs[] | .read.io_bytes + .write.io_bytes] | add')
  got=$(series_sum "$s")
  check "$d: per-second I/Os ${got% *} within 2 % of fio's $want_ios" \
    awk -v g="${got% *}" -v w="$want_ios" 'BEGIN { exit !(g >= 0.98 * w && g <= 1.02 * w) }'
  check "$d: per-second bytes ${got#* } within 2 % of fio's $want_bytes" \
    awk -v g="${got#* }" -v w="$want_bytes" 'BEGIN { exit !(g >= 0.98 * w && g <= 1.02 * w) }'
  # A round's rows end when it does: its last row is stamped at its length.
  if [ "$(jq -r ".steps[] | select(.dir == \"$d\") | .continuous" "$WORK/A/manifest.json")" = 1 ]; then
    rt=$(jq -r ".steps[] | select(.dir == \"$d\") | .runtime_ms" "$WORK/A/manifest.json")
    last=$(tail -n 1 "$s" | cut -d, -f1)
    check "$d: the last row at $last s, the round's $rt ms" \
      awk -v l="$last" -v r="$rt" 'BEGIN { exit !(l * 1000 > r - 1 && l * 1000 < r + 1) }'
  fi
done
echo "series: ok"
