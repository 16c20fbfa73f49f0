#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A plan or an archive handed over by someone else cannot run a command, write to a
# device or file other than the target, or make rerun read paths and contact hosts
# its command line did not name (issue #18, docs/security.md). Each hostile fio option
# is refused by check, run, run --dry-run and rerun; a marker file proves no command
# ran; victim files and a loop device (a mounted ext4) are byte-identical afterwards.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" -ne 0 ] || ! command -v losetup > /dev/null; then
  echo "hostile_plan: skipped (needs root and losetup)"; exit 77
fi
truncate -s 16M "$WORK/loop.img"
loop=$(losetup --find --show "$WORK/loop.img") || { echo "hostile_plan: skipped (no loop devices)"; exit 77; }
cleanup_hooks+=("losetup -d '$loop'")
# The loop device holds a mounted ext4 (read-only: nothing of ours writes to it), as
# in the attack that destroyed one: fio refuses a mounted device and says "error": 0.
mkfs.ext4 -q -E lazy_itable_init=0,lazy_journal_init=0 "$loop"
mkdir "$WORK/mnt"
mount -o ro "$loop" "$WORK/mnt"
cleanup_hooks=("umount '$WORK/mnt'" "${cleanup_hooks[@]}")
check "the loop device is mounted" findmnt -S "$loop" > /dev/null
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
  <target name="dut" file="t-$1.bin" size="16MiB"/>
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
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/unlink-existing.xml" \
  --out "$WORK/out-ue" --target "dut=file:$WORK/existing.bin,size=16MiB" \
  --destroy "$WORK/existing.bin"
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
sed -i "s|<target name=\"dut\" file=\"t.bin\" size=\"16MiB\"/>|<host name=\"b\" address=\"127.0.0.1\" port=\"9\"/><target name=\"dut\" file=\"t.bin\" size=\"16MiB\" host=\"b\"/>|" "$edited"
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

# --- #30: what ssdbench checked is what fio runs --------------------------------------
# fio replaces ${NAME} in a job file with its environment: a value holding '$' once the
# plan's own ${var}s are substituted (<var name="d" value="$"/> and ${d}{X} make ${X})
# is refused at FILE:LINE:COL. The environment names a victim for each route.
export SSDBENCH_SECRET="secret-$RANDOM$RANDOM-value" HOSTILE_DEV=$loop
export HOSTILE_FILE=$WORK/victims/a.bin HOSTILE_TRACE=$WORK/evil.blktrace
head -c 4096 /dev/urandom > "$HOSTILE_TRACE"
mkdir -p "$WORK/cron" "$WORK/cwd"
# route NAME TITLE FILE STEP [OPTION VALUE]: a plan whose line 3 is the target and line 4
# the step (a writing workload, or STEP=replay:TRACE), with a <fio> child when OPTION.
route() {
  local step
  if [ "${4%%:*}" = replay ]; then
    step="  <replay name=\"r\" trace=\"${4#replay:}\"/>"
  else
    step="  <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\" label=\"$4\">"
    [ -n "${5:-}" ] && step+=$'\n'"    <fio option=\"$5\" value=\"$6\"/>"
    step+=$'\n  </workload>'
  fi
  printf '<plan name="%s" title="%s">\n  <var name="d" value="$"/>\n' "$1" "$2"
  printf '  <target name="dut" file="%s" size="16MiB"/>\n%s\n</plan>\n' "$3" "$step"
}
# name|plan name|title|file|step|option|value|LINE:COL|message
routes=(
  'd-fio|d-fio|t|t.bin|w|mem|mmap${d}{HOSTILE_FILE}|5:30|attribute '\''value'\'' holds '\''\$'\'' once variables are substituted ('\''mmap\${HOSTILE_FILE}'\'')'
  'd-file|d-file|t|${d}{HOSTILE_DEV}|w|||3:28|attribute '\''file'\'' holds '\''\$'\'' once variables are substituted ('\''\${HOSTILE_DEV}'\'')'
  'd-trace|d-trace|t|t.bin|replay:${d}{HOSTILE_TRACE}|||4:27|attribute '\''trace'\'' holds '\''\$'\'' once variables are substituted ('\''\${HOSTILE_TRACE}'\'')'
  'd-label|d-label|t|t.bin|by ${d}{SSDBENCH_SECRET}|||4:65|attribute '\''label'\'' holds '\''\$'\'' once variables are substituted ('\''by \${SSDBENCH_SECRET}'\'')'
  'd-title|d-title|by ${SSDBENCH_SECRET}|t.bin|w|||1:29|attribute '\''title'\'' holds '\''\$'\'' once variables are substituted'
  'abs|abs|t|'"$WORK"'/cron/evil|w|||3:28|file target '\'''"$WORK"'/cron/evil'\'' must be a relative path without '\''\.\.'\'''
  'dotdot|dotdot|t|../cron/evil|w|||3:28|file target '\''\.\./cron/evil'\'' must be a relative path without '\''\.\.'\'''
  'name-dot|.|t|t.bin|w|||1:13|invalid name '\''\.'\'' (use letters, digits'
  'name-dotdot|..|t|t.bin|w|||1:13|invalid name '\''\.\.'\'' (use letters, digits'
)
# The harmless archive's plan copy, to put each route into for rerun.
for r in "${routes[@]}"; do
  IFS='|' read -r name pname title file step opt val at why <<< "$r"
  route "$pname" "$title" "$file" "$step" "$opt" "$val" > "$WORK/$name.xml"
  run_rc "$WORK/c.log" "$WORK/c.err" "$SSDBENCH" check "$WORK/$name.xml"
  expect_eq "check $name: exit code" "$rc" 2
  check "check $name: refused at FILE:LINE:COL" grep -q "^$WORK/$name.xml:$at: error: $why" "$WORK/c.err"
  for mode in --dry-run ""; do
    # No --out: a plan named '..' would make out/.. the working folder.
    run_rc "$WORK/r.log" "$WORK/r.err" bash -c 'cd "$1" && shift && exec "$@"' _ "$WORK/cwd" \
      "$SSDBENCH" run "$WORK/$name.xml" $mode
    expect_eq "run $mode $name: exit code" "$rc" 2
    check "run $mode $name: refused at FILE:LINE:COL" grep -q "^$WORK/$name.xml:$at: error: $why" "$WORK/r.err"
  done
  check "$name: nothing in the working folder" test -z "$(ls -A "$WORK/cwd")"
  edited_copy "R-$name"
  cp "$WORK/$name.xml" "$edited"
  run_rc "$WORK/rr.log" "$WORK/rr.err" "$SSDBENCH" rerun "$WORK/R-$name" --out "$WORK/R-$name-1"
  expect_eq "rerun $name: exit code" "$rc" 2
  check "rerun $name: refused at FILE:LINE:COL" grep -q "^$edited:$at: error: $why" "$WORK/rr.err"
  check "rerun $name: no new archive" test ! -e "$WORK/R-$name-1"
done
check "no absolute or '..' target was created" test -z "$(ls -A "$WORK/cron")"
# A --set value, like a <var>'s, is checked where it is used.
cat > "$WORK/set.xml" <<'PLAN'
<plan name="set">
  <var name="bs" value="4k"/>
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="w" rw="randwrite" bs="${bs}" runtime="1s"/>
</plan>
PLAN
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/set.xml" --out "$WORK/out-set" \
  --set 'bs=${SSDBENCH_SECRET}'
expect_eq "run --set with '\$': exit code" "$rc" 2
check "run --set with '\$': refused where used" grep -q "^$WORK/set.xml:4:41: error: attribute 'bs' holds '\\$'" "$WORK/r.err"
check "no environment value in any file the runs left" bash -c "! grep -rqF '$SSDBENCH_SECRET' '$WORK'"

# An include of a file that is not a plan fragment, outside the plan's folder (#30): the
# error names it and never prints its line; in the plan's own folder it is quoted.
sdir=$(mktemp -d /tmp/ssdbench-secret.XXXXXX)
cleanup_hooks+=("rm -rf '$sdir'")
echo 'SECRET-LINE-4711 root:$y$j9T$not-xml' > "$sdir/shadow"
cp "$sdir/shadow" "$WORK/notes.txt"
for inc in "$sdir/shadow" notes.txt; do
  printf '<plan name="inc">\n  <include href="%s"/>\n  <target name="dut" file="t.bin" size="16MiB"/>\n  <workload name="w" rw="randread" runtime="1s"/>\n</plan>\n' \
    "$inc" > "$WORK/inc.xml"
  for cmd in check run; do
    run_rc "$WORK/c.log" "$WORK/c.err" "$SSDBENCH" $cmd "$WORK/inc.xml"
    expect_eq "$cmd include $inc: exit code" "$rc" 2
    case $inc in
      /*) check "$cmd include outside: named" grep -qF "$sdir/shadow:1:1: error: start tag expected" "$WORK/c.err"
          check "$cmd include outside: never quoted" bash -c "! grep -q SECRET '$WORK/c.err' '$WORK/c.log'" ;;
      *)  check "$cmd include inside: quoted" grep -q "^  SECRET-LINE-4711" "$WORK/c.err" ;;
    esac
  done
done

# A device path is checked as written out: /dev/../PATH is not under /dev/.
printf '<plan name="dev">\n  <target name="dut" device="/dev/..%s"/>\n  <workload name="w" rw="randwrite" runtime="1s"/>\n</plan>\n' \
  "$HOSTILE_FILE" > "$WORK/devdot.xml"
for cmd in check run; do
  run_rc "$WORK/c.log" "$WORK/c.err" "$SSDBENCH" $cmd "$WORK/devdot.xml"
  expect_eq "$cmd /dev/..$HOSTILE_FILE: exit code" "$rc" 2
  check "$cmd /dev/..: refused at FILE:LINE:COL" \
    grep -qF "$WORK/devdot.xml:2:30: error: device '/dev/..$HOSTILE_FILE' is not under /dev/ (it is '$HOSTILE_FILE')" "$WORK/c.err"
done

# A file target that is a block device is a device target with every interlock: here
# the one for a mounted filesystem refuses it.
cp "$WORK/set.xml" "$WORK/blk.xml"
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/blk.xml" --out "$WORK/out-blk" \
  --target "dut=file:$loop,size=16MiB" --destroy "$loop"
expect_eq "a file target on the loop device: exit code" "$rc" 1
check "it is a device target" grep -q "file target '$loop' is the block device '$loop': it is a device target" "$WORK/r.log"
check "its interlock refuses it (mounted)" grep -qF "refusing to destroy '$loop': a filesystem on it is mounted at '$WORK/mnt'" "$WORK/r.err"
check "no archive was made" test ! -e "$WORK/out-blk/manifest.json"

# A link in an archive folder (run --force over it) cannot lead the target outside.
cp -a "$WORK/A" "$WORK/L"
rm -f "$WORK/L/t.bin"
ln -s "$HOSTILE_FILE" "$WORK/L/t.bin"
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/good.xml" --out "$WORK/L" --force -q
expect_eq "a target linked out of the archive: exit code" "$rc" 1
check "says where it leads" grep -qF "file target 't.bin' resolves to '$HOSTILE_FILE', outside the archive folder '$WORK/L'" "$WORK/r.err"

# run refuses a non-empty folder that is not an archive, and leaves it as it was.
mkdir -p "$WORK/notarc"
echo keep > "$WORK/notarc/notes.txt"
run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/good.xml" --out "$WORK/notarc"
expect_eq "run into a non-archive folder: exit code" "$rc" 2
check "names the folder" grep -qF "'$WORK/notarc' is not empty and is not an ssdbench archive" "$WORK/r.err"
expect_eq "the folder is as it was" "$(ls -A "$WORK/notarc")" notes.txt

check "no command ran" test ! -e "$marker"
check "the loop device is unchanged" test "$(sha256sum < "$loop")" = "$loop_sum"
check "and still mounted" findmnt -S "$loop" > /dev/null
check "the victim files are unchanged" bash -c "cd '$WORK' && sha256sum --quiet -c victims.sum"
echo "hostile_plan: ok"
