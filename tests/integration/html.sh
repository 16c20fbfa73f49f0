#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The HTML article bundles (#23), read with html5lib (an HTML5 parser, strict: a parse
# error fails). `report --html` of the committed OP-sweep archive in zh-TW: lang zh-TW,
# every <img> src and srcset file there, the PNGs 700 and 1400 px wide (their IHDR),
# width/height attributes those of the 1x PNG, alt texts non-empty and Chinese (a step
# chart's saying its series and its highest IOPS as series.csv has it), every
# chart's SVG beside it, every report table as a <table> (the SVG files that are not
# figures, plus the cover's step table), the consistency table's and the step table's
# numbers those of results.csv; a second render byte-identical (every file). `compare --html`: the
# same, with each Δ table's values and Δ % those of the lineup CSV, the colours inline;
# titles with markup characters in them (a template's) come out as text.
. "$(dirname "$0")/lib.sh"
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
$PY -c 'import html5lib' 2> /dev/null || { echo "SKIP: no python3-html5lib"; exit 77; }
A=$SRC/samples/archives/op-file
cp -r "$A" "$WORK/a"

# Rendered twice (h, h2), each with its own PDF and SVG folder.
for n in "" 2; do
  "$SSDBENCH" report "$WORK/a" --lang zh-TW -o "$WORK/r$n.pdf" --svg "$WORK/svg$n" \
    --png "$WORK/png$n" --html "$WORK/h$n" > "$WORK/r$n.log" 2>&1 ||
    { cat "$WORK/r$n.log"; fail "report --html ($n)"; }
done
check "the bundle holds the same files on a second render" \
  diff <(cd "$WORK/h" && ls) <(cd "$WORK/h2" && ls)
for f in "$WORK/h"/*; do
  check "$(basename "$f") is the same on a second render" cmp -s "$f" "$WORK/h2/$(basename "$f")"
done

# The cover's SNIA header in the article as in the PDF: each row's label and value
# under its heading (html5lib), each value in the PDF's text (whitespace aside).
pdftotext "$WORK/r.pdf" - | tr -s ' \n' '  ' > "$WORK/r.txt"
$PY - "$WORK/h/index.html" "$WORK/r.txt" "$(sed -n 's:.*<string id="hdr-title">\(.*\)</string>.*:\1:p' \
  "$SRC/templates/i18n/zh-TW.xml")" << 'PYEOF' || fail "the SNIA header in the article is not the PDF's"
import sys, html5lib
NS = "{http://www.w3.org/1999/xhtml}"
doc = html5lib.parse(open(sys.argv[1], "rb").read())
pdf = " ".join(open(sys.argv[2], encoding="utf-8").read().split())
body = doc.find(NS + "body")
kids = list(body.iter())
h2 = [e for e in kids if e.tag == NS + "h2" and "".join(e.itertext()) == sys.argv[3]]
assert h2, "no heading " + sys.argv[3]
dl = kids[kids.index(h2[0]) + 1:]
dl = [e for e in dl if e.tag == NS + "dl"][0]
vals = [" ".join("".join(e.itertext()).split()) for e in dl if e.tag == NS + "dd"]
assert len(vals) >= 3, vals
for v in vals:
    assert v[:24] in pdf, "not in the PDF: " + v
PYEOF

# The checks both bundles share: argv: bundle, the --svg folder of the same render,
# tables the HTML has besides the SVG ones. Prints the parsed tables as JSON lines.
cat > "$WORK/bundle.py" << 'PYEOF'
import csv, json, os, re, struct, sys
import html5lib
bundle, svgdir, extra = sys.argv[1], sys.argv[2], int(sys.argv[3])
arch = sys.argv[4] if len(sys.argv) > 4 else None   # the archive, for the alt texts' numbers
ndesc = 0
NS = "{http://www.w3.org/1999/xhtml}"
raw = open(os.path.join(bundle, "index.html"), "rb").read()
raw.decode("utf-8")  # UTF-8 throughout
assert b"<script" not in raw.lower(), "a script in the page"
doc = html5lib.HTMLParser(strict=True, namespaceHTMLElements=True).parse(raw)
assert doc.get("lang") == "zh-TW", doc.get("lang")
assert doc.find(NS + "head/" + NS + "meta").get("charset") == "utf-8"
css = [l.get("href") for l in doc.iter(NS + "link") if l.get("rel") == "stylesheet"]
assert css == ["style.css"] and os.path.getsize(os.path.join(bundle, "style.css")) > 0, css
cjk = re.compile("[\u4e00-\u9fff]")

def png_size(path):
    b = open(path, "rb").read(24)
    assert b[:8] == b"\x89PNG\r\n\x1a\n" and b[12:16] == b"IHDR", path
    return struct.unpack(">II", b[16:24])

figs = list(doc.iter(NS + "figure"))
names = []
for f in figs:
    img = f.find(NS + "img")
    src = img.get("src")
    assert os.path.exists(os.path.join(bundle, src)), src
    cand = [c.strip().split(" ") for c in img.get("srcset").split(",")]
    assert [c[1] for c in cand] == ["1x", "2x"] and cand[0][0] == src, cand
    for c in cand:
        assert os.path.exists(os.path.join(bundle, c[0])), c
    w1, h1 = png_size(os.path.join(bundle, cand[0][0]))
    w2, h2 = png_size(os.path.join(bundle, cand[1][0]))
    assert (w1, w2) == (700, 1400), (src, w1, w2)
    assert abs(h2 - 2 * h1) <= 1, (src, h1, h2)
    assert img.get("width") == "700" and img.get("height") == str(h1), (src, img.attrib, h1)
    alt = img.get("alt") or ""
    assert alt.strip() and cjk.search(alt), (src, alt)
    # A step's IOPS chart says what it shows: its series, and its highest IOPS as
    # the step's series.csv has it (rounded and grouped, as the axis writes it).
    m = re.match(r"step-(\d+)-iops\.png$", src)
    if m and arch:
        d = [e for e in os.listdir(os.path.join(arch, "steps")) if e.startswith(m.group(1) + "-")]
        rows = list(csv.DictReader(open(os.path.join(arch, "steps", d[0], "series.csv"), encoding="utf-8-sig")))
        top = max(float(r[k]) for r in rows for k in ("read_iops", "write_iops", "trim_iops") if r[k])
        assert "組數列" in alt, (src, alt)
        if top >= 1000:
            assert "{:,}".format(round(top)) in alt, (src, alt, top)
            ndesc += 1
    cap = "".join(f.find(NS + "figcaption").itertext())
    assert cap.strip(), src
    svg = [a.get("href") for a in f.iter(NS + "a") if a.get("href", "").endswith(".svg")]
    assert len(svg) == 1 and os.path.exists(os.path.join(bundle, svg[0])), svg
    assert svg[0][:-4] == src[:-4], (svg, src)
    names.append(src[:-4])
assert not arch or ndesc >= 3, ("step charts whose alt text gives their IOPS", ndesc)
# The render's --svg folder: a file per chart and per table; those not figures are tables.
svgs = sorted(f[:-4] for f in os.listdir(svgdir) if f.endswith(".svg"))
assert set(names) <= set(svgs), set(names) - set(svgs)
tables = list(doc.iter(NS + "table"))
ntab = len(svgs) - len(names)
# a table too wide for the page is there in column parts, "TITLE (k/n)" (in Chinese
# "TITLE（k/n）"): one table
whole = {re.sub(r"(?: \(|（)\d+/\d+(?:\)|）)", "", "".join(t.find(NS + "caption").itertext()))
         for t in tables}
assert ntab >= 1 and len(whole) == ntab + extra, (len(tables), len(whole), ntab, extra)
for t in tables:
    cap = "".join(t.find(NS + "caption").itertext()).strip()
    head = ["".join(c.itertext()) for c in t.find(NS + "thead").iter(NS + "th")]
    trs = list(t.find(NS + "tbody").iter(NS + "tr"))
    rows = [[["".join(c.itertext()), c.get("style") or ""] for c in tr] for tr in trs]
    # a column of numbers ("–" where not measured) is right-aligned, cell by cell
    for i in range(1, len(head)):
        col = [r[i] for r in rows]
        if all(re.match(r"^([+-]?\d|–$)", c[0]) for c in col) and \
           any(c[0] != "–" for c in col):
            assert all("text-align:right" in c[1] for c in col), (cap, i)
    assert cap and head and rows, cap
    print(json.dumps({"caption": cap, "head": head, "rows": rows}, ensure_ascii=False))
print("bundle: %d figures, %d tables" % (len(figs), len(tables)), file=sys.stderr)
PYEOF

$PY "$WORK/bundle.py" "$WORK/h" "$WORK/svg" 1 "$WORK/a" > "$WORK/r.tables" || fail "report bundle"
$PY - "$WORK/r.tables" "$WORK/a/results.csv" << 'PYEOF' || fail "report tables against results.csv"
import csv, json, math, sys
tables = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
rows_csv = list(csv.DictReader(open(sys.argv[2], encoding="utf-8-sig")))
res = {r["step"]: r for r in rows_csv}
# Rows print the steps' labels or reviewer wording (#22 labels), so the consistency
# table is matched to results.csv in step order, the step table by its step number.
with_cons = [r for r in rows_csv if r["iops_avg"]]
def num(s):
    s = s.split(" ")[0].replace(",", "")
    return None if s in ("–", "") else float(s)
# The consistency table: a row per finished step, results.csv's consistency columns.
cons = [t for t in tables if t["caption"].startswith("IOPS 一致性")]
assert len(cons) == 1, [t["caption"] for t in tables]
cols = [("iops_avg", 0.51), ("iops_p99.9_slowest", 0.51), ("drivemaster_score", 0.00051),
        ("iops_avg_over_stddev", 0.0051), ("iops_stddev", 0.51), ("iops_stddev_last60s", 0.51)]
n = 0
assert len(cons[0]["rows"]) == len(with_cons), (len(cons[0]["rows"]), len(with_cons))
for row, r in zip(cons[0]["rows"], with_cons):
    for (col, tol), cell in zip(cols, row[1:]):
        want, have = r[col], num(cell[0])
        if want == "":
            assert have is None, (row[0], col, cell)
            continue
        assert have is not None and abs(float(want) - have) <= tol, (row[0], col, want, cell)
        n += 1
assert n >= 40, n
# The step table: per step its read and write MB/s and total IOPS.
steps = [t for t in tables if t["caption"] == "測試步驟"]
assert len(steps) == 1 and steps[0]["head"][6] == "IOPS", steps[:1]
m = 0
for row in steps[0]["rows"]:
    # a step named by its pattern (no label) does not print it twice
    assert row[1][0] != row[2][0], ("step and pattern columns alike", row)
    r = res[row[0][0]]
    iops = sum(float(r[k] or 0) for k in ("read_iops", "write_iops"))
    if iops > 0:
        assert abs(num(row[6][0]) - iops) <= 0.51, (row, iops)
        m += 1
    for c, k in ((4, "read_MBps"), (5, "write_MBps")):
        v = float(r[k] or 0)
        if v > 0:
            assert abs(num(row[c][0]) - v) <= (0.051 if v < 100 else 0.51), (row, k, v)
assert m >= 10, m
print("report tables: %d consistency and %d step values" % (n, m))
PYEOF

# ---- the lineup's bundle ---------------------------------------------------------------
"$SSDBENCH" compare "$WORK/a" --lang zh-TW -o "$WORK/l.pdf" --csv "$WORK/l.csv" \
  --svg "$WORK/lsvg" --html "$WORK/lh" > "$WORK/l.log" 2>&1 || { cat "$WORK/l.log"; fail "compare --html"; }
"$SSDBENCH" compare "$WORK/a" --lang zh-TW -o "$WORK/l2.pdf" --html "$WORK/lh2" \
  > /dev/null 2>&1 || fail "compare --html again"
check "the lineup's index.html is the same on a second render" \
  cmp -s "$WORK/lh/index.html" "$WORK/lh2/index.html"
$PY "$WORK/bundle.py" "$WORK/lh" "$WORK/lsvg" 0 > "$WORK/l.tables" || fail "lineup bundle"
$PY - "$WORK/l.tables" "$WORK/l.csv" << 'PYEOF' || fail "lineup Δ tables against the lineup CSV"
import csv, json, math, re, sys
tables = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
lcsv = list(csv.DictReader(open(sys.argv[2], encoding="utf-8-sig")))
def lookup(drive, test, metric):
    # a column of OP levels is headed as reviewers write it ("OP 28 %"), the CSV
    # keeps the sweep key's op=28
    drive = re.sub(r"^OP (\d+) %$", r"op=\1", drive)
    c = [r for r in lcsv if r["metric"] == metric and r["drive"] == drive and
         (r["test"] + (" [" + r["cell"] + "]" if r["cell"] else "")) == test]
    assert len(c) == 1, (drive, test, metric, len(c))
    return c[0]
drives = [t for t in tables if t["caption"].startswith("同一測試計畫內比較")]
# (in column parts when the archive paths make it wider than the page: each keeps the
# column's name, each has the three columns' rows)
assert drives and all(len(d["rows"]) == 3 for d in drives), [t["caption"] for t in tables]
assert all(d["head"][0] == drives[0]["head"][0] for d in drives), [d["head"] for d in drives]
metrics = {"IOPS": ("iops", 0), "平均完成延遲（µs）": ("clat_mean_us", 1)}
for title, (metric, lower) in metrics.items():
    t = [t for t in tables if t["caption"].startswith("與基準的差異：" + title)]
    assert len(t) == 1, title
    head = t[0]["head"]
    assert len(head) == 4 and head[1].endswith("（基準）"), head
    labels = [head[1][:-len("（基準）")]] + head[2:]
    nd = 0
    # Rows print the reviewer wording (#22 labels), the CSV the step name and cell:
    # matched in the lineup's test order (first appearance in the CSV).
    order = []
    for r in lcsv:
        key = r["test"] + (" [" + r["cell"] + "]" if r["cell"] else "")
        if r["metric"] == metric and key not in order:
            order.append(key)
    assert len(order) == len(t[0]["rows"]), (title, len(order), len(t[0]["rows"]))
    for row, test in zip(t[0]["rows"], order):
        for k, cell in enumerate(row[1:]):
            want = lookup(labels[k], test, metric)
            m = re.match(r"^([\d,.]+)(?: \(([+-][\d.]+)%\))?$", cell[0])
            assert m, cell
            v = float(m.group(1).replace(",", ""))
            tol = 0.051 if float(want["value"]) < 100 else 0.51
            assert abs(v - float(want["value"])) <= tol, (title, test, cell, want["value"])
            if k == 0:
                assert "background" not in cell[1], cell
                continue
            dp = float(m.group(2))
            assert abs(dp - float(want["delta_pct"])) <= 0.051, (title, test, cell, want)
            # direction-aware colour: a clear gain is green, a clear loss vermillion
            bg = re.search(r"background:#([0-9a-f]{6})", cell[1])
            assert bg, cell
            r_, g_, b_ = (int(bg.group(1)[i:i + 2], 16) for i in (0, 2, 4))
            better = dp < 0 if lower else dp > 0
            if abs(dp) >= 5:
                assert (g_ > r_) == better, (title, test, cell, better)
            nd += 1
    assert nd >= 8, (title, nd)
print("lineup Δ tables ok")
PYEOF
# Every text escaped: titles from a template with markup characters in them.
cat > "$WORK/t.xml" << 'XMLEOF'
<?xml version="1.0" encoding="UTF-8"?>
<lineup>
  <chart kind="drives" width="900" title="D &lt;i&gt;x&lt;/i&gt; &amp; &quot;q&quot; 'a'"/>
  <chart kind="bars" width="900" title="&lt;b&gt;B&lt;/b&gt; &amp;amp;"/>
</lineup>
XMLEOF
"$SSDBENCH" compare "$WORK/a" --lang zh-TW -o "$WORK/t.pdf" -t "$WORK/t.xml" \
  --html "$WORK/th" > "$WORK/t.log" 2>&1 || { cat "$WORK/t.log"; fail "compare -t --html"; }
$PY - "$WORK/th/index.html" << 'PYEOF' || fail "escaping"
import sys
import html5lib
NS = "{http://www.w3.org/1999/xhtml}"
doc = html5lib.HTMLParser(strict=True).parse(open(sys.argv[1], "rb").read())
assert not list(doc.iter(NS + "i")) and not list(doc.iter(NS + "b")), "markup let through"
caps = ["".join(c.itertext()) for c in doc.iter(NS + "caption")]
assert any(c.startswith("D <i>x</i> & \"q\" 'a'") for c in caps), caps
alts = [i.get("alt") for i in doc.iter(NS + "img")]
assert alts and all("<b>B</b> &amp;：" in a for a in alts), alts
PYEOF
nfig=$(grep -c "<figure>" "$WORK/h/index.html")
echo "ok: html ($nfig report figures)"
