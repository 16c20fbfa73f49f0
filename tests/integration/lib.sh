# SPDX-License-Identifier: MIT
# Helpers for the integration tests: a scratch folder, assertions that say what failed.
set -euo pipefail
# Sourced once, however many helper files of a test source it.
[ -z "${SB_IT_LIB:-}" ] || return 0
SB_IT_LIB=1

SSDBENCH=${1:?usage: $0 SSDBENCH SOURCE_DIR}
SRC=${2:?usage: $0 SSDBENCH SOURCE_DIR}
WORK=$(mktemp -d /tmp/ssdbench-it.XXXXXX)
cleanup_hooks=()
cleanup() {
  for h in "${cleanup_hooks[@]}"; do eval "$h" || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
# need_fakes: $SSDBENCH is ssdbench-fakes, the test build with the stand-ins in; only
# it moves md (SSDBENCH_MDSTAT, SSDBENCH_MD_DIR) and the lock files (SSDBENCH_LOCK_DIR)
# where a test plays them (tests/fakes/fakes_main.c); the shipped binary reads none.
need_fakes() {
  [ "$(basename "$SSDBENCH")" = ssdbench-fakes ] ||
    fail "this test needs ssdbench-fakes (tests/*.cmake), not '$SSDBENCH'"
}
check() { local what=$1; shift; "$@" || fail "$what"; }
# cpu_hogs N: N busy loops until the test ends (what a loaded machine gives a test).
cpu_hogs() {
  local i
  for ((i = 0; i < $1; i++)); do
    ( trap - EXIT; while :; do :; done ) &
    cleanup_hooks+=("kill $! 2>/dev/null")
  done
}
# expect_eq WHAT GOT WANT
expect_eq() { [ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"; }
# png_width FILE: the width from the PNG's IHDR chunk (bytes 16-19, big-endian).
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}'; }

# csv_get FILE STEP COLUMN: the COLUMN (by header name) of results.csv's row for STEP.
csv_get() {
  awk -F, -v s="$2" -v c="$3" '
    NR == 1 { sub(/^\xef\xbb\xbf/, ""); sub(/\r$/, ""); for (i = 1; i <= NF; i++) h[$i] = i; next }
    { sub(/\r$/, "") }
    $1 == s { if (!(c in h)) exit 2; print $h[c] }' "$1"
}

# expect_zero_blocks DEV BLOCKS SAMPLES WHAT: DEV's first and last 4 KiB blocks of
# BLOCKS, and SAMPLES random ones between, read back (O_DIRECT) all zeros.
expect_zero_blocks() {
  local dev=$1 blocks=$2 n=$3 what=$4 b nz
  for b in 0 $((blocks - 1)) $(shuf -i 1-$((blocks - 2)) -n "$n"); do
    nz=$(dd if="$dev" bs=4096 skip="$b" count=1 iflag=direct status=none | tr -d '\0' | wc -c)
    expect_eq "block $b $what: non-zero bytes" "$nz" 0
  done
}

# run_rc LOG ERR COMMAND...: runs COMMAND with stdout to LOG and stderr to ERR;
# sets rc to its exit status.
run_rc() {
  local log=$1 err=$2
  shift 2
  set +e
  "$@" > "$log" 2> "$err"
  rc=$?
  set -e
}

# fio_sum DIR JQ: the value of jq expression JQ over fio's report DIR/fio.json, less
# its value over DIR/fio-start.json when there is one (a continuous round is what
# lies between fio's reports at its start and its end; docs/archive-format.md).
fio_sum() {
  local e s=0
  e=$(jq "$2" "$1/fio.json")
  [ -f "$1/fio-start.json" ] && s=$(jq "$2" "$1/fio-start.json")
  echo $((e - s))
}

# series_sum SERIES_CSV: the I/Os and bytes (read + write) series.csv holds, "IOS BYTES":
# each row's rates times its interval (its t_s less the row before's; 1 s in fio's
# own logs, a continuous round's report times otherwise, docs/archive-format.md).
series_sum() {
  awk -F, 'NR > 1 { d = $1 - p; p = $1; i += ($2 + $3) * d; b += ($5 + $6) * d }
           END { printf "%.0f %.0f", i, b }' "$1"
}

# run_ok PLAN OUT [ARG...]: `ssdbench run PLAN --out OUT ARG...`, its output in
# $WORK/run.log, shown when the run fails (and the test with it).
# snia_smoke_copy PLAN: the fixture's smoke run of testplans/snia-PLAN.xml
# (tests/integration/snia_smoke.sh, in $SNIA_SMOKE) copied to $WORK/PLAN, verified.
snia_smoke_copy() {
  [ -f "${SNIA_SMOKE:-}/$1/manifest.json" ] ||
    fail "no smoke run of snia-$1 in '${SNIA_SMOKE:-}' (the fixture it_snia_smoke runs them)"
  cp -a "$SNIA_SMOKE/$1" "$WORK/$1"
  "$SSDBENCH" verify "$WORK/$1" > "$WORK/verify.log" 2>&1 ||
    { cat "$WORK/verify.log" >&2; fail "snia-$1: the fixture's archive does not verify"; }
}

run_ok() {
  "$SSDBENCH" run "$1" --out "$2" "${@:3}" > "$WORK/run.log" 2>&1 ||
    { cat "$WORK/run.log" >&2; fail "run failed"; }
  [ -f "$2/results.csv" ] && percentiles_ok "$2/results.csv"
  return 0
}

# percentiles_ok CSV: in every row of a results.csv, each latency group's (clat,
# read_clat, write_clat, lat, read_lat, write_lat) percentiles that are there rise
# from 99 % to 99.999 % and none is above that group's maximum (a bucket's middle
# can be; the percentile cannot).
percentiles_ok() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { split("clat read_clat write_clat lat read_lat write_lat", g, " ")
      for (k = 1; k <= 6; k++) {
        m = col[g[k] "_max_us"]; if (!m || $m == "") continue
        prev = 0
        split("p99 p99.9 p99.99 p99.999", p, " ")
        for (j = 1; j <= 4; j++) {
          c = col[g[k] "_" p[j] "_us"]; if (!c || $c == "") continue
          if ($c + 0 < prev || $c + 0 > $m + 0) {
            printf "row %d: %s_%s_us %s (before it %s, max %s)\n", NR - 1, g[k], p[j], $c, prev, $m
            bad = 1
          }
          prev = $c + 0
        }
      } }
    END { exit bad }' "$1" || fail "$1: a percentile out of order or above its maximum"
}
