#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the real fio outputs under samples/ (see samples/README.md).
#
# Every run works on a 64 MiB regular file inside a fresh mktemp directory; no
# block device is ever opened. Usage: samples/generate.sh [FIO]
set -eu

FIO=${1:-fio}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/ssdbench-samples.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

target="$work/target.bin"
common="--filename=$target --size=64m --direct=0"

# run NAME FIO-ARGS...: runs fio inside $work/NAME and keeps its exit code.
run() {
	name=$1
	shift
	mkdir -p "$work/$name"
	echo "== $name: $FIO $*" | sed "s|$work|\$WORK|g"
	set +e
	(cd "$work/$name" && "$FIO" "$@" >stdout.txt 2>stderr.txt)
	echo $? >"$work/$name/exit-code"
	set -e
}

# keep NAME FILE...: copies the named outputs of run NAME into samples/NAME/.
keep() {
	name=$1
	shift
	rm -rf "${here:?}/$name"
	mkdir -p "$here/$name"
	for f in "$@"; do
		sed "s|$work|/tmp/ssdbench-samples.XXXXXX|g" "$work/$name/$f" >"$here/$name/$f"
	done
	cp "$work/$name/exit-code" "$here/$name/exit-code"
}

# Lay the file out once so every job reads real data.
"$FIO" --name=layout $common --rw=write --bs=1m --output=/dev/null

# 1. 4k random read, QD1, json+, 1-second windowed iops/bw/lat logs.
run randread-qd1 --name=randread-qd1 $common --ioengine=psync --rw=randread \
	--bs=4k --iodepth=1 --time_based --runtime=3 --log_avg_msec=1000 \
	--write_iops_log=log --write_bw_log=log --write_lat_log=log \
	--output-format=json+ --output=fio.json
keep randread-qd1 fio.json log_iops.1.log log_bw.1.log log_lat.1.log \
	log_clat.1.log log_slat.1.log stdout.txt stderr.txt

# 2. 70/30 random mix, numjobs=2 with group_reporting: one JSON job, two logs each.
run randrw-mix --name=randrw-mix $common --ioengine=psync --rw=randrw \
	--rwmixread=70 --bs=4k --iodepth=1 --numjobs=2 --group_reporting \
	--time_based --runtime=3 --log_avg_msec=1000 \
	--write_iops_log=log --write_bw_log=log --write_lat_log=log \
	--output-format=json+ --output=fio.json
keep randrw-mix fio.json log_iops.1.log log_iops.2.log log_bw.1.log \
	log_bw.2.log log_clat.1.log log_clat.2.log log_lat.1.log log_lat.2.log \
	log_slat.1.log log_slat.2.log stdout.txt stderr.txt

# 3. Plain JSON (no bins), sequential 128k read.
run seqread-json --name=seqread-json $common --ioengine=psync --rw=read \
	--bs=128k --time_based --runtime=2 --output-format=json --output=fio.json
keep seqread-json fio.json stdout.txt stderr.txt

# 4. JSON on stdout with fio's "note:" line in front (psync with iodepth > 1).
run stray-note --name=stray-note $common --ioengine=psync --rw=randread \
	--bs=4k --iodepth=4 --time_based --runtime=1 --output-format=json
keep stray-note stdout.txt stderr.txt

# 5. A good job and a job whose file lies under a regular file (ENOTDIR, error 20).
touch "$work/notadir"
run failed-job --output-format=json+ --output=fio.json \
	--name=good $common --ioengine=psync --rw=randread --bs=4k \
	--time_based --runtime=1 \
	--name=bad --filename="$work/notadir/target.bin" --size=1m \
	--ioengine=psync --rw=read --bs=4k
keep failed-job fio.json stdout.txt stderr.txt

# 6. Per-I/O logs with log_offset=1 (six columns), rate-limited to stay small.
run perio-offset --name=perio-offset $common --ioengine=psync --rw=randrw \
	--bs=4k --rate_iops=50 --time_based --runtime=2 --log_offset=1 \
	--write_iops_log=log --write_lat_log=log --disable_slat=1 --disable_lat=1 \
	--output-format=json --output=fio.json
keep perio-offset fio.json log_iops.1.log log_clat.1.log stdout.txt stderr.txt

# 7. 256 clones of one job without group_reporting (one group, 256 entries in jobs[]),
#    threads so that 256 processes are not forked; json+ kept xz-compressed (about 125 KB).
run jobs256 --name=j $common --ioengine=psync --rw=randread --bs=4k --numjobs=256 \
	--thread --time_based --runtime=1 --output-format=json+ --output=fio.json
keep jobs256 stdout.txt stderr.txt
sed "s|$work|/tmp/ssdbench-samples.XXXXXX|g" "$work/jobs256/fio.json" | xz -9e >"$here/jobs256/fio.json.xz"

# 7b. fio's status reports every second (--status-interval=1) of a 50/50 mix of two
#     clones (group_reporting), response-time bins too: the stream a continuous
#     <rounds> scope is cut from, here in a file (five concatenated json+ reports).
run status-stream --name=status-stream $common --ioengine=psync --rw=randrw \
	--rwmixread=50 --bs=4k --numjobs=2 --group_reporting --time_based --runtime=4 \
	--rate_iops=500 --lat_percentiles=1 --output-format=json+ --status-interval=1 \
	--output=fio.json
keep status-stream fio.json stdout.txt stderr.txt

# 8. A small result archive (docs/archive-format.md) built from runs 1, 2 and 5.
arch="$here/archive-quick"
rm -rf "$arch"
mkdir -p "$arch/steps/001-randread-4k-q1" "$arch/steps/002-randrw70-4k-q1t2"
cp "$here/randread-qd1/fio.json" "$here/randread-qd1"/log_*.log \
	"$arch/steps/001-randread-4k-q1/"
cp "$here/randrw-mix/fio.json" "$here/randrw-mix"/log_*.log \
	"$arch/steps/002-randrw70-4k-q1t2/"
cp "$here/randread-qd1/stdout.txt" "$arch/steps/001-randread-4k-q1/fio.stdout"
cp "$here/randrw-mix/stdout.txt" "$arch/steps/002-randrw70-4k-q1t2/fio.stdout"
version=$("$FIO" --version)
kernel="$(uname -s) $(uname -r) $(uname -m)"
fail_msg=$(grep -m1 'err=' "$here/failed-job/stderr.txt" "$here/failed-job/stdout.txt" \
	2>/dev/null | sed 's/^[^:]*://; s/"/\\"/g' || true)
cat >"$arch/manifest.json" <<EOF
{
  "format": "ssdbench-archive-1",
  "ssdbench_version": "0.1.0",
  "fio_version": "$version",
  "ioengine": "psync",
  "platform": { "kernel": "$kernel", "cpu": "sample-cpu", "hostname": "sample-host" },
  "started": "2026-11-30T02:14:48Z",
  "ended": "2026-11-30T02:15:01Z",
  "status": "failed",
  "error": "step 3 failed",
  "plan": { "name": "quick", "title": "快速測試", "file": "plan.xml", "sha256": "$(printf '%064d' 0)" },
  "target": { "name": "dut", "kind": "file", "path": "/tmp/target.bin",
              "size": 67108864, "description": "file target.bin (64 MiB)" },
  "steps": [
    { "index": 1, "name": "randread-4k-q1", "dir": "steps/001-randread-4k-q1",
      "status": "ok", "error": null,
      "rw": "randread", "bs": 4096, "iodepth": 1, "numjobs": 1, "rwmixread": null,
      "runtime_ms": 3000,
      "started": "2026-11-30T02:14:50Z", "ended": "2026-11-30T02:14:53Z" },
    { "index": 2, "name": "randrw70-4k-q1t2", "dir": "steps/002-randrw70-4k-q1t2",
      "status": "ok", "error": null,
      "rw": "randrw", "bs": 4096, "iodepth": 1, "numjobs": 2, "rwmixread": 70,
      "runtime_ms": 3000,
      "started": "2026-11-30T02:14:54Z", "ended": "2026-11-30T02:14:57Z" },
    { "index": 3, "name": "read-notadir", "dir": "steps/003-read-notadir",
      "status": "failed", "error": "${fail_msg:-fio exited with status 1}",
      "rw": "read", "bs": 4096, "iodepth": 1, "numjobs": 1, "rwmixread": null,
      "runtime_ms": 1000,
      "started": "2026-11-30T02:14:58Z", "ended": "2026-11-30T02:14:58Z" },
    { "index": 4, "name": "seqwrite-1m-q8", "dir": "steps/004-seqwrite-1m-q8",
      "status": "pending", "error": null,
      "rw": "write", "bs": 1048576, "iodepth": 8, "numjobs": 1, "rwmixread": null,
      "runtime_ms": 5000, "started": null, "ended": null }
  ]
}
EOF
echo "samples written under $here ($(du -sh "$here" | cut -f1))"
