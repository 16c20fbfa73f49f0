# SPDX-License-Identifier: MIT
# Helpers for the bench tests: fio servers on free loopback ports, each in its own
# process group and folder, killed when the test ends. Never bound beyond 127.0.0.1:
# fio's server has no authentication.
. "$(dirname "${BASH_SOURCE[0]}")/fault_lib.sh"

# bench_plan FILE [LINE]: a plan of a fill and 2 s of 4k random reads by two jobs on
# a 16 MiB file target "dut", with LINE (a <host>, say) before the target.
bench_plan() {
  cat > "$1" <<PLAN
<plan name="onbench">
  ${2:-}
  <target name="dut" file="t.bin" size="16MiB"/>
  <precondition name="fill" pattern="seq" bs="1m" amount="1x"/>
  <workload name="rr" rw="randread" bs="4k" runtime="2s" numjobs="2"/>
</plan>
PLAN
}

# listening PORT: whether something listens on 127.0.0.1:PORT (/proc/net/tcp, state 0A).
listening() {
  grep -q "0100007F:$(printf '%04X' "$1") 00000000:0000 0A" /proc/net/tcp
}

# connected PORT: whether a connection to 127.0.0.1:PORT is established (state 01).
connected() {
  grep -q " 0100007F:$(printf '%04X' "$1") 01 " /proc/net/tcp
}

# free_port: prints a loopback port nothing listens on.
free_port() {
  local port
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 30000))
    listening "$port" || { echo "$port"; return 0; }
  done
  fail "no free loopback port found"
}

# start_server NAME PORT: fio --server on 127.0.0.1:PORT in $WORK/NAME, in its own
# process group; sets server_pid once it listens (bounded, 10 s).
start_server() {
  local dir=$WORK/$1 port=$2
  mkdir -p "$dir"
  (cd "$dir" && exec setsid fio --server=ip:127.0.0.1,"$port") > "$dir/server.log" 2>&1 &
  server_pid=$!
  cleanup_hooks+=("kill -KILL -- -$server_pid 2>/dev/null")
  for _ in $(seq 100); do
    listening "$port" && return 0
    kill -0 "$server_pid" 2>/dev/null || { cat "$dir/server.log" >&2; fail "fio --server on port $port ended"; }
    sleep 0.1
  done
  fail "fio --server on port $port never listened"
}

# stop_server PID PORT: kills a server and everything it started (its process group)
# and waits until the port is free again.
stop_server() {
  kill -KILL -- "-$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
  for _ in $(seq 100); do
    listening "$2" || return 0
    sleep 0.1
  done
  fail "fio server $1 still listens on port $2"
}

# start_sshd TEST [WHAT_PASSED]: an sshd of the test's own on 127.0.0.1 and a free high
# port (host key, user key and authorized_keys made in $WORK/ssh = $S), killed by pid
# at the end; ssh config hosts "bench1" (it) and "closed" (a port nothing listens on,
# $closed), reached through SSDBENCH_SSH (a wrapper adding -F). Where sshd is missing
# or cannot start, says so (TEST: skipped the live part: ...; WHAT_PASSED) and exits 77.
start_sshd() {
  sshd=/usr/sbin/sshd
  if [ ! -x "$sshd" ] || ! command -v ssh-keygen > /dev/null || ! command -v ssh > /dev/null; then
    echo "$1: skipped the live part: sshd/ssh not installed (scripts/setup installs" \
         "openssh-server)${2:+; $2}"
    exit 77
  fi
  S=$WORK/ssh
  mkdir -m 700 "$S"
  ssh-keygen -q -t ed25519 -N '' -f "$S/host_key"
  ssh-keygen -q -t ed25519 -N '' -f "$S/id"
  cp "$S/id.pub" "$S/authorized_keys"
  port=$(free_port)
  closed=$(free_port)
  while [ "$closed" = "$port" ]; do closed=$(free_port); done
  user=$(id -un)
  cat > "$S/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.1
HostKey $S/host_key
PidFile $S/sshd.pid
AuthorizedKeysFile $S/authorized_keys
StrictModes no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin prohibit-password
AllowUsers $user
LogLevel ERROR
CONF
  # sshd wants its privilege-separation folder (the service makes it at start: /run/sshd).
  if [ ! -d /run/sshd ] && [ "$(id -u)" -eq 0 ]; then
    mkdir -m 755 /run/sshd
    cleanup_hooks+=("rmdir /run/sshd")
  fi
  "$sshd" -t -f "$S/sshd_config" 2> "$S/sshd.test" ||
    { cat "$S/sshd.test"; echo "$1: skipped the live part: sshd rejects its config" \
      "(above)${2:+; $2}"; exit 77; }
  setsid "$sshd" -D -e -f "$S/sshd_config" 2> "$S/sshd.log" &
  sshd_pid=$!
  cleanup_hooks+=("kill $sshd_pid 2>/dev/null")
  for _ in $(seq 100); do
    listening "$port" && break
    kill -0 "$sshd_pid" 2>/dev/null || break
    sleep 0.1
  done
  if ! listening "$port"; then
    cat "$S/sshd.log"
    echo "$1: skipped the live part: sshd did not start (above)${2:+; $2}"
    exit 77
  fi
  for h in bench1:"$port" closed:"$closed"; do
    cat >> "$S/config" <<CONF
Host ${h%%:*}
  HostName 127.0.0.1
  Port ${h#*:}
  User $user
  IdentityFile $S/id
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile $S/known_hosts
  GlobalKnownHostsFile /dev/null
  LogLevel ERROR
CONF
  done
  # ssdbench runs ssh from SSDBENCH_SSH: this wrapper adds the test's own ssh config.
  printf '#!/bin/sh\nexec ssh -F %s "$@"\n' "$S/config" > "$S/ssh"
  chmod 755 "$S/ssh"
  export SSDBENCH_SSH=$S/ssh
  "$S/ssh" -o BatchMode=yes bench1 true 2> "$S/first.err" ||
    { cat "$S/first.err" "$S/sshd.log"; fail "ssh to the test's own sshd"; }
}
