#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The SNIA plans XSR, DIRTH and ECW (issue #21): each smoke run finishes on a file
# target, and its archive's fio JSON and job files (read with jq and grep, not
# through ssdbench) show the spec's stimulus: XSR's three access groups' rw/bs in
# order; DIRTH's 49 TC x QD cells from high to low OIO after the TC 32 / QD 32
# pre-write, and its three histogram points with fio's response-time bins; ECW's
# bssplit and zoned access range in every job, its mean I/O size what the bssplit
# gives, and fio's read share of I/Os 40 %.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pdfsize.sh"  # #22: pdf_ok, no word under 9 pt

cd "$SRC"
# smoke PLAN: runs testplans/snia-PLAN.xml at smoke size on a fresh 256 MiB file
# into $WORK/PLAN; prints how long it took.
# (The runs are the fixture's, tests/integration/snia_smoke.sh, copied.)
smoke() {
  local t0=$SECONDS
  snia_smoke_copy "$1"
  pdf_ok "snia-$1 smoke: report.pdf" "$WORK/$1/report.pdf"
  rm -f "$WORK/$1.bin"
  echo "snia-$1 smoke: $((SECONDS - t0)) s"
}
# opts A JQ: JQ over the job options of every workload step of archive A whose
# fio.json has them, one line per step in run order ("NNN-name ...").
opts() {
  local d
  for d in "$1"/steps/*/; do
    [ -f "$d/fio.json" ] || continue
    printf '%s %s\n' "$(basename "$d")" "$(jq -r ".jobs[0][\"job options\"] | $2" "$d/fio.json")"
  done
}
# job_file D: the job file of step folder D (a continuous round's is in its fio/).
job_file() { if [ -f "$1/job.fio" ]; then echo "$1/job.fio"; else echo "$1/fio/job.fio"; fi; }

# XSR: SEQ 1024 KiB W, RND 8 KiB W, SEQ 1024 KiB W, three 1 s samples each, TC 1 QD 32.
smoke xsr
opts "$WORK/xsr" '"\(.rw) \(.bs) \(.numjobs) \(.iodepth)"' > "$WORK/x"
expect_eq "xsr: the access groups' rw/bs in order" \
  "$(awk '{ print $2, $3 }' "$WORK/x" | uniq -c | awk '{ print $1 "x" $2 "/" $3 }' | paste -sd' ')" \
  "3xwrite/1m 3xrandwrite/8k 3xwrite/1m"
expect_eq "xsr: TC 1 / QD 32 throughout" "$(awk '{ print $4 "/" $5 }' "$WORK/x" | sort -u)" "1/32"
expect_eq "xsr: no preconditioning" "$(ls "$WORK/xsr/steps" | grep -c -e wipc -e precond || true)" 0

# DIRTH: the 49 cells, TC and QD in {32,16,8,6,4,2,1}, high to low, after the pre-write.
smoke dirth
want=$(for tc in 32 16 8 6 4 2 1; do for qd in 32 16 8 6 4 2 1; do echo -n "${tc}x$qd "; done; done)
opts "$WORK/dirth" '"\(.rw) \(.bs) \(.numjobs) \(.iodepth) \(.rwmixread // "-")"' > "$WORK/d"
expect_eq "dirth: the 49 cells' numjobs x iodepth in order" \
  "$(awk '$1 ~ /^[0-9]+-dv-tc/ { printf "%sx%s ", $4, $5 }' "$WORK/d")" "$want"
expect_eq "dirth: every cell is RND 8 KiB 65/35" \
  "$(awk '$1 ~ /^[0-9]+-dv-tc/ { print $2, $3, $6 }' "$WORK/d" | sort -u)" "randrw 8k 65"
expect_eq "dirth: the round opens with the TC 32 / QD 32 pre-write" \
  "$(grep -A1 -- '-dv-prewrite' "$WORK/d" | awk '{ print $2, $4, $5 }' | paste -sd,)" \
  "randwrite 32 32,randrw 32 32"
expect_eq "dirth: preconditioning at TC 32 / QD 32 first" \
  "$(grep -- '-pc-tc32-qd32' "$WORK/d" | awk '{ print $2, $3, $4, $5 }')" "randwrite 8k 32 32"
# The Max and Mid IOPS points are cells of the sweep chosen at run time (which one:
# it_snia_xsrdirth recomputes it); each pre-write runs where its histogram does; Min
# is TC 1 / QD 1.
pts=$(awk '$1 ~ /-iops-(prewrite|histogram)$/ { sub(/^[0-9]+-/, "", $1); print $1, $4 "x" $5 }' "$WORK/d")
expect_eq "dirth: the points' steps in order" "$(echo "$pts" | awk '{ print $1 }' | paste -sd,)" \
  "max-iops-prewrite,max-iops-histogram,mid-iops-prewrite,mid-iops-histogram,min-iops-prewrite,min-iops-histogram"
for p in max mid min; do
  expect_eq "dirth: $p-iops pre-write and histogram at one TC x QD" \
    "$(echo "$pts" | awk -v p="$p-iops" 'index($1, p) == 1 { print $2 }' | sort -u | wc -l)" 1
  tq=$(echo "$pts" | awk -v p="$p-iops-histogram" '$1 == p { print $2 }')
  check "dirth: the $p-iops point $tq is a cell of the sweep" grep -qw -- "$tq" <<< "$want"
done
expect_eq "dirth: Min IOPS at TC 1 / QD 1" \
  "$(echo "$pts" | awk '$1 == "min-iops-histogram" { print $2 }')" 1x1
for d in "$WORK"/dirth/steps/*-iops-histogram; do
  check "$(basename "$d"): fio's response-time bins" \
    test "$(jq '[.jobs[0].read.lat_ns.bins // {}, .jobs[0].write.lat_ns.bins // {}] | map(length) | add' \
      "$d/fio.json")" -gt 0
done

# ECW: the JESD219 block sizes and access range in every job after the fill.
smoke ecw
sizes=512/4:1k/1:1536/1:2k/1:2560/1:3k/1:3584/1:4k/67:8k/10:16k/7:32k/3:64k/3
zones=zoned:50/5:30/15:20/80
n=0
for d in "$WORK"/ecw/steps/*/; do
  case $d in *-purge/|*-wipc/) continue ;; esac
  j=$(job_file "$d")
  [ -f "$j" ] || [ -f "$d/fio-start.json" ] || fail "ecw: $(basename "$d") has no job file"
  [ -f "$j" ] || continue
  check "ecw: $(basename "$d"): bssplit in the job file" grep -qx "bssplit=$sizes" "$j"
  check "ecw: $(basename "$d"): the zoned access range in the job file" \
    grep -qx "random_distribution=$zones" "$j"
  n=$((n + 1))
done
expect_eq "ecw: job files checked (precondition, pre-write, 49 cells, 6 point steps)" "$n" 57
opts "$WORK/ecw" '"\(.bssplit) \(.random_distribution) \(.rwmixread // "-")"' |
  grep -v -e '-wipc ' > "$WORK/e"
expect_eq "ecw: fio ran every job with them" "$(awk '{ print $2, $3 }' "$WORK/e" | sort -u)" \
  "$sizes $zones"
expect_eq "ecw: the 49 cells in order" \
  "$(opts "$WORK/ecw" '"\(.numjobs) \(.iodepth)"' | awk '$1 ~ /^[0-9]+-dv-tc/ { printf "%sx%s ", $2, $3 }')" \
  "$want"
# fio's own counts: the read share of each 40/60 step's I/Os, and of all of them. fio
# draws each I/O's direction, so a smoke step of 20 I/Os may be 11 reads: the share
# is held to TOL plus 4 standard deviations of a binomial of n I/Os at 40 %.
share_ok() {  # share_ok READS IOS TOL
  awk -v r="$1" -v t="$2" -v tol="$3" 'BEGIN { if (t <= 0) exit 1
    d = r / t - 0.4; if (d < 0) d = -d; exit !(d <= tol + 4 * sqrt(0.4 * 0.6 / t)) }'
}
reads=0 ios=0 bytes=0
while read -r step mix; do
  [ "$mix" = 40 ] || continue
  f=$WORK/ecw/steps/$step
  r=$(fio_sum "$f" '.jobs[0].read.total_ios'); w=$(fio_sum "$f" '.jobs[0].write.total_ios')
  b=$(fio_sum "$f" '.jobs[0].read.io_bytes + .jobs[0].write.io_bytes')
  check "ecw: $step: read share $r of $((r + w)) I/Os within 5 % and 4 sigma of 40 %" \
    share_ok "$r" "$((r + w))" 0.05
  reads=$((reads + r)) ios=$((ios + r + w)) bytes=$((bytes + b))
done < <(awk '{ print $1, $4 }' "$WORK/e")
check "ecw: read share $reads of $ios I/Os within 2 % and 4 sigma of 40 %" \
  share_ok "$reads" "$ios" 0.02
# The bssplit's mean I/O is 7.635 KiB (4 KiB alone would be 4).
check "ecw: mean I/O of $bytes bytes in $ios I/Os within 5 % of 7.635 KiB" \
  awk -v b="$bytes" -v t="$ios" 'BEGIN { m = b / t / 1024; exit !(m > 7.25 && m < 8.02) }'
echo "snia_plans: ok"
