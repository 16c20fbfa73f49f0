#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The HTML article bundles in a real browser: a report (zh-TW) and a 12-drive lineup,
# each opened in headless Chromium at a 700-px viewport. On a copy of index.html the
# test adds its own probe (the bundle has no script), which records after load how
# many images there are, which failed to load, the page's scroll width and any element
# reaching past the viewport: every image loads, nothing overflows horizontally. The
# bundle's own index.html, opened with Chromium's console logged, logs nothing (no
# console error), and its screenshot is 700 px wide. The probe and the console check
# are first shown to fail on a bundle broken on purpose (an image removed, a wide
# block, a console error), so they cannot pass by not looking.
. "$(dirname "$0")/lib.sh"

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || fail "chromium missing (scripts/setup installs it)"
for t in python3 file; do command -v $t > /dev/null || fail "$t missing"; done

# browse FILE OUT: FILE at a 700 x 1000 viewport; the DOM after load into OUT.dom,
# Chromium's log (its console among it) into OUT.log, a screenshot into OUT.png.
browse() {
  local args=(--headless=new --no-sandbox --disable-gpu --hide-scrollbars
              --user-data-dir="$WORK/chromium-profile" --window-size=700,1000
              --virtual-time-budget=10000 --enable-logging=stderr --v=0)
  timeout 120 "$CHROMIUM" "${args[@]}" --dump-dom "file://$1" > "$2.dom" 2> "$2.log" ||
    fail "chromium on $1"
  timeout 120 "$CHROMIUM" "${args[@]}" --screenshot="$2.png" "file://$1" > /dev/null \
    2>> "$2.log" || fail "chromium --screenshot of $1"
}

# probe DIR: DIR/probe.html, index.html with the probe before </body>.
probe() {
  python3 - "$1/index.html" "$1/probe.html" << 'PYEOF'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
js = """<script>
window.addEventListener('load', function () {
  var imgs = Array.prototype.slice.call(document.images), iw = window.innerWidth;
  var bad = imgs.filter(function (i) { return !i.complete || i.naturalWidth === 0; })
                .map(function (i) { return i.getAttribute('src'); });
  var wide = Array.prototype.slice.call(document.querySelectorAll('body *'))
                 .filter(function (e) { return e.getBoundingClientRect().right > iw + 0.5; })
                 .map(function (e) { return e.tagName; });
  document.body.setAttribute('data-probe', JSON.stringify({ images: imgs.length, bad: bad,
    scroll: document.documentElement.scrollWidth, inner: iw, wide: wide.slice(0, 5) }));
});
</script>"""
assert page.count("</body>") == 1
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", js + "</body>"))
PYEOF
}

# result OUT: the probe's record in OUT.dom, as "images bad scroll inner wide".
result() {
  python3 - "$1.dom" << 'PYEOF'
import html, json, re, sys
m = re.search(r'data-probe="([^"]*)"', open(sys.argv[1], encoding="utf-8").read())
assert m, "no probe record: the page did not load"
r = json.loads(html.unescape(m.group(1)))
print(r["images"], len(r["bad"]), r["scroll"], r["inner"], len(r["wide"]), " ".join(r["bad"]))
PYEOF
}

# console OUT: the console lines Chromium logged (none for a page without script).
console() { grep -c ':CONSOLE' "$1.log" || true; }

# page_ok NAME DIR: the bundle in DIR loads whole and fits 700 px.
page_ok() {
  local r images bad scroll inner wide
  probe "$2"
  browse "$2/probe.html" "$WORK/$1-probe"
  r=$(result "$WORK/$1-probe") || fail "$1: the probe"
  read -r images bad scroll inner wide _ <<< "$r"
  expect_eq "$1: viewport" "$inner" 700
  [ "$images" -ge 3 ] || fail "$1: only $images images"
  expect_eq "$1: images that did not load" "$bad" 0
  [ "$scroll" -le "$inner" ] || fail "$1: scrolls horizontally ($scroll px in $inner)"
  expect_eq "$1: elements reaching past 700 px" "$wide" 0
  browse "$2/index.html" "$WORK/$1"
  expect_eq "$1: console messages" "$(console "$WORK/$1")" 0
  check "$1: a 700 px screenshot" grep -q "PNG image data, 700 x" <(file "$WORK/$1.png")
  echo "$1: $images images, $scroll px wide"
}

S=$SRC/samples/archives/qd-sweep
"$SSDBENCH" report "$S" --lang zh-TW -o "$WORK/r.pdf" --html "$WORK/rh" > "$WORK/r.log" 2>&1 ||
  { cat "$WORK/r.log"; fail "report --html"; }

# ---- the checkers fail on a bundle broken on purpose --------------------------------
cp -r "$WORK/rh" "$WORK/broken"
gone=$(ls "$WORK/broken"/*.png | grep -v '@2x' | head -1)
rm "$gone" "${gone%.png}@2x.png"
probe "$WORK/broken"
sed -i 's|</body>|<div style="width:900px">x</div><script>console.error("x")</script></body>|' \
  "$WORK/broken/probe.html"
browse "$WORK/broken/probe.html" "$WORK/broken"
read -r _ bad scroll _ wide names <<< "$(result "$WORK/broken")"
expect_eq "broken bundle: the image that did not load" "$names" "$(basename "$gone")"
[ "$scroll" -gt 700 ] || fail "broken bundle: the 900 px block not seen ($scroll px)"
[ "$wide" -ge 1 ] || fail "broken bundle: no element past 700 px"
[ "$(console "$WORK/broken")" -ge 1 ] || fail "broken bundle: the console error not seen"

# ---- a report and a 12-drive lineup ---------------------------------------------------
page_ok report "$WORK/rh"
args=()
for i in $(seq 1 12); do
  cp -r "$S" "$WORK/d$i"
  args+=("$WORK/d$i" --label "$WORK/d$i=Vendor Model $i 2TB")
done
"$SSDBENCH" compare "${args[@]}" --lang zh-TW -o "$WORK/l.pdf" --html "$WORK/lh" \
  > "$WORK/l.log" 2>&1 || { cat "$WORK/l.log"; fail "compare of 12 --html"; }
page_ok lineup "$WORK/lh"
echo "browser: ok"
