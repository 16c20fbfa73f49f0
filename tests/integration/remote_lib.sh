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
