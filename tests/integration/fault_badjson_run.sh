#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fio itself leaves a damaged fio.json during a run (a wrapper on PATH runs the real
# fio, then damages the second step's output): truncated (inside "jobs"), the step
# fails with jansson's message, exit 1, and the first step's archive verifies;
# concatenated (two documents) or with control bytes in a string, the run completes
# and verifies; a run whose every report says no I/O fails. And fio runs with a fixed environment, none of the user's.
. "$(dirname "$0")/fault_lib.sh"

real_fio=$(command -v fio) || { echo "fault_badjson_run: skipped (no fio)"; exit 77; }
mkdir "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/usr/bin/env bash
env > "$WORK/fio.env"
"$real_fio" "\$@"
rc=\$?
# noio: every step's report says it did no I/O at all (as fio on an array that
# never came up might), kept valid JSON.
if [ "\$(cat "$WORK/fault")" = noio ] && [ -f fio.json ]; then
  jq '(.jobs[] | .read, .write, .trim) |= (.io_bytes = 0 | .io_kbytes = 0 | .total_ios = 0 | .short_ios = 0 | .iops = 0 | .bw = 0 | .bw_bytes = 0)' \
    fio.json > fio.tmp && mv fio.tmp fio.json
  exit \$rc
fi
case "\$PWD \$*" in
  */steps/002-second\ *--output=fio.json*) ;;
  *) exit \$rc ;;
esac
case "\$(cat "$WORK/fault")" in
  trunc) head -n 21 fio.json > fio.tmp && mv fio.tmp fio.json ;;
  concat) cat fio.json fio.json > fio.tmp && mv fio.tmp fio.json ;;
  ctrl) sed -i 's/"jobname" : "second"/"jobname" : "sec\x01\x07\x1b[31mond"/' fio.json
        grep -q \$'\x01' fio.json || exit 99 ;;
esac
exit \$rc
EOF2
chmod +x "$WORK/bin/fio"
steps_plan "$WORK/plan.xml" badjson 1s 1s

# run_with FAULT: runs the plan with fio's second output damaged that way.
# (fio gets no environment of ssdbench's but PATH, so the fault is in a file.)
run_with() {
  echo "$1" > "$WORK/fault"
  SB_SECRET=leak-me HOME=/leak-me-home PATH=$WORK/bin:$PATH run_rc "$WORK/$1.log" "$WORK/$1.err" \
    "$SSDBENCH" run "$WORK/plan.xml" --out "$WORK/$1"
}

run_with trunc
expect_eq "truncated: exit code" "$rc" 1
check "truncated: names the step and the damage" \
  grep -q "^error: step 'second' failed: string or '}' expected near end of file$" "$WORK/trunc.err"
check "truncated: error recorded" \
  jq -e '.steps[1].error | test("^string or .}. expected near end of file$")' "$WORK/trunc/manifest.json" > /dev/null
expect_eq "truncated: run status" "$(jq -r .status "$WORK/trunc/manifest.json")" failed
archive_ok "$WORK/trunc" "ok,failed" first
no_fio_left "$WORK/trunc"
# fio expands ${VAR} from its environment: it gets nothing of the user's but PATH
# (bash, running the wrapper, adds PWD, SHLVL and _).
expect_eq "fio's environment" \
  "$(cut -d= -f1 "$WORK/fio.env" | grep -vx 'PWD\|SHLVL\|_\|OLDPWD' | sort | paste -sd,)" "LC_ALL,PATH,TZ"
check "no value of the user's environment in the archive" sh -c "! grep -rq leak-me '$WORK/trunc'"

# A run none of whose fio elements did any I/O measured nothing: not "complete",
# even with failure="continue" (each step fails, the plan goes on to its end, exit 1).
sed 's|<plan name="badjson">|<plan name="badjson" failure="continue">|' "$WORK/plan.xml" > "$WORK/cont.xml"
echo noio > "$WORK/fault"
PATH=$WORK/bin:$PATH run_rc "$WORK/noio.log" "$WORK/noio.err" \
  "$SSDBENCH" run "$WORK/cont.xml" --out "$WORK/noio"
expect_eq "no I/O: exit code" "$rc" 1
expect_eq "no I/O: each step failed" "$(jq -r '[.steps[].status] | join(",")' "$WORK/noio/manifest.json")" failed,failed
check "no I/O: says each step did no I/O" \
  grep -q "^error: 2 elements failed (failure policy 'continue': the others ran; see the manifest)$" "$WORK/noio.err"
expect_eq "no I/O: the steps' errors" "$(jq -r '[.steps[].error] | unique | join(",")' "$WORK/noio/manifest.json")" \
  "fio reported success but did no I/O"
expect_eq "no I/O: run status" "$(jq -r .status "$WORK/noio/manifest.json")" failed
expect_eq "no I/O: the reports say no I/O" \
  "$(cat "$WORK"/noio/steps/*/fio.json | jq -s '[.[].jobs[] | .read.total_ios + .write.total_ios] | add')" 0

for k in concat ctrl; do
  run_with $k
  [ "$rc" = 0 ] || { cat "$WORK/$k.err"; fail "$k: exit code $rc, want 0"; }
  expect_eq "$k: run status" "$(jq -r .status "$WORK/$k/manifest.json")" complete
  expect_eq "$k: step statuses" "$(jq -r '[.steps[].status] | join(",")' "$WORK/$k/manifest.json")" ok,ok
  expect_eq "$k: results.csv rows" "$(tail -n +2 "$WORK/$k/results.csv" | cut -d, -f2 | paste -sd,)" first,second
  "$SSDBENCH" verify "$WORK/$k" > "$WORK/$k.verify" 2>&1 ||
    { cat "$WORK/$k.verify" >&2; fail "$k: ssdbench verify rejects the archive"; }
  iops=$(csv_get "$WORK/$k/results.csv" 2 read_iops)
  awk -v v="$iops" 'BEGIN { exit !(v > 100) }' || fail "$k: second step read IOPS '$iops'"
done
check "ctrl: no control bytes in results.csv" test "$(grep -c $'[\x01\x07\x1b]' "$WORK/ctrl/results.csv")" = 0
echo "fault_badjson_run: ok"
