#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One writer per archive (orchestrator/archive/archlock.h): while a run is under way (its
# first step's fio held by a wrapper on PATH until this test writes to a FIFO), a
# second run into its folder, a resume of it and a `run --force` replacing it are
# all refused before they touch anything, exit 1, naming the holder's pid, host and
# start; the first run's folder stays as it was, and the run then finishes, exit 0,
# its archive intact for `ssdbench verify` and its lock gone. A lock left behind by
# a killed run (a .lock nobody holds) stops nothing and is not an archive file; a
# .lock that is a symlink, a FIFO or a hard link is refused, never followed, waited
# on or written.
. "$(dirname "$0")/fault_lib.sh"

real_fio=$(command -v fio) || { echo "runlock: skipped (no fio)"; exit 77; }
mkdir "$WORK/bin"
mkfifo "$WORK/go"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
case "\$PWD \$*" in
  */steps/001-first\ *--output=fio.json*) : > "$WORK/held"; read -r _ < "$WORK/go" ;;
esac
exec "$real_fio" "\$@"
EOF2
chmod +x "$WORK/bin/fio"
steps_plan "$WORK/plan.xml" runlock 1s 1s
out=$WORK/out
tgt="dut=file:$WORK/t.bin,size=16MiB"
export PATH=$WORK/bin:$PATH

"$SSDBENCH" run "$WORK/plan.xml" --target "$tgt" --out "$out" > "$WORK/a.log" 2>&1 &
pid=$!
cleanup_hooks+=("kill -KILL $pid 2>/dev/null")
wait_file "$pid" "$WORK/held"
check "the lock file names the holder" jq -e ".pid == $pid and .host == \"$(hostname)\"" \
  "$out/.lock" > /dev/null
(cd "$out" && find . -path ./.lock -prune -o -print0 | sort -z | xargs -0 ls -ld --time-style=+%s.%N) \
  > "$WORK/before.ls"

# refused NAME ARGS...: ssdbench ARGS is refused with exit 1, naming the holder.
refused() {
  local what=$1
  shift
  run_rc "$WORK/$what.log" "$WORK/$what.err" "$SSDBENCH" "$@"
  expect_eq "$what: exit code" "$rc" 1
  grep -q "^error: '$out' is in use by another run (pid $pid on host '$(hostname)' since 20[0-9-]*T[0-9:]*Z)" \
    "$WORK/$what.err" || { cat "$WORK/$what.err"; fail "$what: does not name the holder"; }
  grep -q "\[1/2\]" "$WORK/$what.log" && fail "$what: ran a step"
  return 0
}
refused second run "$WORK/plan.xml" --target "$tgt" --out "$out"
refused resume resume "$out"
refused force run "$WORK/plan.xml" --target "$tgt" --out "$out" --force
(cd "$out" && find . -path ./.lock -prune -o -print0 | sort -z | xargs -0 ls -ld --time-style=+%s.%N) \
  > "$WORK/after.ls"
diff "$WORK/before.ls" "$WORK/after.ls" > /dev/null ||
  { diff "$WORK/before.ls" "$WORK/after.ls"; fail "the refused commands changed the archive"; }
check "the first run still runs" kill -0 "$pid"

timeout 60 sh -c "echo go > '$WORK/go'" || fail "the held fio never read the FIFO"
wait_exit "$pid" 120
[ "$rc" = 0 ] || { cat "$WORK/a.log"; fail "the first run: exit code $rc"; }
expect_eq "the first run: status" "$(jq -r .status "$out/manifest.json")" complete
check "the lock is gone with its run" test ! -e "$out/.lock"
archive_ok "$out" ok,ok first,second

# A lock left behind (a run killed with SIGKILL): nobody holds it.
echo '{"pid": 1, "host": "gone", "since": "2026-01-01T00:00:00Z"}' > "$out/.lock"
"$SSDBENCH" verify "$out" > "$WORK/verify.log" 2>&1 ||
  { cat "$WORK/verify.log"; fail "verify counts a left-behind lock"; }
grep -q ": intact$" "$WORK/verify.log" || fail "verify: not intact"
rm "$WORK/go" && mkfifo "$WORK/go"
# The wrapper holds the first step again: let it through at once from a writer.
(timeout 120 sh -c "echo go > '$WORK/go'" &)
run_rc "$WORK/f.log" "$WORK/f.err" "$SSDBENCH" run "$WORK/plan.xml" --target "$tgt" \
  --out "$out" --force
[ "$rc" = 0 ] || { cat "$WORK/f.log" "$WORK/f.err"; fail "--force over a lock nobody holds: exit code $rc"; }
check "--force: its lock is gone too" test ! -e "$out/.lock"
archive_ok "$out" ok,ok first,second
# A .lock that is a symlink, a FIFO or a hard link is not followed, waited on or written.
mkdir "$WORK/sym" "$WORK/fifo" "$WORK/hard"
echo victim > "$WORK/victim"
ln -s "$WORK/victim" "$WORK/sym/.lock"
mkfifo "$WORK/fifo/.lock"
ln "$WORK/victim" "$WORK/hard/.lock"
for d in sym fifo hard; do
  run_rc "$WORK/$d.log" "$WORK/$d.err" timeout 60 "$SSDBENCH" run "$WORK/plan.xml" \
    --target "$tgt" --out "$WORK/$d"
  expect_eq "$d .lock: exit code" "$rc" 1
  grep -q "^error: '$WORK/$d/.lock' is" "$WORK/$d.err" ||
    { cat "$WORK/$d.err"; fail "$d .lock: not refused as such"; }
done
expect_eq "the linked file untouched" "$(cat "$WORK/victim")" victim
echo "runlock: ok"
