#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Repeated passes (docs/passes.md), every number recomputed here from the passes'
# own fio.json with a few lines of Python and a printed t table (no statistics code
# of ssdbench's):
#  1. quick.xml, --passes 5 on a file target: passes.json lists the five archives, and
#     stats.csv's mean, σ, 95 % half-width, min, max and values of every test's IOPS
#     and MB/s are what the fio.json files give.
#  2. --passes auto:8 with an fio whose spread shrinks (a wrapper that sets each
#     pass's IOPS, MB/s and latency from a sequence): the set stops at the first pass
#     where every rate's and the mean latency's interval is within ±2 %, not before
#     and not after; auto:3 with ±0.5 % stops at 3 and says the target was not met.
#  3. Lineups that know the noise: two sets of the same stimulus compared, every Δ
#     within the noise ("within", "≈" in the PDF, grey); a set four times as fast, the
#     IOPS Δ significant; Welch's p of each Δ and Holm's verdicts recomputed; the bars'
#     error bars in the SVG and, native, in the workbook's charts (read from its XML).
#  4. A QD sweep run as two passes, a purge of the file the first pass created
#     before each: its points' whiskers in the SVG and as the workbook chart's native
#     error bars, each the 95 % half-width recomputed.
. "$(dirname "$0")/lib.sh"

PY=/usr/bin/python3   # Debian's, with python3-openpyxl (scripts/setup)
[ -x $PY ] || fail "python3 is needed"
real_fio=$(command -v fio) || fail "fio is needed"

# ---- 1. quick.xml, five passes ------------------------------------------------------
"$SSDBENCH" run "$SRC/testplans/quick.xml" --set smoke=1 -q --passes 5 --out "$WORK/q" \
  --target "dut=file:$WORK/q.bin,size=64MiB" > "$WORK/q.log" 2>&1 ||
  { cat "$WORK/q.log"; fail "run --passes 5"; }
check "the set says where it is" grep -q "pass set: $WORK/q" "$WORK/q.log"

# The t table: t(0.975, df), as printed in statistics textbooks.
cat > "$WORK/stats.py" <<'PYEOF'
import csv, glob, json, math, os, re, sys
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365,
        8: 2.306, 9: 2.262, 10: 2.228}

def load(path):
    text = open(path, encoding="utf-8").read()
    return json.loads(text[text.index("{"):])

def rates(path):
    """IOPS, MB/s and mean completion latency (µs, over every direction) of an
    element, from fio.json."""
    iops = bw = 0.0
    n = s = 0.0
    for job in load(path)["jobs"]:
        for d in ("read", "write", "trim"):
            x = job.get(d, {})
            iops += x.get("iops", 0)
            bw += x.get("bw_bytes", 0)
            lat = x.get("clat_ns", {})
            n += lat.get("N", 0)                 # fio's own mean, weighted by its count
            s += lat.get("mean", 0) * lat.get("N", 0)
    return {"iops": iops, "MBps": bw / 1e6, "clat_mean_us": s / n / 1000 if n else None}

def mean_sd_ci(v):
    n = len(v)
    m = sum(v) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) if n > 1 else None
    ci = T975[n - 1] * sd / math.sqrt(n) if n > 1 else None
    return m, sd, ci

def passes(setdir):
    return [os.path.join(setdir, p) for p in json.load(open(os.path.join(setdir, "passes.json")))["passes"]]

def per_test(setdir):
    """{test: {metric: [value per pass]}}"""
    out = {}
    for p in passes(setdir):
        for f in sorted(glob.glob(os.path.join(p, "steps", "*", "fio.json"))):
            name = os.path.basename(os.path.dirname(f)).split("-", 1)[1]
            for m, v in rates(f).items():
                out.setdefault(name, {}).setdefault(m, []).append(v)
    return out

def close(a, b, rel=1e-6):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-9)

# Student's t density, integrated by Simpson's rule: P(|T| >= t).
def p2(t, df, steps=20000):
    t = abs(t)
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    f = lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)
    h = t / steps
    s = f(0) + f(t) + sum((4 if i % 2 else 2) * f(i * h) for i in range(1, steps))
    return 1 - 2 * s * h / 3

def welch(a, b):
    ma, sa, _ = mean_sd_ci(a)
    mb, sb, _ = mean_sd_ci(b)
    va, vb = sa * sa / len(a), sb * sb / len(b)
    se = math.sqrt(va + vb)
    if se == 0:
        return 1.0 if ma == mb else 0.0
    df = (va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
    return p2((mb - ma) / se, df)

def holm(ps, alpha=0.05):
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    sig = [0] * len(ps)
    for k, i in enumerate(order):
        if ps[i] > alpha / (len(ps) - k):
            break
        sig[i] = 1
    return sig

def csv_rows(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))

import html.parser
class Tables(html.parser.HTMLParser):
    """An HTML article's tables: caption and rows of cell texts (tfoot left out)."""
    def __init__(self):
        super().__init__()
        self.tables, self.cell = [], None
    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"caption": "", "rows": []})
            self.foot = False
        elif tag == "tfoot":      # the provenance line, no row of the table
            self.foot = True
        elif tag == "tr":
            self.tables[-1]["rows"].append([] if not self.foot else ["footer"])
        elif tag in ("td", "th", "caption"):
            self.cell = ""
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None and not self.foot:
            self.tables[-1]["rows"][-1].append(self.cell.strip())
            self.cell = None
        elif tag == "caption":
            self.tables[-1]["caption"] = self.cell
            self.cell = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

num = lambda x: float(x.replace(",", ""))
def near(shown, x, rel=1e-9):   # as printed: one decimal under 100, else none
    return abs(num(shown) - x) <= (0.05 if abs(x) < 99.95 else 0.5) + rel * abs(x)

def table(title, keep, col2=None):
    """The table of that caption (and second column heading) in the global t, its
    parts (an output too narrow for every column splits it, each part repeating
    the first keep columns) joined."""
    parts = [[r for r in x["rows"] if r[:1] != ["footer"]] for x in t.tables
             if re.match(re.escape(title) + r"( \(\d+/\d+\))? ", x["caption"] + " ") and
             (col2 is None or x["rows"][0][1] == col2)]
    assert parts, (title, [x["caption"] for x in t.tables])
    rows = [list(r) for r in parts[0]]
    for p in parts[1:]:
        assert len(p) == len(rows), (title, "parts of other lengths")
        for r, q in zip(rows, p):
            assert r[:keep] == q[:keep], (title, r[:keep], q[:keep])
            r.extend(q[keep:])
    return rows

what = sys.argv[1]
if what == "stats":           # stats.py stats SETDIR: stats.csv against fio.json
    setdir = sys.argv[2]
    want = per_test(setdir)
    rows = {(r["test"], r["metric"]): r for r in csv_rows(os.path.join(setdir, "stats.csv"))}
    checked = 0
    for test, ms in want.items():
        for m in ("iops", "MBps"):
            v = ms[m]
            r = rows[(test, m)]
            mean, sd, ci = mean_sd_ci(v)
            assert int(r["passes"]) == len(v), (test, m, r["passes"])
            for key, x in (("mean", mean), ("sd", sd), ("min", min(v)), ("max", max(v))):
                assert close(float(r[key]), x), (test, m, key, r[key], x)
            # the table's three decimals against the exact quantile
            assert close(float(r["ci95"]), ci, 2e-4), (test, m, "ci95", r["ci95"], ci)
            got = [float(x) for x in r["values"].split(";")]
            assert all(close(g, w) for g, w in zip(got, v)) and len(got) == len(v)
            checked += 1
    # the consistency scores of the per-second IOPS: each pass's results.csv value
    # (rounded there: within half its last decimal), over the passes that have one
    # above 0 (avg / σ of a pass whose seconds do not differ has none)
    cons = {}
    for p in passes(setdir):
        for r in csv_rows(os.path.join(p, "results.csv")):
            for m in ("iops_p99.9_slowest", "drivemaster_score", "iops_avg_over_stddev"):
                if r["kind"] == "workload":
                    cons.setdefault((r["name"], m), []).append(r[m])
    for (test, m), vals in cons.items():
        vals = [x for x in vals if x and float(x) > 0]
        if not vals:
            assert (test, m) not in rows, (test, m, "a row without a value")
            continue
        tol = 0.5 * 10 ** -len(vals[0].split(".")[1]) if "." in vals[0] else 0.5
        v = [float(x) for x in vals]
        r = rows[(test, m)]
        mean, sd, _ = mean_sd_ci(v)
        assert int(r["passes"]) == len(v), (test, m, r["passes"], len(v))
        assert abs(float(r["mean"]) - mean) <= tol, (test, m, r["mean"], mean)
        assert sd is None or abs(float(r["sd"]) - sd) <= 2 * tol, (test, m, r["sd"], sd)
    assert len([k for k in rows if k[1] in ("iops_p99.9_slowest", "drivemaster_score")]) >= len(want), \
        "consistency rows missing from stats.csv"
    print(checked)
elif what == "report":        # stats.py report SETDIR HTML: the set's report tables
    setdir, page = sys.argv[2], sys.argv[3]
    t = Tables()
    t.feed(open(page, encoding="utf-8").read())
    want = per_test(setdir)
    checked = 0
    for m, title in (("iops", "IOPS: every pass"), ("MBps", "Throughput (MB/s): every pass"),
                     ("clat_mean_us", "Mean completion latency (µs): every pass")):
        tab = table(title, 2)
        head, rows = tab[0], tab[1:]
        npass = len(passes(setdir))
        assert head[5:] == ["Pass %d" % (k + 1) for k in range(npass)], head
        assert len(rows) == len(want), (m, len(rows), len(want))
        for row, (test, ms) in zip(rows, want.items()):   # the plan's order
            v = ms[m]
            mean, sd, ci = mean_sd_ci(v)
            shown_mean, shown_ci = row[1].split(" ± ")
            # the interval: the t table's three decimals against the exact quantile
            assert near(shown_mean, mean) and near(shown_ci, ci, 2e-4), (test, m, row[1], mean, ci)
            assert near(row[2], sd), (test, m, "sd", row[2], sd)
            assert abs(float(row[3]) - sd / mean * 100) <= 0.05 + 1e-9, (test, m, "cv", row[3])
            lo, hi = row[4].split(" – ")
            assert near(lo, min(v)) and near(hi, max(v)), (test, m, row[4])
            assert all(near(s, x) for s, x in zip(row[5:], v)), (test, m, row[5:], v)
            checked += 1
    # each pass against the mean: a line per test, the data's range in the figure's
    # alt text (as the axis prints it: whole per cent here)
    page_text = open(page, encoding="utf-8").read()
    alt = re.search(r'alt="Chart: IOPS: each pass against the mean — (\d+) series \([^"]*'
                    r'% of the mean from ([\d.]+) to ([\d.]+)"', page_text)
    assert alt, "no drift chart of IOPS in the set's report"
    pct = [x / mean_sd_ci(ms["iops"])[0] * 100 for ms in want.values() for x in ms["iops"]]
    assert int(alt.group(1)) == len(want), (alt.group(1), len(want))
    assert abs(float(alt.group(2)) - min(pct)) <= 0.5 and abs(float(alt.group(3)) - max(pct)) <= 0.5, \
        (alt.group(2), alt.group(3), min(pct), max(pct))
    sets = table("Repeated passes", 1, "Passes")
    assert len(sets) == 2, sets
    row = sets[1]
    assert row[1] == str(len(passes(setdir))) and row[2] == str(len(passes(setdir))), row
    assert row[3].startswith("none: "), row    # quick.xml on a file purges nothing
    print(checked)
elif what == "scope":         # stats.py scope ARCHIVE HTML CSV: a <rounds until="passes">
    arch, page, path = sys.argv[2], sys.argv[3], sys.argv[4]
    rounds = {}                    # {test: [rates of each round, in round order]}
    for f in sorted(glob.glob(os.path.join(arch, "steps", "*-r*", "fio.json"))):
        name, r = re.match(r"\d+-(.+)-r(\d+)$", os.path.basename(os.path.dirname(f))).groups()
        rounds.setdefault(name, []).append((int(r), rates(f)))
    rounds = {k: [x for _, x in sorted(v, key=lambda y: y[0])] for k, v in rounds.items()}
    t = Tables()
    t.feed(open(page, encoding="utf-8").read())
    tab = table("rep: Repeated passes", 2)
    head, rows = tab[0], tab[1:]
    assert len(rows) == len(rounds), (rows, list(rounds))
    checked = 0
    for row, (test, rs) in zip(rows, rounds.items()):   # the plan's order
        assert head[5:] == ["Pass %d" % (k + 1) for k in range(len(rs))], head
        for col, m in ((1, "iops"), (2, "MBps"), (3, "clat_mean_us")):
            v = [x[m] for x in rs]
            mean, sd, ci = mean_sd_ci(v)
            shown_mean, shown_ci = row[col].split(" ± ")
            assert near(shown_mean, mean) and near(shown_ci, ci, 2e-4), (test, m, row[col], mean, ci)
            checked += 1
        v = [x["iops"] for x in rs]
        mean, sd, _ = mean_sd_ci(v)
        assert abs(float(row[4]) - sd / mean * 100) <= 0.05 + 1e-9, (test, "cv", row[4])
        assert all(near(s, x) for s, x in zip(row[5:], v)), (test, row[5:], v)
    # the lineup of the archive and its copy: each value the mean of the rounds, its
    # σ and interval; the same passes on both sides are within the noise
    for r in csv_rows(path):
        if r["test"] not in rounds or r["metric"] not in ("iops", "MBps"):
            continue
        v = [x[r["metric"]] for x in rounds[r["test"]]]
        mean, sd, ci = mean_sd_ci(v)
        assert int(r["passes"]) == len(v), (r["test"], r["passes"])
        # the value to the CSV's two decimals, σ and the interval to its ten digits
        assert abs(float(r["value"]) - mean) <= 0.005 + 1e-9 * mean, (r, mean)
        assert close(float(r["sd"]), sd, 1e-5), (r, sd)
        assert close(float(r["ci95"]), ci, 2e-4), (r, ci)
        assert r["noise"] in ("", "within"), r
        checked += 1
    print(checked)
elif what == "widest":        # stats.py widest SETDIR N: the widest interval after N passes
    setdir, n = sys.argv[2], int(sys.argv[3])
    w = 0
    for test, ms in per_test(setdir).items():
        for m in ("iops", "MBps", "clat_mean_us"):
            v = ms[m][:n]
            mean, sd, ci = mean_sd_ci(v)
            w = max(w, ci / abs(mean) * 100)
    print("%.6f" % w)
elif what == "welch":         # stats.py welch A B CSV: every Δ's p and Holm's verdict
    a, b, path = per_test(sys.argv[2]), per_test(sys.argv[3]), sys.argv[4]
    rows = {(r["drive"], r["test"], r["metric"]): r for r in csv_rows(path)}
    bname = os.path.basename(sys.argv[3].rstrip("/"))
    out = []
    for m in ("iops", "MBps", "clat_mean_us"):
        tests = sorted(a)
        ps = [welch(a[t][m], b[t][m]) for t in tests]
        for t, p, s in zip(tests, ps, holm(ps)):
            r = rows[(bname, t, m)]
            assert abs(float(r["p"]) - p) <= 1e-6 + 1e-4 * p, (t, m, r["p"], p)
            want = "significant" if s else "within"
            assert r["noise"] == want, (t, m, r["noise"], want, p)
            out.append("%s %s %s" % (t, m, want))
    print("\n".join(out))
PYEOF
n=$($PY "$WORK/stats.py" stats "$WORK/q") || fail "stats.csv of five passes of quick.xml"
expect_eq "quick.xml: tests × (IOPS, MB/s) recomputed" "$n" 16
expect_eq "quick.xml: five passes in passes.json" \
  "$($PY -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["passes"]))' "$WORK/q/passes.json")" 5
# the set's own report, drawn at the end of the run: its passes as one column
check "the set has its report" test -s "$WORK/q/report.pdf" -a -s "$WORK/q/charts/lineup-passes-iops.svg"
check "the set's report says its values' intervals" sh -c "pdftotext '$WORK/q/report.pdf' - | grep -q ' ± '"
# ... and `report SET` draws it again, here as an article whose tables the test reads:
# every mean ± 95 %, σ, cv, range and pass value of IOPS, MB/s and the mean latency
"$SSDBENCH" report "$WORK/q" --lang en --html "$WORK/qhtml" > "$WORK/rep.log" 2>&1 ||
  { cat "$WORK/rep.log"; fail "report of a pass set"; }
n=$($PY "$WORK/stats.py" report "$WORK/q" "$WORK/qhtml/index.html") ||
  fail "the set's report tables against fio.json"
expect_eq "quick.xml: the report's tests × (IOPS, MB/s, mean latency) recomputed" "$n" 24
# one pass of it is an archive like any other; verify points there
if "$SSDBENCH" verify "$WORK/q" > /dev/null 2> "$WORK/rep.err"; then fail "verify of a pass set"; fi
check "verify of a set points to a pass" grep -qF "'ssdbench verify $WORK/q/pass-1'" "$WORK/rep.err"

# ---- 2. auto, with an fio whose spread shrinks -----------------------------------------
# The wrapper runs the real fio, then sets the pass's IOPS to the base × the next
# factor of the sequence in fake.conf (ssdbench gives fio a clean environment: the
# wrapper has the path written in), MB/s to match (4 KiB), and every completion
# latency scaled so the mean is 1/IOPS (QD1).
mkdir -p "$WORK/bin"
cat > "$WORK/bin/fio" <<EOF2
#!/bin/sh
"$real_fio" "\$@"
rc=\$?
for a in "\$@"; do
  case \$a in --output=*) [ \$rc = 0 ] && { $PY "$WORK/set.py" "\${a#--output=}" "$WORK/fake.conf" || exit 1; } ;; esac
done
exit \$rc
EOF2
chmod +x "$WORK/bin/fio"
cat > "$WORK/set.py" <<'PYEOF'
import json, os, sys
path, conf = sys.argv[1], sys.argv[2]
counter = conf + ".n"
k = int(open(counter).read()) if os.path.exists(counter) else 0
open(counter, "w").write(str(k + 1))
base, seq = open(conf).read().split(None, 1)
seq = [float(x) for x in seq.split()]
v = float(base) * seq[k % len(seq)]
text = open(path).read()
doc = json.loads(text[text.index("{"):])
for job in doc["jobs"]:
    x = job["read"]
    if not x["total_ios"]:
        continue
    x["iops"] = v
    x["bw_bytes"] = int(v * 4096)
    x["bw"] = int(v * 4)
    c = (1e9 / v) / (sum(int(b) * n for b, n in x["clat_ns"]["bins"].items()) /
                     sum(x["clat_ns"]["bins"].values()))
    bins = {}
    for b, n in x["clat_ns"]["bins"].items():
        key = str(int(round(int(b) * c)))
        bins[key] = bins.get(key, 0) + n
    x["clat_ns"]["bins"] = bins
    x["clat_ns"]["mean"] *= c
    for p in x["clat_ns"].get("percentile", {}):
        x["clat_ns"]["percentile"][p] = int(round(x["clat_ns"]["percentile"][p] * c))
    for f in ("min", "max"):
        x["clat_ns"][f] = int(round(x["clat_ns"][f] * c))
open(path, "w").write(json.dumps(doc, indent=1))
PYEOF
cat > "$WORK/p.xml" <<'PLAN'
<plan name="noise">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="rr" rw="randread" bs="4k" iodepth="1" runtime="1s"/>
</plan>
PLAN
fake_set() {   # fake_set DIR BASE "SEQ" PASSES [NOISE]
  local dir=$1 base=$2 seq=$3 passes=$4
  shift 4
  rm -f "$WORK/fake.conf.n"
  echo "$base $seq" > "$WORK/fake.conf"
  PATH=$WORK/bin:$PATH "$SSDBENCH" run "$WORK/p.xml" -q --passes "$passes" "$@" --out "$dir" > "$dir.log" 2>&1 ||
    { cat "$dir.log"; fail "run --passes $passes into $dir"; }
}
count_passes() { $PY -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["passes"]))' "$1/passes.json"; }
met() { $PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["noise_met"])' "$1/passes.json"; }

seq="1.00 1.02 0.99 1.005 1.0 0.998 1.002 1.0"
fake_set "$WORK/a" 10000 "$seq" auto:8
n=$(count_passes "$WORK/a")
# the first pass count whose widest interval (recomputed) is within 2 %
want=""
for k in 2 3 4 5 6 7 8; do
  w=$($PY "$WORK/stats.py" widest "$WORK/a" "$k" 2> /dev/null) || break
  if $PY -c "import sys; sys.exit(not float(sys.argv[1]) <= 2)" "$w"; then want=$k; break; fi
done
[ -n "$want" ] || fail "auto: the fake sequence never met ±2 % (check the test)"
expect_eq "auto:8 --noise 2%: stops at the first pass the target holds" "$n" "$want"
[ "$n" -lt 8 ] || fail "auto:8 ran all eight passes"
expect_eq "auto:8: passes.json says the target holds" "$(met "$WORK/a")" True
check "auto:8: says it holds" grep -q "the noise target ±2 % holds" "$WORK/a.log"

fake_set "$WORK/b" 10000 "$seq" auto:3 --noise 0.5%
expect_eq "auto:3 --noise 0.5%: three passes" "$(count_passes "$WORK/b")" 3
expect_eq "auto:3: passes.json says not met" "$(met "$WORK/b")" False
check "auto:3: says the target was not met" grep -q "was NOT met, widest: rr " "$WORK/b.log"

# <plan passes=>: the plan's own count; a bad one refused at its attribute
sed 's/<plan name="noise">/<plan name="noise" passes="2">/' "$WORK/p.xml" > "$WORK/p2.xml"
rm -f "$WORK/fake.conf.n"
PATH=$WORK/bin:$PATH "$SSDBENCH" run "$WORK/p2.xml" -q --out "$WORK/two" > "$WORK/two.log" 2>&1 ||
  { cat "$WORK/two.log"; fail "a plan with passes=\"2\""; }
expect_eq "<plan passes=\"2\">: two passes" "$(count_passes "$WORK/two")" 2
sed 's/<plan name="noise">/<plan name="noise" passes="auto:1">/' "$WORK/p.xml" > "$WORK/p0.xml"
if "$SSDBENCH" run "$WORK/p0.xml" --out "$WORK/zero" > /dev/null 2> "$WORK/p0.err"; then
  fail "passes=\"auto:1\" accepted"
fi
check "passes=\"auto:1\" refused at its place" grep -qE "p0.xml:1:[0-9]+: .*passes 'auto:1'" "$WORK/p0.err"

# ---- 3. lineups that know the noise --------------------------------------------------
"$SSDBENCH" compare "$WORK/a" "$WORK/b" --lang en -o "$WORK/ab.pdf" --csv "$WORK/ab.csv" \
  --html "$WORK/ab-html" > "$WORK/ab.log" 2>&1 || { cat "$WORK/ab.log"; fail "compare a b"; }
# each set says what ran between its passes (passes.json: nothing, on a file)
expect_eq "a vs b: both sets' passes and what ran between them" \
  "$(grep -c '<td>none: each pass finds the drive as the last one left it</td>' "$WORK/ab-html/index.html")" 2
$PY "$WORK/stats.py" welch "$WORK/a" "$WORK/b" "$WORK/ab.csv" > "$WORK/ab.verdicts" ||
  fail "a vs b: Welch's p or Holm's verdicts differ from the recomputation"
expect_eq "a vs b (one stimulus): every Δ within the noise" \
  "$(grep -c " within$" "$WORK/ab.verdicts")" 3
pdftotext -layout "$WORK/ab.pdf" "$WORK/ab.txt"
check "a vs b: the Δ table marks ≈" grep -qE "\(≈ [+-][0-9.]+%\)" "$WORK/ab.txt"
check "a vs b: the note says what ≈ means" grep -q "≈ within the noise" "$WORK/ab.txt"
check "a vs b: the mean ± its interval" grep -qE "[0-9,]+ ± [0-9,.]+" "$WORK/ab.txt"

fake_set "$WORK/q32" 40000 "1.00 0.99 1.01" 3
"$SSDBENCH" compare "$WORK/a" "$WORK/q32" --lang zh-CN -o "$WORK/aq.pdf" --csv "$WORK/aq.csv" \
  --svg "$WORK/aq-svg" --png "$WORK/aq-png" --xlsx "$WORK/aq.xlsx" > "$WORK/aq.log" 2>&1 ||
  { cat "$WORK/aq.log"; fail "compare a q32"; }
$PY "$WORK/stats.py" welch "$WORK/a" "$WORK/q32" "$WORK/aq.csv" > "$WORK/aq.verdicts" ||
  fail "a vs q32: Welch's p or Holm's verdicts differ from the recomputation"
check "a vs q32: the IOPS Δ is significant" grep -qx "rr iops significant" "$WORK/aq.verdicts"
pdftotext -layout "$WORK/aq.pdf" "$WORK/aq.txt"
check "a vs q32 (zh-CN): the note on the noise" grep -q "在噪声范围内" "$WORK/aq.txt"
# error bars: each of the two IOPS bars carries one, three strokes of 1 pt in the text's
# colour (#1f2328: the whisker and its caps); a lineup of single archives has none
whiskers() {
  grep -o '<path style="fill:none;stroke-width:1;[^"]*stroke:rgb(12.156863%,13.72549%,15.686275%)' \
    "$1" | wc -l
}
expect_eq "error bars in the SVG: 2 bars × 3 strokes" "$(whiskers "$WORK/aq-svg/lineup-bars-iops.svg")" 6
"$SSDBENCH" compare "$WORK/a/pass-1" "$WORK/q32/pass-1" --lang en -o "$WORK/one.pdf" \
  --svg "$WORK/one-svg" --xlsx "$WORK/one.xlsx" > "$WORK/one.log" 2>&1 ||
  { cat "$WORK/one.log"; fail "compare of single passes"; }
expect_eq "no error bars without passes" "$(whiskers "$WORK/one-svg/lineup-bars-iops.svg")" 0
check "single passes: the note says there is no noise estimate" \
  grep -q "1 pass: no noise estimate" <(pdftotext -layout "$WORK/one.pdf" -)
test -s "$WORK/aq-png/lineup-bars-iops.png" || fail "the PNG of the bars"
# the workbook's Δ IOPS sheet: each column's half-width as a number, as the CSV has it
$PY - "$WORK/aq.xlsx" "$WORK/aq.csv" << 'PYEOF' || fail "the workbook's noise columns"
import csv, sys
import openpyxl
ws = openpyxl.load_workbook(sys.argv[1])["Δ IOPS"]
head = [c.value for c in ws[5]]
row = [c.value for c in ws[6]]
rows = {r["drive"]: r for r in csv.DictReader(open(sys.argv[2], encoding="utf-8-sig"))
        if r["metric"] == "iops"}
for drive in ("a", "q32"):
    got = row[head.index("± " + drive)]
    assert abs(got - float(rows[drive]["ci95"])) <= 1e-6 * got, (drive, got)
assert "≈" in head and not row[head.index("≈")], row   # significant: nobody within
PYEOF
# The workbook's native error bars, read from its charts' XML: every custom error bar
# (chart title, series, its plus cells, the series' values, bar or scatter), checked against itself:
# the cached plus values are the cells', each minus end the plus or, where the low end
# would pass 0, the value; "± NAME" heads the cells.
cat > "$WORK/errbars.py" <<'PYEOF'
import re, sys, zipfile
import xml.etree.ElementTree as ET
import openpyxl
C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"

def cells(wb, ref):
    m = re.fullmatch(r"(?:'((?:[^']|'')+)'|([^'!]+))!\$([A-Z]+)\$(\d+)(?::\$([A-Z]+)\$(\d+))?",
                     ref)
    assert m and m.group(3) == (m.group(5) or m.group(3)), ref   # one column
    ws = wb[m.group(1).replace("''", "'") if m.group(1) else m.group(2)]
    r0 = int(m.group(4))
    r1 = int(m.group(6) or r0)
    return [ws["%s%d" % (m.group(3), r)].value for r in range(r0, r1 + 1)], \
        ws["%s%d" % (m.group(3), r0 - 1)].value

def points(el):
    return {int(p.get("idx")): float(p.find(C + "v").text) for p in el.iter(C + "pt")}

def bars(path):
    z, wb, out = zipfile.ZipFile(path), openpyxl.load_workbook(path), []
    for n in sorted(z.namelist()):
        if not re.fullmatch(r"xl/charts/chart\d+\.xml", n):
            continue
        root = ET.fromstring(z.read(n))
        title = "".join(t.text or "" for t in root.find(C + "chart").find(C + "title").iter(A + "t"))
        for ser in root.iter(C + "ser"):
            for eb in ser.findall(C + "errBars"):
                assert eb.find(C + "errValType").get("val") == "cust", n
                name = ser.find(C + "tx").find(C + "v").text
                plus, head = cells(wb, eb.find(C + "plus").find(C + "numRef").find(C + "f").text)
                cache = points(eb.find(C + "plus"))
                minus = points(eb.find(C + "minus").find(C + "numLit"))
                kind = "bar" if ser.find(C + "val") is not None else "scatter"
                vref = ser.find(C + ("val" if kind == "bar" else "yVal"))
                vals, _ = cells(wb, vref.find(C + "numRef").find(C + "f").text)
                assert head == "± " + name, (n, head, name)
                if kind == "scatter":   # a sweep's whiskers: vertical
                    assert eb.find(C + "errDir").get("val") == "y", n
                for i, p in enumerate(plus):
                    if p is None:
                        assert i not in cache and i not in minus, (n, i)
                        continue
                    assert abs(cache[i] - p) <= 1e-9 * p, (n, i, cache[i], p)
                    assert abs(minus[i] - min(p, vals[i])) <= 1e-9 * p, (n, i, minus[i])
                out.append((title, name, plus, vals, kind))
    return out

if __name__ == "__main__":
    for title, name, plus, vals, kind in bars(sys.argv[1]):
        print("%s\t%s\t%s\t%s" % (title, name, " ".join("%.17g" % (p or 0) for p in plus),
                                  " ".join("%.17g" % v for v in vals)))
PYEOF
$PY - "$WORK/errbars.py" "$WORK/aq.xlsx" "$WORK/aq.csv" "$WORK/one.xlsx" << 'PYEOF' ||
import csv, importlib.util, sys
spec = importlib.util.spec_from_file_location("errbars", sys.argv[1])
eb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(eb)
got = eb.bars(sys.argv[2])
rows = {r["drive"]: r for r in csv.DictReader(open(sys.argv[3], encoding="utf-8-sig"))
        if r["metric"] == "iops"}
# the IOPS bars: a chart whose two series carry the CSV's half-widths of test rr
for drive in ("a", "q32"):
    ci = float(rows[drive]["ci95"])
    hits = [g for g in got if g[1] == drive and len(g[2]) == 1 and abs(g[2][0] - ci) <= 1e-6 * ci]
    assert len(hits) == 1, (drive, ci, got)
    assert abs(hits[0][3][0] - float(rows[drive]["value"])) <= 1e-6 * ci, hits
assert {g[1] for g in got} == {"a", "q32"}, got
assert not eb.bars(sys.argv[4]), "error bars in a lineup of single passes"
PYEOF
  fail "the workbook's native error bars"

# ---- 4. a QD sweep of passes: whiskers -------------------------------------------------
# Three depths of 3000 I/Os each (fio's number_ios: no need to run a second each),
# two passes, the set compared alone: IOPS against queue depth with each point's
# interval, recomputed from the passes' fio.json.
cat > "$WORK/sweep.xml" <<'PLAN'
<plan name="sweep-noise">
  <target name="dut" file="s.bin" size="16MiB"/>
  <purge name="purge" method="auto"/>
  <sweep var="qd" values="1 2 4">
    <workload name="rr-q${qd}" rw="randread" bs="4k" iodepth="${qd}" runtime="1s">
      <fio option="number_ios" value="3000"/>
    </workload>
  </sweep>
</plan>
PLAN
"$SSDBENCH" run "$WORK/sweep.xml" -q --passes 2 --out "$WORK/s" > "$WORK/s.log" 2>&1 ||
  { cat "$WORK/s.log"; fail "run sweep.xml --passes 2"; }
# the file the first pass created is the second's own: its purge needs no --destroy
expect_eq "two passes, a purge between them" "$($PY -c 'import json,sys; p = json.load(open(sys.argv[1]))
print(len(p["passes"]), p["between"])' "$WORK/s/passes.json")" "2 purge"
expect_eq "the sweep's stats.csv recomputed (3 depths × IOPS, MB/s)" \
  "$($PY "$WORK/stats.py" stats "$WORK/s")" 6
"$SSDBENCH" compare "$WORK/s" --lang zh-TW -o "$WORK/s.pdf" --svg "$WORK/s-svg" \
  --png "$WORK/s-png" --xlsx "$WORK/s.xlsx" > "$WORK/sc.log" 2>&1 ||
  { cat "$WORK/sc.log"; fail "compare of the sweep's set"; }
! grep -q WARNING "$WORK/sc.log" || fail "a warning from the workbook (a one-column lineup has no Δ chart)"
# the first palette colour (#0072b2), 1 pt: a whisker and its two caps at each depth
expect_eq "whiskers in the SVG: 3 depths × 3 strokes" "$(grep -o \
  '<path style="fill:none;stroke-width:1;[^"]*stroke:rgb(0%,44.705882%,69.803922%)' \
  "$WORK/s-svg/lineup-sweep-1.svg" | wc -l)" 9
test -s "$WORK/s-png/lineup-sweep-1.png" || fail "the PNG of the sweep"
$PY - "$WORK/errbars.py" "$WORK/s.xlsx" "$WORK/s/stats.csv" << 'PYEOF' ||
import csv, importlib.util, sys
spec = importlib.util.spec_from_file_location("errbars", sys.argv[1])
eb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(eb)
rows = {r["test"]: r for r in csv.DictReader(open(sys.argv[3], encoding="utf-8-sig"))
        if r["metric"] == "iops"}
want = [float(rows["rr-q%d" % q]["ci95"]) for q in (1, 2, 4)]
sweeps = [g for g in eb.bars(sys.argv[2]) if g[4] == "scatter"]
assert len(sweeps) == 1, sweeps
assert all(abs(a - b) <= 1e-6 * b for a, b in zip(sweeps[0][2], want)), (sweeps, want)
assert all(abs(sweeps[0][3][i] - float(rows["rr-q%d" % q]["mean"])) <= 1e-6 * want[i]
           for i, q in enumerate((1, 2, 4))), sweeps
PYEOF
  fail "the sweep's native error bars"
# ---- 5. passes of a scope: <rounds until="passes"> ---------------------------------------
# Two tests repeated three times inside one run (a step outside them runs once): the
# archive's report tables each test's mean ± 95 %, cv and pass values, and a lineup of
# the archive and its copy takes the rounds as the samples of each value.
cat > "$WORK/sp.xml" <<'PLAN'
<plan name="scope-passes">
  <target name="dut" file="t.bin" size="16MiB"/>
  <workload name="seq" rw="read" bs="1MiB" iodepth="4" runtime="1s"/>
  <rounds name="rep" until="passes" max="3">
    <workload name="rr" rw="randread" bs="4KiB" iodepth="8" runtime="1s"/>
    <workload name="rw" rw="randwrite" bs="4KiB" iodepth="8" runtime="1s"/>
  </rounds>
</plan>
PLAN
"$SSDBENCH" run "$WORK/sp.xml" -q --out "$WORK/sp" --target "dut=file:$WORK/sp.bin,size=16MiB" \
  > "$WORK/sp.log" 2>&1 || { cat "$WORK/sp.log"; fail "a plan with passes of a scope"; }
expect_eq "passes of a scope: 1 + 3 × 2 elements" "$(ls "$WORK/sp/steps" | wc -l)" 7
"$SSDBENCH" report "$WORK/sp" --lang en --html "$WORK/sp-html" > /dev/null 2>&1 ||
  fail "report of passes of a scope"
cp -r "$WORK/sp" "$WORK/sp2"
"$SSDBENCH" compare "$WORK/sp" "$WORK/sp2" --lang en -o "$WORK/spc.pdf" --csv "$WORK/spc.csv" \
  > "$WORK/spc.log" 2>&1 || { cat "$WORK/spc.log"; fail "compare of passes of a scope"; }
expect_eq "passes of a scope: the report's 2 tests × 3 rates and the lineup's 2 × 2 × 2" \
  "$($PY "$WORK/stats.py" scope "$WORK/sp" "$WORK/sp-html/index.html" "$WORK/spc.csv")" 14
# one time-based workload in rounds would run as one fio process cut into rounds
# (continuous="1", the default): passes are separate runs, each its own fio process
sed -e 's/<workload name="rw"[^>]*>//' -e 's/max="3"/max="2"/' "$WORK/sp.xml" > "$WORK/sp-one.xml"
"$SSDBENCH" run "$WORK/sp-one.xml" -q --out "$WORK/sp-one" \
  --target "dut=file:$WORK/sp.bin,size=16MiB" > "$WORK/sp-one.log" 2>&1 ||
  { cat "$WORK/sp-one.log"; fail "passes of a one-workload scope"; }
expect_eq "passes of a one-workload scope: each its own fio process" "$($PY -c '
import json, sys
print(" ".join("%s:%s" % (s["name"], s.get("continuous", 0)) for s in json.load(open(sys.argv[1]))["steps"] if s.get("round")))' \
  "$WORK/sp-one/manifest.json")" "rr:0 rr:0"
check "check says what the scope repeats" sh -c \
  "'$SSDBENCH' check '$WORK/sp.xml' | grep -q \"<rounds> 'rep': until passes: 3 passes, each its own fio process\""
# max="1" is no noise estimate: refused at the attribute
sed 's/max="3"/max="1"/' "$WORK/sp.xml" > "$WORK/sp1.xml"
if "$SSDBENCH" check "$WORK/sp1.xml" > "$WORK/sp1.log" 2>&1; then fail "until=passes max=1"; fi
check "until=passes max=1: refused at max" grep -q 'sp1.xml:4:.*until="passes" needs max="2" or more' "$WORK/sp1.log"

echo "passes: ok (quick.xml ×5: 16 rows; auto stopped at $n)"
