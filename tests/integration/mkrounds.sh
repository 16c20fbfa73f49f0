#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes a small synthetic archive with <rounds> scopes into DIR, as the engine
# lays them out (docs/archive-format.md): a precondition step hinted "written"
# with temperature telemetry, a step hinted "qos" with json+ bins, a SNIA-style
# steady-state scope of 3 mixes x 2 block sizes x 6 rounds (steady at round 5),
# and a write-saturation scope (until="written") with telemetry.
# Usage: mkrounds.sh DIR
set -euo pipefail
dir=$1
mkdir -p "$dir/steps"
cap=1073741824
steps=()

# fio.json of one job: ELEMENT_DIR READ_IOPS WRITE_IOPS BS
fio_json() {
  local d=$1 r=$2 w=$3 bs=$4
  dirstat() { # IOPS
    local n=$(( $1 * 60 ))
    printf '{"io_bytes": %d, "total_ios": %d, "runtime": 60000, "iops": %d, "bw_bytes": %d,' \
      $(( n * bs )) $n "$1" $(( $1 * bs ))
    printf ' "clat_ns": {"min": 20000, "max": 9000000, "mean": 180000, "N": %d,' $n
    if [ "$n" -gt 0 ]; then
      printf ' "bins": {"20000": %d, "80000": %d, "150000": %d, "400000": %d, "1200000": %d, "9000000": 1}}}' \
        $(( n / 4 )) $(( n / 2 )) $(( n / 5 )) $(( n / 25 )) $(( n / 100 ))
    else
      printf ' "bins": {}}}'
    fi
  }
  { printf '{"fio version": "fio-3.33", "jobs": [{"jobname": "j", "error": 0, "read": '
    dirstat "$r"; printf ', "write": '; dirstat "$w"; printf '}]}\n'; } > "$d/fio.json"
}

# Per-second logs: ELEMENT_DIR SECONDS IOPS_BASE BS [TEMP_BASE]
logs() {
  local d=$1 secs=$2 base=$3 bs=$4 temp=${5:-}
  awk -v s="$secs" -v b="$base" -v bs="$bs" -v d="$d" -v t="$temp" 'BEGIN {
    if (t != "") print "seconds,celsius" > (d "/telemetry.csv")
    for (i = 1; i <= s; i++) {
      v = int(b * (0.85 + 0.3 * ((i * 37) % 11) / 11))
      printf "%d, %d, 1, %d, 0\n", i * 1000, v, bs > (d "/log_iops.1.log")
      printf "%d, %d, 1, %d, 0\n", i * 1000, v * bs / 1024, bs > (d "/log_bw.1.log")
      if (t != "") printf "%d,%.1f\n", i, t + i * 0.2 > (d "/telemetry.csv")
    }
  }'
}

# One step entry: INDEX NAME KIND SCOPE ROUND CELL CHART RW BS WRITTEN_BEFORE;
# sets d to its folder.
step() {
  local i=$1 name=$2 kind=$3 scope=$4 round=$5 cell=$6 chart=$7 rw=$8 bs=$9 wb=${10}
  local rel; rel=$(printf 'steps/%03d-%s' "$i" "$name")
  mkdir -p "$dir/$rel"
  q() { [ -n "$1" ] && printf '"%s"' "$1" || printf null; }
  steps+=("$(printf '{"index": %d, "name": "%s", "kind": "%s", "scope": %s, "round": %d, "cell": %s, "chart": %s, "dir": "%s", "status": "ok", "error": null, "rw": "%s", "bs": %d, "iodepth": 32, "numjobs": 1, "rwmixread": null, "runtime_ms": 60000, "written_before": %d, "capacity": %d}' \
    "$i" "$name" "$kind" "$(q "$scope")" "$round" "$(q "$cell")" "$(q "$chart")" "$rel" "$rw" "$bs" "$wb" $cap)")
  d=$dir/$rel
}

i=1
step $i wipc precondition "" 0 "" written write 131072 0
fio_json "$d" 0 6000 131072; logs "$d" 60 6000 131072 41; i=$((i + 1))
step $i qos-4k workload "" 0 "" qos randread 4096 $(( 60 * 6000 * 131072 ))
fio_json "$d" 90000 0 4096; i=$((i + 1))

# SNIA IOPS scope: IOPS falls from fresh to steady in the first rounds; steady at
# round 6 (window 2..6).
for round in 1 2 3 4 5 6; do
  for mix in 100 65 0; do
    for bs in 4096 65536; do
      k=$(( bs == 4096 ? 1 : 0 )); base=$(( k ? 80000 : 9000 ))
      iops=$(( base * (100 + mix) / 200 + base * 3 / (round * round * round) / 10 ))
      cell="mix=$mix bs=$(( bs / 1024 ))k"
      step $i iops workload ss "$round" "$cell" "" randrw "$bs" 0
      fio_json "$d" $(( iops * mix / 100 )) $(( iops - iops * mix / 100 )) "$bs"
      i=$((i + 1))
    done
  done
done
ss_track() { # the 0/100 4k element's write IOPS per round
  local out="" r
  for r in 1 2 3 4 5 6; do
    out+="${out:+, }{\"value\": $(( 80000 * 100 / 200 + 80000 * 3 / (r * r * r) / 10 ))}"
  done
  echo "$out"
}

# Write saturation: four elements of 60 s, each writing about the capacity once.
wb=0
for round in 1 2 3 4; do
  step $i wsat workload wsat "$round" "" "" randwrite 4096 $wb
  fio_json "$d" 0 $(( 5400 - round * 600 )) 4096
  logs "$d" 60 $(( 5400 - round * 600 )) 4096 $(( 45 + round * 3 ))
  wb=$(( wb + (5400 - round * 600) * 60 * 4096 )); i=$((i + 1))
done

{
  printf '{"format": "ssdbench-archive-1", "ssdbench_version": "0.1.0", "fio_version": "fio-3.33",\n'
  printf ' "ioengine": "libaio", "platform": {"kernel": "Linux 6.1.0 x86_64", "cpu": "test CPU", "hostname": "bench"},\n'
  printf ' "started": "2026-11-30T02:00:00Z", "ended": "2026-11-30T09:00:00Z", "status": "complete", "error": null,\n'
  printf ' "plan": {"name": "snia-mini", "title": "SNIA 迷你測試", "file": "plan.xml", "sha256": "%064d"},\n' 0
  printf ' "target": {"name": "dut", "kind": "file", "size": %d, "description": "file dut.bin (1 GiB)"},\n' $cap
  printf ' "steps": [\n'
  for k in "${!steps[@]}"; do printf '  %s%s\n' "${steps[$k]}" "$([ $k -lt $((${#steps[@]} - 1)) ] && echo ,)"; done
  printf ' ],\n "scopes": [\n'
  printf '  {"name": "ss", "until": "steady", "verdict": "steady", "rounds": 6, "steady_round": 6, "max_rounds": 25,\n'
  printf '   "window": 5, "range": 0.2, "slope": 0.1, "chart": null,\n'
  printf '   "tracks": [{"element": "iops", "metric": "iops", "dir": "write", "rounds": [%s]}]},\n' "$(ss_track)"
  printf '  {"name": "wsat", "until": "written", "verdict": "written", "rounds": 4, "written_goal": %d, "tracks": []}\n' $cap
  printf ' ]\n}\n'
} > "$dir/manifest.json"
