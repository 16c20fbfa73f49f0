# SPDX-License-Identifier: MIT
# Helpers for the fault-injection tests (fault_*.sh): fio's processes, bounded waits,
# and the archive checks every fault test makes on what finished.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# fio_pid PARENT: prints the pid of the fio that PARENT started on a step's job file
# (not a short "fio --version"), once fio has forked its job process (bounded, 60 s).
fio_pid() {
  local p
  for _ in $(seq 600); do
    p=$(pgrep -P "$1" -f -- "--output=fio.json" | head -n 1) || true
    [ -n "$p" ] && pgrep -P "$p" -x fio > /dev/null && { echo "$p"; return 0; }
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# steps_plan FILE NAME RUNTIME...: a plan on a 16 MiB file with one 4k randread step
# per RUNTIME, the steps named first, second, third, fourth.
steps_plan() {
  local file=$1 name=$2 i=0 r names=(first second third fourth)
  shift 2
  {
    echo "<plan name=\"$name\">"
    echo '  <target name="dut" file="t.bin" size="16MiB"/>'
    for r in "$@"; do
      echo "  <workload name=\"${names[i]}\" rw=\"randread\" bs=\"4k\" runtime=\"$r\"/>"
      i=$((i + 1))
    done
    echo '</plan>'
  } > "$file"
}

# long_step_plan FILE NAME: three steps, the middle one 5 minutes long: a fault
# injected into it must stop the run long before that.
long_step_plan() { steps_plan "$1" "$2" 1s 5min 1s; }

# wait_file PID FILE: waits (bounded, 60 s) until FILE exists while PID runs.
wait_file() {
  for _ in $(seq 600); do
    [ -e "$2" ] && return 0
    kill -0 "$1" 2>/dev/null || fail "ssdbench ended before '$2' appeared"
    sleep 0.1
  done
  fail "'$2' never appeared"
}

# wait_exit PID SECONDS: waits for PID to end within SECONDS, sets rc to its status.
wait_exit() {
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$1" 2>/dev/null && { kill -KILL "$1"; fail "ssdbench still running after $2 s"; }
  set +e
  wait "$1"; rc=$?
  set -e
}

# holds PID PATH: PID has PATH open (no pipe: "| grep -q" under pipefail can fail
# on SIGPIPE even when it matched).
holds() {
  local f
  for f in /proc/"$1"/fd/*; do
    [ "$(readlink "$f" 2>/dev/null)" = "$2" ] && return 0
  done
  return 1
}

# fio_left DIR: how many fio processes still run in DIR (their working folder).
fio_left() {
  local n=0 p
  for p in $(pgrep -x fio); do
    case "$(readlink "/proc/$p/cwd" 2>/dev/null)" in "$1"/*) n=$((n + 1)) ;; esac
  done
  echo "$n"
}

# no_fio_left DIR: fails unless every fio run in DIR has ended (bounded wait, 10 s).
no_fio_left() {
  for _ in $(seq 100); do
    [ "$(fio_left "$1")" = 0 ] && return 0
    sleep 0.1
  done
  fail "fio processes still running in $1"
}

# archive_ok OUT STATUSES CSV_STEPS: the archive is consistent for what finished:
# manifest.json is valid JSON with these step statuses ("ok,failed"), results.csv
# has one row per finished step (names comma-joined), each finished step's fio.json
# is valid JSON without a job error, "ssdbench verify" finds every file as its
# manifest lists it (SHA-256), and "ssdbench report" reads the archive.
archive_ok() {
  local out=$1 m=$1/manifest.json d
  check "manifest.json is valid JSON" jq -e . "$m" > /dev/null
  expect_eq "step statuses" "$(jq -r '[.steps[].status] | join(",")' "$m")" "$2"
  expect_eq "results.csv rows" "$(tail -n +2 "$out/results.csv" | cut -d, -f2 | paste -sd,)" "$3"
  for d in $(jq -r '.steps[] | select(.status == "ok") | .dir' "$m"); do
    check "$d/fio.json is valid JSON" jq -e '.jobs[0].error == 0' "$out/$d/fio.json" > /dev/null
    check "$d/job.fio kept" test -s "$out/$d/job.fio"
  done
  "$SSDBENCH" verify "$out" > "$WORK/check-verify.log" 2>&1 ||
    { cat "$WORK/check-verify.log" >&2; fail "ssdbench verify rejects the archive"; }
  "$SSDBENCH" report "$out" -o "$WORK/check-report.pdf" > "$WORK/check-report.log" 2>&1 ||
    { cat "$WORK/check-report.log" >&2; fail "ssdbench report rejects the archive"; }
}
