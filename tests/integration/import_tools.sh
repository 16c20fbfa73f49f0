#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# import of other tools' results (tests/data/import/, their sources in its README):
# every CrystalDiskMark, KDiskMark and DiskSpd (XML) sample imports; the numbers in each element's
# measured.json, results.csv and the archive's tests are recomputed here with Python from
# the file's own text (its own regular expressions and its own table of names, not
# ssdbench's); the file is kept byte for byte. A lineup of a CrystalDiskMark import, a
# KDiskMark import and a quick.xml run lines the tests up by name and marks the test
# region that differs. Cut, wrongly encoded and mixed files are refused at their line,
# nothing written.
. "$(dirname "$0")/lib.sh"
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
D=$SRC/tests/data/import
cd "$WORK"

# imp FILE NAME: imports FILE into $WORK/NAME, the file kept there byte for byte
imp() {
  "$SSDBENCH" import -q --out "$WORK/$2" "$1" > "$WORK/i.log" 2>&1 ||
    { cat "$WORK/i.log"; fail "import $2"; }
  check "$2: the file kept byte for byte" cmp -s "$1" "$WORK/$2/source/$(basename "$1")"
}
n=0
for f in "$D"/[ck]dm*.txt; do
  b=$(basename "$f" .txt)
  imp "$f" "$b"
  $PY - "$f" "$WORK/$b" << 'PYEOF' || fail "$b: the numbers are not the file's"
import csv, json, re, sys
path, arch = sys.argv[1], sys.argv[2]
raw = open(path, "rb").read()
text = raw[2:].decode("utf-16-le") if raw[:2] == b"\xff\xfe" else raw.decode("utf-8-sig")
man = json.load(open(arch + "/manifest.json", encoding="utf-8"))
tool = "KDiskMark" if "KDiskMark" in text.splitlines()[0] + text.splitlines()[1] else "CrystalDiskMark"
major = int(re.search(r"CrystalDiskMark (\d+)", text).group(1)) if tool == "CrystalDiskMark" else 0
rows = {r["name"]: r for r in csv.DictReader(open(arch + "/results.csv", encoding="utf-8-sig"))}
# the tests as the file prints them, named as the shipped plans name them
want, section = [], None
num = r"(\d+\.\d+) MB/s(?: \[\s*(\d+\.\d+) IOPS\])?(?: <\s*(\d+\.\d+) us>)?$"
for line in text.splitlines():
    line = line.rstrip()
    m = re.match(r"\[(Read|Write|Mix)\]", line.strip())
    if m:
        section = m.group(1).lower()
        mix = re.search(r"Read (\d+)%", line)
        continue
    m = re.match(r"\s*(SEQ|RND|Sequential|Random)\s+(\d+)\s*(KiB|MiB)\s*\(Q=\s*(\d+),\s*T=\s*(\d+)\):\s*" + num, line)
    if m:
        seq, bs = m.group(1) in ("SEQ", "Sequential"), int(m.group(2)) * (1024 if m.group(3) == "KiB" else 1048576)
        q, t, mb, io, lat = int(m.group(4)), int(m.group(5)), m.group(6), m.group(7), m.group(8)
        d = section if section != "mix" else "mix" + mix.group(1)
    else:
        m = re.match(r"\s*(Sequential|Random) (Read|Write)(?: (\d+)(KiB|KB))?(?: \((?:Q=\s*(\d+),)?\s*(?:T=\s*(\d+)|QD=(\d+))\))?\s*:\s*" + num, line)
        if not m:
            continue
        seq, d = m.group(1) == "Sequential", m.group(2).lower()
        q = int(m.group(5) or m.group(7) or 1)
        t = int(m.group(6) or 1)
        bs = int(m.group(3)) * 1024 if m.group(3) else (131072 if major >= 5 and q > 1 else 1048576)
        mb, io, lat = m.group(8), m.group(9), m.group(10)
    size = "%dm" % (bs // 1048576) if bs % 1048576 == 0 else "%dk" % (bs // 1024)
    name = "%s%s-q%dt%d-%s" % ("seq" if seq else "rnd", size, q, t, d)
    iops = float(io) if io is not None else float(mb) * 1e6 / bs
    want.append((name, float(mb), iops, io is None, float(lat) if lat else None, bs, q, t))
steps = man["steps"]
assert [s["name"] for s in steps] == [w[0] for w in want], ([s["name"] for s in steps], [w[0] for w in want])
assert man["source"]["kind"] == "imported" and man["source"]["tool"] == tool, man["source"]
for st, (name, mb, iops, derived, lat, bs, q, t) in zip(steps, want):
    assert (st["bs"], st["iodepth"], st["numjobs"]) == (bs, q, t), (name, st)
    m = json.load(open(arch + "/" + st["dir"] + "/measured.json", encoding="utf-8"))
    side = "write" if name.endswith("-write") else "read"
    if mb == 0:
        assert st["status"] == "skipped" and "not run" in st["error"], st
        continue
    v = m[side]
    assert v["mbps"] == mb and v["iops"] == iops and v["iops_derived"] == derived, (name, v)
    # KDiskMark's MB/s are fio's KiB/s / 1000 (its own numbers say so): bytes from its IOPS
    kdm = tool == "KDiskMark"
    assert v["bw_bytes"] == round(iops * bs if kdm else mb * 1e6), (name, v["bw_bytes"], mb)
    assert v["bw_derived"] == kdm, (name, v)
    if kdm:
        assert abs(iops * bs / 1024 / 1000 - mb) <= 0.0005 * mb, (name, iops, mb)
    assert v["lat_mean_us"] == lat, (name, v["lat_mean_us"], lat)
    r = rows[name]
    mbps = round(iops * bs) / 1e6 if kdm else mb
    assert r[side + "_iops"] == "%.2f" % iops and r[side + "_MBps"] == "%.2f" % mbps, (name, r[side + "_iops"], iops, r[side + "_MBps"])
    assert r["clat_mean_us"] == ("%.2f" % lat if lat else ""), (name, r["clat_mean_us"], lat)
print("%s: %d tests, each the file's" % (path.split("/")[-1], len(want)))
PYEOF
  n=$((n + 1))
done
[ "$n" -ge 12 ] || fail "only $n samples"
echo "import_tools: $n samples imported, every number the file's"

# DiskSpd's XML: each time span's I/Os and bytes, every thread's every target summed, over
# its TestTimeSeconds; its latencies (ms) in µs; the -D buckets as the per-second series.
for f in "$D"/*.xml; do
  b=$(basename "$f" .xml)
  imp "$f" "$b"
  $PY - "$f" "$WORK/$b" << 'PYEOF' || fail "$b: the numbers are not DiskSpd's"
import csv, json, sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
arch = sys.argv[2]
man = json.load(open(arch + "/manifest.json", encoding="utf-8"))
rows = list(csv.DictReader(open(arch + "/results.csv", encoding="utf-8-sig")))
spans = root.findall("TimeSpan")
profs = root.find("Profile").find("TimeSpans").findall("TimeSpan")
assert len(man["steps"]) == len(spans) == len(rows), (len(man["steps"]), len(spans))
assert man["source"]["tool"] == "DiskSpd" and man["source"]["version"] == root.find("System/Tool/Version").text
for st, ts, prof, row in zip(man["steps"], spans, profs, rows):
    t = prof.find("Targets/Target")
    bs, qd, wr = int(t.find("BlockSize").text), int(t.find("RequestCount").text), int(t.find("WriteRatio").text)
    rnd = t.find("Random") is not None
    tc = int(prof.find("ThreadCount").text) or int(t.find("ThreadsPerFile").text) * len(prof.findall("Targets/Target"))
    size = "%dk" % (bs // 1024) if bs % 1048576 else "%dm" % (bs // 1048576)
    d = "read" if wr == 0 else "write" if wr == 100 else "mix%d" % (100 - wr)
    assert st["name"] == "%s%s-q%dt%d-%s" % ("rnd" if rnd else "seq", size, qd, tc, d), st["name"]
    secs = float(ts.find("TestTimeSeconds").text)
    m = json.load(open(arch + "/" + st["dir"] + "/measured.json", encoding="utf-8"))
    lat = ts.find("Latency")
    for side, key in (("read", "Read"), ("write", "Write")):
        ios = sum(int(x.find(key + "Count").text) for x in ts.findall("Thread/Target"))
        byts = sum(int(x.find(key + "Bytes").text) for x in ts.findall("Thread/Target"))
        if not ios:
            assert m[side] is None and row[side + "_iops"] == "", (side, m[side])
            continue
        v = m[side]
        assert (v["ios"], v["bytes"], v["seconds"]) == (ios, byts, secs), (side, v)
        assert v["iops"] == ios / secs and v["bw_bytes"] == byts / secs, (side, v)
        assert row[side + "_iops"] == "%.2f" % (ios / secs), (row[side + "_iops"], ios / secs)
        if lat is not None:
            assert v["lat_mean_us"] == float(lat.find("Average" + key + "Milliseconds").text) * 1000, v
            for b in lat.findall("Bucket"):
                p = float(b.find("Percentile").text)
                if p in (99, 99.9, 99.99):
                    k = {99: "p99_us", 99.9: "p999_us", 99.99: "p9999_us"}[p]
                    assert v[k] == float(b.find(key + "Milliseconds").text) * 1000, (k, v[k])
        else:
            assert v["lat_mean_us"] is None and row["clat_mean_us"] == "", v
        buckets = ts.findall("Iops/Bucket")
        assert v["iops_per_s"] == [float(b.get(key)) for b in buckets], side
print("%s: %d time spans, each DiskSpd's counts" % (sys.argv[1].split("/")[-1], len(spans)))
PYEOF
done
echo "import_tools: DiskSpd's XML imported, every number its counts"

# DiskSpd's text output: the Read IO and Write IO tables' total rows (bytes, I/Os) over
# "actual test time", AvgLat and the first %-ile table's 99th, 3-nines and 4-nines rows.
for f in "$D"/vc-*.txt; do
  b=$(basename "$f" .txt)
  imp "$f" "$b"
  $PY - "$f" "$WORK/$b" << 'PYEOF' || fail "$b: the numbers are not DiskSpd's text"
import json, re, sys
lines = open(sys.argv[1], encoding="utf-8-sig").read().splitlines()
arch = sys.argv[2]
man = json.load(open(arch + "/manifest.json", encoding="utf-8"))
spans, cur, table, pct = [], None, None, None
for l in lines:
    l = l.strip()
    if l.startswith("Results for timespan"):
        cur = {"read": None, "write": None, "p": {}, "pct_done": False}
        spans.append(cur)
        continue
    if cur is None:
        m = re.match(r"block size: (\d+)(KiB)?$", l)
        if m:
            bs = int(m.group(1)) * (1024 if m.group(2) else 1)
        m = re.match(r"number of outstanding I/O operations(?: per thread)?: (\d+)$", l)
        if m:
            qd = int(m.group(1))
        if l.startswith("performing"):
            wr = 100 if "write test" in l else 0 if "read test" in l else int(re.search(r"/(\d+)\)", l).group(1))
        continue
    m = re.match(r"actual test time:\s+([\d.]+)s$", l)
    if m:
        cur["secs"] = float(m.group(1))
    m = re.match(r"thread count:\s+(\d+)$", l)
    if m:
        cur["tc"] = int(m.group(1))
    if l in ("Read IO", "Write IO", "Total IO"):
        table = l.split()[0].lower()
    m = re.match(r"total:\s+(\d+) \|\s+(\d+) \|\s+[\d.]+ \|\s+[\d.]+(?: \|\s+([\d.]+|N/A))?", l)
    if m and table in ("read", "write"):
        cur[table] = (int(m.group(1)), int(m.group(2)), m.group(3))
        table = None
    if "%-ile |" in l:
        pct = not cur["pct_done"]
        cur["pct_done"] = True
        continue
    m = re.match(r"(99th|3-nines|4-nines) \|\s+(\S+) \|\s+(\S+) \|", l)
    if pct and m:
        cur["p"][m.group(1)] = (m.group(2), m.group(3))
steps = man["steps"]
assert len(steps) == len(spans) >= 1, (len(steps), len(spans))
for st, sp in zip(steps, spans):
    d = "read" if wr == 0 else "write" if wr == 100 else "mix%d" % (100 - wr)
    size = "%dk" % (bs // 1024)
    assert st["name"] == "rnd%s-q%dt%d-%s" % (size, qd, sp["tc"], d), st["name"]
    m = json.load(open(arch + "/" + st["dir"] + "/measured.json", encoding="utf-8"))
    for k, side in enumerate(("read", "write")):
        byts, ios, lat = sp[side]
        if not ios:
            assert m[side] is None, (side, m[side])
            continue
        v = m[side]
        assert (v["ios"], v["bytes"], v["seconds"]) == (ios, byts, sp["secs"]), (side, v)
        assert v["iops"] == ios / sp["secs"] and v["bw_bytes"] == byts / sp["secs"], v
        assert v["lat_mean_us"] == (float(lat) * 1000 if lat not in (None, "N/A") else None), (v, lat)
        for row, key in (("99th", "p99_us"), ("3-nines", "p999_us"), ("4-nines", "p9999_us")):
            want = sp["p"][row][k] if row in sp["p"] else "N/A"
            assert v[key] == (None if want == "N/A" else float(want) * 1000), (key, v[key], want)
print("%s: %d timespans, each DiskSpd's text" % (sys.argv[1].split("/")[-1], len(spans)))
PYEOF
done
echo "import_tools: DiskSpd's text imported, every number its total rows"
# A console copy: a prompt, a note, the same run twice: two elements, the second "-2",
# each with the run's own counts
t=$D/vc-readwrite-2.0.x-latency.txt
{ echo 'PS C:\bench> .\diskspd.exe -c1G -b4K -r -w30 -d30 -W15 -L -Rtext diskspd.dat'; echo
  cat "$t"; echo; echo "second run, after a reboot:"
  echo 'PS C:\bench> .\diskspd.exe -c1G -b4K -r -w30 -d30 -W15 -L -Rtext diskspd.dat'; cat "$t"; } > "$WORK/console.txt"
imp "$WORK/console.txt" console
expect_eq "a console copy's elements" "$(jq -r '[.steps[].name] | join(",")' "$WORK/console/manifest.json")" \
  "rnd4k-q1t1-mix70,rnd4k-q1t1-mix70-2"
for k in 1 2; do
  expect_eq "run $k's counts" "$(jq -c '[.read.ios, .write.ios, .read.seconds]' "$WORK"/console/steps/00$k-*/measured.json)" \
    "$(jq -c '[.read.ios, .write.ios, .read.seconds]' "$WORK"/vc-readwrite-2.0.x-latency/steps/001-*/measured.json)"
done
echo "import_tools: a console copy of two DiskSpd runs, a prompt and a note: two elements"

# ---- an import's own report: every format passes the wording check in zh-TW; what the
# file does not say (capacity, purge) is unknown, the test file is the active range
a=$WORK/cdm8.0.4-made-peak-mix-zeros
mkdir -p "$WORK/r"
"$SSDBENCH" report "$a" --lang zh-TW -o "$WORK/r/r.pdf" --svg "$WORK/r/svg" --png "$WORK/r/png" \
  --html "$WORK/r/html" --xlsx "$WORK/r/r.xlsx" --check-wording > "$WORK/r.log" 2>&1 ||
  { cat "$WORK/r.log"; fail "the import's report"; }
pdftotext -layout "$WORK/r/r.pdf" "$WORK/r.txt"
check "the source row" grep -qE "匯入來源 +CrystalDiskMark 8.0.4 x64，Peak，8 GiB \(x3\) \[D: 12% \(108/931GiB\)\]，3 回合取最佳" "$WORK/r.txt"
check "capacity unknown" grep -q "容量 未知" "$WORK/r.txt"
check "purge unknown" grep -qE "清除（Purge） +未知" "$WORK/r.txt"
check "the test file as the range" grep -q "8 GiB，起點偏移 0 B（目標容量未知）" "$WORK/r.txt"
check "the test not run" grep -qE "4K 隨機寫入 QD32 T16 +已略過" "$WORK/r.txt"
echo "import_tools: an import's report in zh-TW, every format, unknowns said"

# ---- a lineup: CrystalDiskMark 8, KDiskMark 3 and a quick.xml run ------------------------
run_ok "$SRC/testplans/quick.xml" "$WORK/q" --set smoke=1 -q
"$SSDBENCH" compare "$WORK/cdm8.0.1-x64-default-sata" "$WORK/kdm3.0.0-readme-block" "$WORK/q" \
  --lang zh-TW -o "$WORK/l.pdf" --csv "$WORK/l.csv" --check-wording > "$WORK/c.log" 2>&1 ||
  { cat "$WORK/c.log"; fail "compare an import of each tool and a run"; }
check "the four CDM tests line up, read and write" grep -q "3 archives, 8 shared tests, 0 left out" "$WORK/c.log"
# quick's smoke run reads 64 MiB, CrystalDiskMark's test file is 1 GiB: marked on the row
check "the region marked" grep -q "range 1 GiB (cdm8.0.1-x64-default-sata) vs 1 GiB (kdm3.0.0-readme-block) vs 64 MiB (q)" "$WORK/c.log"
pdftotext -layout "$WORK/l.pdf" "$WORK/l.txt"
check "the mark in the PDF" grep -q "64 MiB†" "$WORK/l.txt"
check "which tool: the titles" grep -q "CrystalDiskMark 8.0.1 x64" "$WORK/l.txt"
check "which tool: KDiskMark" grep -q "KDiskMark 3.0.0" "$WORK/l.txt"
echo "import_tools: a CrystalDiskMark, a KDiskMark and an ssdbench column line up, the region marked"

# ---- bad files: refused at their line, nothing written -----------------------------------
refused() {  # refused WHAT FILE PATTERN
  set +e; "$SSDBENCH" import -q --out "$WORK/bad" "$2" > "$WORK/b.log" 2>&1; local rc=$?; set -e
  [ $rc -ne 0 ] || fail "$1: imported"
  grep -qF -- "$3" "$WORK/b.log" || { cat "$WORK/b.log"; fail "$1: not '$3'"; }
  [ ! -e "$WORK/bad" ] || fail "$1: an archive written"
  [ -z "$(ls -d "$WORK"/bad.import-* 2> /dev/null)" ] || fail "$1: a temporary folder left"
}
f=$D/cdm8.0.1-x64-default-sata.txt
head -n 14 "$f" > "$WORK/cut.txt"
refused "cut short" "$WORK/cut.txt" "cut.txt:14: error: no \"Test:\" line"
head -c 700 "$f" > "$WORK/cut2.txt"
refused "cut in a line" "$WORK/cut2.txt" "cut2.txt:14:1: error: not a line"
tail -c +3 "$D/cdm6.0.2-made-utf16le.txt" > "$WORK/nobom.txt"
refused "UTF-16 without its mark" "$WORK/nobom.txt" "nobom.txt:1:2: error: a NUL byte: UTF-16 text without its byte-order mark"
head -c -1 "$D/cdm7.0.0-made-utf16le.txt" > "$WORK/odd.txt"
refused "UTF-16 of an odd length" "$WORK/odd.txt" "odd number of bytes"
{ sed '$d' "$f"; printf 'Comment: WD Blue 3D 1TB \xe9t\xe9\n'; } > "$WORK/latin1.txt"
refused "Latin-1 in UTF-8" "$WORK/latin1.txt" "latin1.txt:$(wc -l < "$f"):25: error: byte 0xe9 is not UTF-8"
cat "$f" "$D/cdm8.0.2-x64-nvme-profile.txt" > "$WORK/two.txt"
refused "two results" "$WORK/two.txt" "two.txt:$(($(wc -l < "$f") + 2)):1: error: a second result begins here"
sed '10s/MB\/s/MiB\/s/' "$f" > "$WORK/unit.txt"
refused "a unit changed" "$WORK/unit.txt" "unit.txt:10:"
sed '11i\  Hello' "$f" > "$WORK/stray.txt"
refused "a stray line" "$WORK/stray.txt" "stray.txt:11:1: error: not a line of a CrystalDiskMark or KDiskMark result"
sed '1s/KDiskMark/KDiskMrk/' "$D/kdm3.0.0-readme-block.txt" > "$WORK/k.txt"
refused "another tool's header" "$WORK/k.txt" "k.txt:1:1: error: not a CrystalDiskMark or KDiskMark result"
x=$D/vc-results-2.0.21a.xml
head -n 300 "$x" > "$WORK/cut.xml"
refused "DiskSpd's XML cut short" "$WORK/cut.xml" "cut.xml:301:"
sed 's|<ReadCount>37162</ReadCount>|<ReadCount>many</ReadCount>|' "$x" > "$WORK/count.xml"
refused "a count that is not one" "$WORK/count.xml" "count.xml:$(grep -n '<ReadCount>37162' "$x" | head -1 | cut -d: -f1): error: <ReadCount> is not a number"
# a fixture whose runs lost their "Input parameters" (microsoft/VirtualClient's): refused
r=$D/vc-writeonly-2.2.0-multinuma.refused
refused "results without their input parameters" "$r" \
  "multinuma.refused:$(grep -n '^Results for timespan 1' "$r" | cut -d: -f1):1: error: results for a timespan the input parameters do not describe"
t=$D/vc-readwrite-2.0.x-latency.txt
sed '/^actual test time/d' "$t" > "$WORK/notime.txt"
refused "DiskSpd text without its test time" "$WORK/notime.txt" "the output is cut short"
echo "import_tools: cut, wrongly encoded and mixed files refused at their line, nothing written"
echo "import_tools: ok"
