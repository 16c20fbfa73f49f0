#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A plan or an archive handed over by someone else cannot run a command, write to a
# device or file other than the target, or make rerun read paths and contact hosts
# its command line did not name (issue #18, docs/security.md). Each hostile fio option
# is refused by check, run, run --dry-run and rerun; a marker file proves no command
# ran; victim files and a loop device are byte-identical afterwards.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null; then
  echo "hostile_plan: skipped (needs root and losetup)"; exit 77
fi
truncate -s 16M "$WORK/loop.img"
loop=$(losetup --find --show "$WORK/loop.img") || { echo "hostile_plan: skipped (no loop devices)"; exit 77; }
cleanup_hooks+=("losetup -d '$loop'")
head -c 16M /dev/urandom > "$loop"
sync
loop_sum=$(sha256sum < "$loop")

mkdir -p "$WORK/victims"
for v in a b c; do head -c 1M /dev/urandom > "$WORK/victims/$v.bin"; done
head -c 16M /dev/urandom > "$WORK/existing.bin"
(cd "$WORK" && sha256sum victims/*.bin existing.bin) > "$WORK/victims.sum"
marker=$WORK/pwned
# An iolog (version 2) that writes to the loop device, as a hostile plan would ship.
printf 'fio version 2 iolog\n%s add\n%s open\n%s write 0 4096\n%s close\n' \
  "$loop" "$loop" "$loop" "$loop" > "$WORK/evil.iolog"

# plan NAME OPTION VALUE: a read-only plan on a fresh file with one <fio> pass-through.
plan() {
  cat > "$WORK/$1.xml" <<PLAN
<plan name="$1">
  <target name="dut" file="$WORK/t-$1.bin" size="16MiB"/>
  <workload name="r" rw="randread" bs="4k" runtime="1s">
    <fio option="$2" value="$3"/>
  </workload>
</plan>
PLAN
}
hostile=(
  "exec-pre|exec_prerun|touch $marker|runs a command"
  "exec-post|exec_postrun|touch $marker|runs a command"
  "iolog|read_iolog|$WORK/evil.iolog|names or touches files, devices"
  "redirect|replay_redirect|$loop|names or touches files, devices"
  "opendir|opendir|$WORK/victims|names or touches files, devices"
  "mmap|mem|mmap:$WORK/victims/a.bin|names a file with ':PATH'"
  "unlink|unlink|1|names or touches files, devices"
  "wlog|write_iolog|$WORK/victims/b.bin|names or touches files, devices"
  "pattern|buffer_pattern|'$WORK/victims/c.bin'|reads a file named in quotes"
)
for h in "${hostile[@]}"; do
  IFS='|' read -r name opt val why <<< "$h"
  plan "$name" "$opt" "$val"
  run_rc "$WORK/c.log" "$WORK/c.err" "$SSDBENCH" check "$WORK/$name.xml"
  expect_eq "check $opt: exit code" "$rc" 2
  check "check $opt: says why at the <fio> element" \
    grep -q "$name.xml:4:[0-9]*: error: fio option '$opt' $why" "$WORK/c.err"
  for mode in --dry-run ""; do
    run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/$name.xml" \
      --out "$WORK/out-$name" $mode
    expect_eq "run $mode $opt: exit code" "$rc" 2
    check "run $mode $opt: says why" grep -q "fio option '$opt' $why" "$WORK/r.err"
  done
  check "$opt: the run made no archive" test ! -e "$WORK/out-$name"
done

# unlink on an existing target file, which --destroy allows the run to write to.
plan unlink-existing unlink 1
sed -i "s|$WORK/t-unlink-existing.bin|$WORK/existing.bin|" "$WORK/unlink-existing.xml"
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/unlink-existing.xml" \
  --out "$WORK/out-ue" --destroy "$WORK/existing.bin"
expect_eq "unlink on an existing target: exit code" "$rc" 2

# rerun: an archive of a harmless plan, whose plan copy is then edited by its sender.
cat > "$WORK/good.xml" <<'PLAN'
<plan name="good">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="r" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
"$SSDBENCH" run "$WORK/good.xml" --out "$WORK/A" -q > "$WORK/a.log" 2>&1 ||
  { cat "$WORK/a.log" >&2; fail "the harmless run"; }
copy=$WORK/A/$(head -1 "$WORK/A/journal.jsonl" | jq -r .plan_copy)
check "the archive keeps its plan" test -f "$copy"
# edited_copy X: a copy of archive A as X, its plan copy's path in $edited (the sender's
# edit to make there).
edited_copy() { cp -a "$WORK/A" "$WORK/$1"; edited=${copy/"$WORK/A/"/"$WORK/$1/"}; }

# A target the plan keeps inside the new archive: the rerun needs no --target.
run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/A" --out "$WORK/A1" -q
expect_eq "rerun of the harmless archive: exit code" "$rc" 0
check "its target is inside the new archive" test -f "$WORK/A1/t.bin"

edited_copy B
sed -i "s|bs=\"4k\" runtime=\"1s\"/>|bs=\"4k\" runtime=\"1s\"><fio option=\"exec_prerun\" value=\"touch $marker\"/></workload>|" "$edited"
check "the edit took" grep -q exec_prerun "$edited"
for mode in --dry-run ""; do
  run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/B" --out "$WORK/B1" \
    --target "dut=file:$WORK/rt.bin,size=16MiB" $mode
  expect_eq "rerun $mode of an archive with exec_prerun: exit code" "$rc" 2
  check "rerun $mode: says why" grep -q "fio option 'exec_prerun' runs a command" "$WORK/rr.err"
done

# The journal's plan copy pointing out of the archive.
cp -a "$WORK/A" "$WORK/C"
cp "$copy" "$WORK/outside.xml"
sed -i 's|"plan_copy": *"[^"]*"|"plan_copy":"plan/../../outside.xml"|' "$WORK/C/journal.jsonl"
check "the journal edit took" grep -q 'outside.xml' "$WORK/C/journal.jsonl"
run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/C" --out "$WORK/C1" \
  --target "dut=file:$WORK/rt.bin,size=16MiB"
expect_eq "rerun with '..' in the plan copy: exit code" "$rc" 1
check "says why" grep -q "has a '..' component: refusing to leave the folder" "$WORK/rr.err"

# An include that reaches out of the archive's plan folder.
edited_copy D
printf '<fragment>\n  <workload name="w2" rw="randread" runtime="1s"/>\n</fragment>\n' \
  > "$WORK/outside.frag"
rel=$(realpath --relative-to="$(dirname "$edited")" "$WORK/outside.frag")
sed -i "s|</plan>|  <include href=\"$rel\"/>\n</plan>|" "$edited"
run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/D" --out "$WORK/D1" \
  --target "dut=file:$WORK/rt.bin,size=16MiB"
expect_eq "rerun with an include outside the archive: exit code" "$rc" 2
check "says why" grep -q "is outside .*a rerun reads only the archive's own plan files" "$WORK/rr.err"

# A device or an absolute path, and a bench, that the archive names.
edited_copy E
sed -i "s|<target name=\"dut\" file=\"t.bin\" size=\"16MiB\"/>|<target name=\"dut\" device=\"$loop\"/>|" "$edited"
run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/E" --out "$WORK/E1" --dry-run
expect_eq "rerun onto the archive's device: exit code" "$rc" 2
check "says why" grep -q "rerun runs only on the targets named on its command line" "$WORK/rr.err"
edited_copy F
sed -i "s|<target name=\"dut\" file=\"t.bin\" size=\"16MiB\"/>|<host name=\"b\" address=\"127.0.0.1\" port=\"9\"/><target name=\"dut\" file=\"/srv/t.bin\" size=\"16MiB\" host=\"b\"/>|" "$edited"
run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/F" --out "$WORK/F1" --dry-run
expect_eq "rerun onto the archive's bench: exit code" "$rc" 2
check "says why" grep -q "rerun contacts only the hosts named on its command line" "$WORK/rr.err"
# Named on the command line, the bench is reached as the command line says, not as
# the archive's plan does (its ssh destination and remote program ignored).
sed -i 's|<host name="b" address="127.0.0.1" port="9"/>|<host name="b" address="127.0.0.1" port="9" ssh="evil@attacker" ssh-port="2222" ssdbench="/tmp/evil-prog"/>|' "$edited"
run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/F" --out "$WORK/F2" --dry-run \
  --host b=127.0.0.1:9 --target dut=b:/dev/sdz
cat "$WORK/rr.log" "$WORK/rr.err"; check "rerun --host: reaches the bench as the command line says" grep -q \
  "version check: ssh -o BatchMode=yes .* -- 127.0.0.1 ssdbench --version$" "$WORK/rr.log"
check "rerun --host: nothing of the archive's ssh settings" sh -c "! grep -q 'evil\|2222' '$WORK/rr.log' '$WORK/rr.err'"
run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/F" --out "$WORK/F3" --dry-run \
  --host b=127.0.0.1:9,ssh=lab@bench,ssdbench=/opt/sb --target dut=b:/dev/sdz
check "rerun --host with ssh settings: those" grep -q \
  "version check: ssh -o BatchMode=yes .* -- lab@bench /opt/sb --version$" "$WORK/rr.log"
sed -i 's|<host name="b" address="127.0.0.1" port="9" ssh="evil@attacker" ssh-port="2222" ssdbench="/tmp/evil-prog"/>|<host name="b" address="127.0.0.1" port="9"/>|' "$edited"
"$SSDBENCH" check "$edited" > "$WORK/ck.log"
check "check names the bench a run would contact" grep -q \
  "on host 'b': contacts fio --server at 127.0.0.1:9 and ssh 127.0.0.1 (runs 'ssdbench' there)" \
  "$WORK/ck.log"
expect_eq "check --json lists it" "$("$SSDBENCH" check "$edited" --json | jq -c '.hosts[0] | [.host, .address, .port]')" '["b","127.0.0.1",9]'

check "no command ran" test ! -e "$marker"
check "the loop device is unchanged" test "$(sha256sum < "$loop")" = "$loop_sum"
check "the victim files are unchanged" bash -c "cd '$WORK' && sha256sum --quiet -c victims.sum"
echo "hostile_plan: ok"
