# SPDX-License-Identifier: MIT
# The web preset's sizes, sourced by tests that render (after lib.sh): svg_min_px
# measures an SVG's smallest <text> as drawn, web_ok holds a folder of SVGs and PNGs
# to 11 px text, 700 px PNGs and 1400 px @2x ones.
# svg_min_px SVG: "N MIN" for the <text> elements: their count and the smallest
# font size in px as drawn: the nearest font-size (attribute or style, pt as 4/3
# px), times every ancestor's transform scale (scale(), matrix()), times the root's
# width over its viewBox width.
svg_min_px() {
  awk 'BEGIN { RS = "<"; depth = 0; sc[0] = 1; fs[0] = 16; n = 0; min = 1e9 }
    function px(v) { return v ~ /pt$/ ? v * 4 / 3 : v + 0 }
    function attr(tag, name,   r) {
      if (!match(tag, "[ \t\n]" name "=\"[^\"]*\"")) return ""
      r = substr(tag, RSTART + length(name) + 3, RLENGTH - length(name) - 4); return r
    }
    function tscale(t,   f, a, k, s, args) {
      s = 1
      while (match(t, /(scale|matrix)\([^)]*\)/)) {
        f = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
        args = f; sub(/^[a-z]*\(/, "", args); sub(/\)$/, "", args)
        k = split(args, a, /[ ,]+/)
        if (f ~ /^scale/) s *= (k > 1 ? sqrt(a[1] * a[2] < 0 ? -a[1] * a[2] : a[1] * a[2]) : (a[1] < 0 ? -a[1] : a[1]))
        else { d = a[1] * a[4] - a[2] * a[3]; s *= sqrt(d < 0 ? -d : d) }
      }
      return s
    }
    NR == 1 || /^[?!]/ { next }
    /^\// { depth--; next }
    {
      tag = $0; sub(/>.*/, "", tag); name = tag; sub(/[ \t\n\/].*/, "", name)
      s = sc[depth]; f = fs[depth]
      if (name == "svg" && attr(tag, "viewBox") != "") {
        split(attr(tag, "viewBox"), vb, /[ ,]+/)
        if (attr(tag, "width") != "") s *= px(attr(tag, "width")) / vb[3]
      }
      s *= tscale(attr(tag, "transform"))
      if (attr(tag, "font-size") != "") f = px(attr(tag, "font-size"))
      st = attr(tag, "style")
      if (match(st, /font-size:[ ]*[0-9.]+(px|pt)?/)) {
        v = substr(st, RSTART, RLENGTH); sub(/font-size:[ ]*/, "", v); f = px(v)
      }
      if (name == "text") { n++; if (f * s < min) min = f * s }
      if (tag !~ /\/$/) { depth++; sc[depth] = s; fs[depth] = f }
    }
    END { printf "%d %.2f\n", n, n ? min : 0 }' "$1"
}

# web_ok WHAT SVG_DIR PNG_DIR: every SVG holds text, none under 11 px; every PNG
# 700 px wide and its @2x 1400.
web_ok() {
  local f got n=0
  for f in "$2"/*.svg; do
    check "$1: $(basename "$f") is XML" xmllint --noout "$f"
    got=$(svg_min_px "$f")
    [ "${got% *}" -gt 0 ] || fail "$1: $(basename "$f") has no <text>"
    awk -v m="${got#* }" 'BEGIN { exit !(m >= 11 - 1e-6) }' ||
      fail "$1: $(basename "$f") has text of ${got#* } px"
    expect_eq "$1: $(basename "$f" .svg).png width" "$(png_width "$3/$(basename "$f" .svg).png")" 700
    expect_eq "$1: $(basename "$f" .svg)@2x.png width" \
      "$(png_width "$3/$(basename "$f" .svg)@2x.png")" 1400
    n=$((n + 1))
  done
  [ $n -gt 0 ] || fail "$1: no SVG"
}
