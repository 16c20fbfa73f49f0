#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ssdbench killed with SIGKILL mid-run, then "ssdbench resume": the run goes on
# after the last finished element (the one in flight is run again), every finished
# element's files stay byte-identical, and the archive ends complete and intact.
# Resume refuses a changed plan file, and a run that already finished.
. "$(dirname "$0")/fault_lib.sh"

cat > "$WORK/plan.xml" <<'PLAN'
<plan name="resumable">
  <target name="dut" file="t.bin" size="32MiB"/>
  <precondition name="fill" pattern="seq" bs="1m" amount="1x"/>
  <rounds name="r" until="max" max="3">
    <workload name="a" rw="randwrite" bs="4k" runtime="2s"/>
    <workload name="b" rw="randread" bs="4k" runtime="2s"/>
  </rounds>
  <workload name="last" rw="read" bs="128k" runtime="1s"/>
</plan>
PLAN
out=$WORK/out
"$SSDBENCH" run "$WORK/plan.xml" --out "$out" > "$WORK/run.log" 2>&1 &
pid=$!
# Kill it while the fourth element runs: three finished (journal: start + 3 lines).
for _ in $(seq 600); do
  [ "$(wc -l < "$out/journal.jsonl" 2>/dev/null || echo 0)" -ge 4 ] && break
  kill -0 "$pid" 2>/dev/null || fail "the run ended before it could be killed"
  sleep 0.1
done
wait_file "$pid" "$out/steps/004-a-r2/job.fio"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
done_elems=$(( $(wc -l < "$out/journal.jsonl") - 1 ))
[ "$done_elems" -ge 3 ] || fail "only $done_elems elements finished before the kill"
# The finished elements' files, to compare after the resume.
(cd "$out" && for i in $(seq "$done_elems"); do
   find steps -maxdepth 1 -name "$(printf %03d "$i")-*" -exec find {} -type f \;
 done | sort | xargs sha256sum) > "$WORK/before.sha"
[ -s "$WORK/before.sha" ] || fail "no files recorded"

# resume runs the archive's copy of the plan (#30): the original edited afterwards
# does not reach it (it stays edited for the resume below); the copy edited is
# refused, naming it.
echo '<!-- edited -->' >> "$WORK/plan.xml"
copy=$out/$(head -1 "$out/journal.jsonl" | jq -r .plan_copy)
[ -f "$copy" ] || fail "no plan copy at '$copy'"
cp "$copy" "$WORK/copy.orig"
echo '<!-- edited -->' >> "$copy"
run_rc "$WORK/r1.log" "$WORK/r1.err" "$SSDBENCH" resume "$out"
expect_eq "resume of a changed plan copy: exit code" "$rc" 2
check "says the copy changed" grep -qF "the plan copy '$copy' is not the file the run started with" "$WORK/r1.err"
cp "$WORK/copy.orig" "$copy"

run_rc "$WORK/r2.log" "$WORK/r2.err" "$SSDBENCH" resume "$out"
[ "$rc" = 0 ] || { cat "$WORK/r2.log" "$WORK/r2.err" >&2; fail "resume failed ($rc)"; }
check "says where it resumes" grep -q "resuming after element $done_elems" "$WORK/r2.log"
m=$out/manifest.json
expect_eq "run status" "$(jq -r .status "$m")" complete
expect_eq "elements" "$(jq -r '[.steps[] | "\(.name):\(.round):\(.status)"] | join(",")' "$m")" \
  "fill:0:ok,a:1:ok,b:1:ok,a:2:ok,b:2:ok,a:3:ok,b:3:ok,last:0:ok"
(cd "$out" && sha256sum --quiet -c "$WORK/before.sha") || fail "finished elements changed"
check "journal records the resume" grep -q '"event":"resume"' "$out/journal.jsonl"
expect_eq "journal elements" "$(grep -c '"event":"element"' "$out/journal.jsonl")" 8
# The write accounting carried over the kill: the last element's written_before is
# the sum of every fio.json's writes before it.
sum=0
for d in $(jq -r '.steps[0:7][] | .dir' "$m"); do
  sum=$((sum + $(fio_sum "$out/$d" '[.jobs[].write.io_bytes] | add')))
done
expect_eq "written before 'last'" "$(jq '.steps[7].written_before' "$m")" "$sum"
expect_eq "csv rows" "$(tail -n +2 "$out/results.csv" | wc -l)" 8
"$SSDBENCH" verify "$out" > /dev/null || fail "verify after resume"
no_fio_left "$out"

run_rc "$WORK/r3.log" "$WORK/r3.err" "$SSDBENCH" resume "$out"
expect_eq "resume of a finished run: exit code" "$rc" 2
check "says nothing to resume" grep -q "nothing to resume" "$WORK/r3.err"
run_rc "$WORK/r4.log" "$WORK/r4.err" "$SSDBENCH" resume "$WORK"
expect_eq "resume without a journal: exit code" "$rc" 2
echo "resume: ok"
