#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Excel workbooks (#23), read back with openpyxl (an independent reader) and as a
# zip: `report --xlsx` of the committed OP-sweep archive in zh-TW has the summary and
# results sheets named in zh-TW, the results sheet holds results.csv cell for cell
# (every number a numeric cell), each step's series sheet holds its series.csv (total
# IOPS = read + write + trim per second), the report's charts are native chart parts
# (scatter and bar), the shared strings hold zh-TW wording; two writes are identical.
# `compare --xlsx`: a Δ sheet per headline metric whose Δ cells are (value - baseline)
# / baseline of the sheet's own value cells and the lineup CSV's delta_pct, under a
# 3-colour scale that is red-white-green for IOPS and green-white-red for latency.
. "$(dirname "$0")/lib.sh"
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
$PY -c 'import openpyxl' 2> /dev/null || { echo "SKIP: no python3-openpyxl"; exit 77; }
command -v unzip > /dev/null || { echo "SKIP: no unzip"; exit 77; }
A=$SRC/samples/archives/op-file
cp -r "$A" "$WORK/a"

"$SSDBENCH" report "$WORK/a" --lang zh-TW -o "$WORK/r.pdf" --svg "$WORK/svg" --png "$WORK/png" \
  --xlsx "$WORK/r.xlsx" > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "report --xlsx"; }
"$SSDBENCH" report "$WORK/a" --lang zh-TW -o "$WORK/r2.pdf" --svg "$WORK/svg2" \
  --png "$WORK/png2" --xlsx "$WORK/r2.xlsx" > /dev/null 2>&1 || fail "report --xlsx again"
check "the workbook is the same on a second write" cmp -s "$WORK/r.xlsx" "$WORK/r2.xlsx"
mkdir "$WORK/z" && (cd "$WORK/z" && unzip -q "$WORK/r.xlsx") || fail "the .xlsx is no zip"
# The summary holds the cover's SNIA header as the PDF has it: under its heading, each
# row's value in the PDF's text (whitespace aside), three rows at least.
pdftotext "$WORK/r.pdf" - | tr -s ' \n' '  ' > "$WORK/r.txt"
$PY - "$WORK/r.xlsx" "$WORK/r.txt" "$(sed -n 's:.*<string id="hdr-title">\(.*\)</string>.*:\1:p' \
  "$SRC/templates/i18n/zh-TW.xml")" << 'PYEOF' || fail "the SNIA header in the workbook is not the PDF's"
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
pdf = " ".join(open(sys.argv[2], encoding="utf-8").read().split())
rows = [r[:2] for r in ws.iter_rows(values_only=True)]
at = [i for i, r in enumerate(rows) if r[0] == sys.argv[3]]
assert at, "no heading " + sys.argv[3]
vals = []
for k, v in rows[at[0] + 1:]:
    if k is None and v is None:
        break
    vals.append(" ".join(str(v).split()))
assert len(vals) >= 3, vals
for v in vals:
    assert v[:24] in pdf, "not in the PDF: " + v
PYEOF
nsvg=$(ls "$WORK/svg"/*.svg | wc -l)
ncharts=$(ls "$WORK/z/xl/charts"/chart*.xml | wc -l)
nsteps=$(ls -d "$WORK/a"/steps/*/ | while read -r d; do [ -s "$d/series.csv" ] && echo; done | wc -l)
[ "$ncharts" -ge $((nsvg)) ] || fail "$ncharts chart parts for $nsvg report charts"
grep -l "<c:scatterChart>" "$WORK/z/xl/charts"/*.xml > /dev/null || fail "no scatter chart part"
grep -l "<c:barChart>" "$WORK/z/xl/charts"/*.xml > /dev/null || fail "no bar chart part"
grep -q "測試計畫" "$WORK/z/xl/sharedStrings.xml" || fail "no zh-TW wording in the shared strings"

$PY - "$WORK/r.xlsx" "$WORK/a" << 'PYEOF' || fail "report workbook"
import csv, glob, math, os, sys
import openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
arch = sys.argv[2]
names = wb.sheetnames
assert names[0] == "摘要" and names[1] == "測試結果", names[:2]
# results.csv, cell for cell: numbers as numbers; the header and the texts in the
# report's words (the CSV keeps fio's and the plan's names).
rows = list(csv.reader(open(os.path.join(arch, "results.csv"), encoding="utf-8-sig")))
ws = wb["測試結果"]
got = [[c for c in r] for r in ws.iter_rows(values_only=True)]
assert len(got) == len(rows), (len(got), len(rows))
head = dict(zip(rows[0], got[0]))
for col, want in (("name", "步驟"), ("rw", "存取模式"), ("iodepth", "佇列深度（QD）"),
                  ("read_iops", "讀取 IOPS"), ("write_MBps", "寫入 MB/s"),
                  ("clat_p99.9_us", "完成延遲 p99.9（µs）"),
                  ("read_lat_max_us", "讀取 回應時間 最大（µs）"), ("ss_pass", "達到穩態")):
    assert head[col] == want, (col, head[col], want)
words = {"kind": {"workload": "負載", "precondition": "填盤", "purge": "清除"},
         "ss_pass": {"yes": "是", "no": "否"}}
nnum = ntext = 0
for i, (want, have) in enumerate(zip(rows[1:], got[1:]), 1):
    rec = dict(zip(rows[0], want))
    for j, w in enumerate(want):
        h = have[j] if j < len(have) else None
        col = rows[0][j]
        try:
            v = float(w)
        except ValueError:
            if not w:
                assert h is None, (i, col, h)
            elif col in words:
                assert h == words[col][w], (i, col, w, h)
            elif col == "rw":     # fio's rw= in the reader's words
                assert h == {"read": "循序讀取", "write": "循序寫入", "randread": "隨機讀取",
                             "randwrite": "隨機寫入"}.get(w, h), (i, w, h)
                assert not any(c.isascii() and c.isalpha() for c in h), (i, w, h)
            else:                 # a name: worded, never the plan's slug
                assert h and h != w, (i, col, w, h)
            ntext += 1
            continue
        assert isinstance(h, (int, float)), ("not a number", i, j, w, h)
        assert math.isclose(h, v, rel_tol=1e-12, abs_tol=1e-9), (i, j, w, h)
        nnum += 1
assert nnum > 100 and ntext > 10, (nnum, ntext)
# Each step's series sheet: its series.csv, total IOPS = read + write + trim.
nser = 0
for d in sorted(glob.glob(os.path.join(arch, "steps", "*"))):
    sc = os.path.join(d, "series.csv")
    if not os.path.exists(sc) or os.path.getsize(sc) == 0:
        continue
    idx, name = os.path.basename(d).split("-", 1)
    sheet = [s for s in names if s.startswith(idx + " ")]
    assert len(sheet) == 1, (idx, sheet)
    ws = wb[sheet[0]]
    data = list(csv.DictReader(open(sc, encoding="utf-8-sig")))
    cells = list(ws.iter_rows(min_row=5, values_only=True))
    cells = [c for c in cells if c[0] is not None]
    assert len(cells) == len(data), (sheet, len(cells), len(data))
    for want, have in zip(data, cells):
        tot = sum(float(want[k] or 0) for k in ("read_iops", "write_iops", "trim_iops"))
        assert math.isclose(have[3], tot, abs_tol=0.051 * 3), (sheet, want, have)
        assert math.isclose(have[0], float(want["t_s"]), abs_tol=1e-6), (sheet, want, have)
    assert len(ws._charts) == 1, sheet
    nser += 1
assert nser >= 10, nser
# the run's start and end as dates and times, as the manifest says them (UTC)
import datetime, json
man = json.load(open(os.path.join(arch, "manifest.json"), encoding="utf-8"))
got = {r[0]: r[1] for r in wb["摘要"].iter_rows(values_only=True) if r[0]}
for k, field in (("開始", "started"), ("結束", "ended")):
    want = datetime.datetime.strptime(man[field], "%Y-%m-%dT%H:%M:%SZ")
    assert got[k] == want, (k, got[k], want)
# IOPS and every value from 100 up without decimals, smaller ones with them
n100 = 0
for ws in wb.worksheets:
    for row in ws.iter_rows():
        for c in row:
            # (column A of a series sheet is its time in seconds, as fio logs it)
            if isinstance(c.value, float) and c.value != int(c.value) and c.column > 1:
                want = "#,##0" if abs(c.value) >= 100 else ("#,##0.0" if abs(c.value) >= 1 else "#,##0.00")
                assert c.number_format in (want, "0.0%"), (ws.title, c.coordinate, c.value, c.number_format)
                n100 += abs(c.value) >= 100
assert n100 > 100, n100
print("report workbook: %d numbers, %d series sheets" % (nnum, nser))
PYEOF

# ---- the lineup's Δ sheets ----------------------------------------------------------------
"$SSDBENCH" compare "$WORK/a" --lang zh-TW -o "$WORK/l.pdf" --csv "$WORK/l.csv" \
  --xlsx "$WORK/l.xlsx" > "$WORK/l.log" 2>&1 || { cat "$WORK/l.log"; fail "compare --xlsx"; }
$PY - "$WORK/l.xlsx" "$WORK/l.csv" << 'PYEOF' || fail "lineup workbook"
import csv, math, re, sys
import openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
lcsv = list(csv.DictReader(open(sys.argv[2], encoding="utf-8-sig")))
sheets = {"Δ IOPS": ("iops", 0), "Δ 平均完成延遲（µs）": ("clat_mean_us", 1)}
for name, (metric, lower) in sheets.items():
    ws = wb[name]
    head = [c.value for c in ws[5]]
    nm = sum(1 for h in head[1:] if h and not h.startswith("Δ ") and h != "參數不同")
    assert nm == 3 and "基準" in head[1] and head[2 * nm] == "參數不同", head
    rules = [(cf.sqref, r) for cf in ws.conditional_formatting for r in cf.rules]
    assert len(rules) == 1 and rules[0][1].type == "colorScale", rules
    cols = [c.rgb[-6:].upper() for c in rules[0][1].colorScale.color]
    want = ["009E73", "FFFFFF", "D55E00"] if lower else ["D55E00", "FFFFFF", "009E73"]
    assert cols == want, (name, cols)
    ndelta = 0
    # the sheet's rows are the CSV's tests in its order, each named in the report's
    # words (the CSV keeps the plan's names)
    tests = []
    for r in lcsv:
        key = r["test"] + (" [" + r["cell"] + "]" if r["cell"] else "")
        if r["metric"] == metric and key not in tests:
            tests.append(key)
    for i, row in enumerate(ws.iter_rows(min_row=6, values_only=True)):
        if row[0] is None:
            break
        assert row[0] != tests[i] and any(ord(ch) > 0x3000 for ch in row[0]), (name, row[0])
        base = row[1]
        for k in range(1, nm):
            v, dp = row[1 + k], row[nm + k]
            assert isinstance(dp, float), (name, row)
            assert math.isclose(dp, (v - base) / base, rel_tol=1e-9), (name, row)
            # the column as reviewers write an OP level, the CSV's op=28
            drive = re.sub(r"^OP (\d+) %$", r"op=\1", head[1 + k])
            c = [r for r in lcsv if r["metric"] == metric and r["drive"] == drive and
                 (r["test"] + (" [" + r["cell"] + "]" if r["cell"] else "")) == tests[i]]
            assert len(c) == 1, (name, drive, row[0], len(c))
            assert math.isclose(float(c[0]["delta_pct"]) / 100, dp, abs_tol=1e-4), (c, dp)
            ndelta += 1
    assert ndelta >= 8, ndelta
    assert len(ws._charts) == 1, name
    # the chart is of the Δ: each series' values are a Δ column, none a value column
    dcols = [openpyxl.utils.get_column_letter(1 + nm + k) for k in range(1, nm)]
    refs = [s.val.numRef.f for s in ws._charts[0].series]
    assert len(refs) == nm - 1, refs
    for r, c in zip(refs, dcols):
        assert "!$%s$" % c in r, (name, refs, dcols)
    # values as magazines print them: no decimals from 100 up
    for row in ws.iter_rows(min_row=6, max_col=nm + 1):
        for c in row[1:]:
            if isinstance(c.value, float) and abs(c.value) >= 100:
                assert c.number_format == "#,##0", (name, c.value, c.number_format)
# Excel's refused "/" written as a look-alike, not "_"
assert "Δ 傳輸率（MB∕s）" in wb.sheetnames, wb.sheetnames
# The grouped bars of the values: the reviewed drive (the baseline, the Δ sheets' first
# column) is the one series outlined, its column head the one on the pale band
base = wb["Δ IOPS"].cell(5, 2).value.replace("（基準）", "")
nbars = 0
for ws in wb.worksheets:
    for ch in ws._charts:
        if ch.tagname != "barChart" or ws.title.startswith("Δ "):
            continue
        lines = [(s.tx.v, s.graphicalProperties.line is not None and
                  (s.graphicalProperties.line.width or 0) > 0) for s in ch.series]
        assert len(lines) == 3 and [n for n, w in lines if w] == [base], (ws.title, lines)
        heads = [c for row in ws.iter_rows(max_row=8) for c in row
                 if c.value in [n for n, _ in lines]]
        banded = [c.value for c in heads if c.fill.fgColor.rgb[-6:].upper() == "FFF4CC"]
        assert len(heads) == 3 and banded == [base], (ws.title, [c.value for c in heads], banded)
        nbars += 1
assert nbars >= 4, nbars
for ws in wb.worksheets:   # every sheet prints A4 landscape, fitted to the width
    ps = ws.page_setup
    assert ps.orientation == "landscape" and int(ps.paperSize) == 9, (ws.title, ps.orientation)
    assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
    assert int(ps.fitToHeight) == 0 and int(ps.fitToWidth or 1) == 1, ws.title
print("lineup workbook ok")
PYEOF
# The lineup's dispersion charts carry each column's consistency lines, as the
# report's do: after the columns' points, an average (dashed) and a slowest-second
# line per column over its first to last second, at the mean and (under 1,000 s) the
# minimum of its points, recomputed here from the chart's own data sheet.
word() { sed -n "s|.*<string id=\"$1\">\(.*\)</string>.*|\1|p" "$SRC/templates/i18n/zh-TW.xml"; }
$PY - "$WORK/l.xlsx" "$(word lineup-dispersion)" "$(word cons-avg)" "$(word cons-min-line)" \
  << 'PYEOF' || fail "the lineup's dispersion lines"
import math, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
head, avg_name, min_name = sys.argv[2], sys.argv[3], sys.argv[4]
nsheets = 0
for ws in wb.worksheets:
    rows = list(ws.iter_rows(values_only=True))
    if not rows or not str(rows[0][0]).startswith(head):
        continue
    names = rows[3]
    series = []
    for c in range(0, len(names), 2):
        pts = [(r[c], r[c + 1]) for r in rows[4:] if r[c] is not None]
        series.append((names[c + 1], pts))
    cols = [s for s in series if s[0] not in (avg_name, min_name)]
    lines = [s for s in series if s[0] in (avg_name, min_name)]
    assert series[:len(cols)] == cols, "points first: " + ws.title
    with2 = [s for s in cols if len(s[1]) >= 2]
    assert len(lines) == 2 * len(with2) and with2, (ws.title, len(lines), len(with2))
    for (name, pts), a, m in zip(with2, lines[0::2], lines[1::2]):
        ys = [y for _, y in pts]
        assert a[0] == avg_name and m[0] == min_name, (a[0], m[0])
        assert [x for x, _ in a[1]] == [pts[0][0], pts[-1][0]], (name, a[1])
        assert all(math.isclose(y, sum(ys) / len(ys), rel_tol=1e-9) for _, y in a[1]), name
        assert len(ys) < 1000 and all(math.isclose(y, min(ys)) for _, y in m[1]), name
    nsheets += 1
assert nsheets >= 1, nsheets
print("lineup dispersion lines ok (%d charts)" % nsheets)
PYEOF
echo "ok: xlsx ($ncharts chart parts, $nsteps steps)"
