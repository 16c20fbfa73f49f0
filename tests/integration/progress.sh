#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The live status line on a terminal: under tmux at 80 columns, a run whose fake fio
# (a wrapper on PATH) prints an ETA line every 2 s for 6 s before the real fio runs
# the step. Polling the pane for changes until the run ends: no status line is wider
# than 80 cells (with -J, a wrapped line comes back as one longer line), and the run's
# clock on the status line strictly increases, never by more than 2 s between two
# captures in a row: it ticks each second, also between fio's lines; the pane
# never holds two status lines (a line that wrapped or was not redrawn in place). Its bandwidth
# is in MB/s (fio's 120 MiB/s shown as 125.8 MB/s), never MiB/s.
. "$(dirname "$0")/lib.sh"

real_fio=$(command -v fio) || { echo "progress: skipped (no fio)"; exit 77; }
command -v tmux > /dev/null || fail "no tmux (scripts/setup installs it)"
mkdir "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
case "\$PWD \$*" in
  */steps/*--output=fio.json*)
    for pct in 10 20 30; do
      printf 'Jobs: 1 (f=1): [r(1)][%s.0%%][r=120MiB/s][r=30.7k IOPS][eta 00m:05s]\n' "\$pct"
      sleep 2
    done ;;
esac
exec "$real_fio" "\$@"
EOF2
chmod +x "$WORK/bin/fio"
name=a-step-name-much-longer-than-the-status-line-can-hold-on-80-columns
cat > "$WORK/plan.xml" <<PLAN
<plan name="progress">
  <target name="dut" file="t.bin" size="64MiB"/>
  <workload name="$name" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
sock=ssdbench-progress-$$
cleanup_hooks+=("tmux -L $sock kill-server 2>/dev/null")
tmux -L "$sock" new-session -d -x 80 -y 24 -s run \
  "PATH='$WORK/bin':\$PATH '$SSDBENCH' run '$WORK/plan.xml' --out '$WORK/out'; echo \$? > '$WORK/rc'; sleep 600"
prev='' clocks=() seen= deadline=$((SECONDS + 120))
while [ ! -e "$WORK/rc" ]; do
  [ "$SECONDS" -lt "$deadline" ] || fail "the run did not end within 120 s"
  pane=$(tmux -L "$sock" capture-pane -p -J -t run) || break
  [ "$pane" = "$prev" ] && { sleep 0.05; continue; }
  prev=$pane
  status=$(printf '%s\n' "$pane" | grep -a '^\[1/1\] [0-9]*:[0-9][0-9]:[0-9][0-9]  ETA ') || true
  w=$(printf '%s\n' "$status" | LC_ALL=C.UTF-8 wc -L)
  [ "$w" -le 80 ] || { printf '%s\n' "$pane"; fail "a status line $w cells wide on 80 columns"; }
  [ "$(printf '%s\n' "$status" | grep -c .)" -le 1 ] ||
    { printf '%s\n' "$pane"; fail "more than one status line on the pane"; }
  line=$status
  c=${line#\[1/1\] }
  c=${c%%  ETA *}
  case "$line" in *"ETA 0:00:05  read 125.8 MB/s 30.7k IOPS  "[123]"0%  a-step-name"*) seen=$line ;; esac
  [ -n "$line" ] && { [ "${#clocks[@]}" = 0 ] || [ "${clocks[-1]}" != "$c" ]; } && clocks+=("$c")
  case "$pane" in *MiB/s*) printf '%s\n' "$pane"; fail "MiB/s on the status line" ;; esac
done
tmux -L "$sock" capture-pane -p -J -t run > "$WORK/pane.txt"
expect_eq "exit code" "$(cat "$WORK/rc")" 0
secs=()
for c in "${clocks[@]}"; do
  IFS=: read -r h m s <<< "$c"
  secs+=($((10#$h * 3600 + 10#$m * 60 + 10#$s)))
done
echo "progress: clock values ${clocks[*]}"
[ "${#secs[@]}" -ge 5 ] || fail "the clock showed ${#secs[@]} values (${clocks[*]}) in a step of 6 s or more"
for ((i = 1; i < ${#secs[@]}; i++)); do
  d=$((secs[i] - secs[i - 1]))
  [ "$d" -ge 1 ] && [ "$d" -le 2 ] || fail "the clock went from ${clocks[i - 1]} to ${clocks[i]}"
done
# fio's 120 MiB/s and 30.7k IOPS, its eta 5 s (the plan's one step: the plan's ETA).
[ -n "$seen" ] || fail "no status line with fio's numbers in MB/s, the ETA and the name"
echo "progress: a status line: $seen"
echo "progress: ok"
