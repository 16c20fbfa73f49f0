#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #25 install: `cpack -G DEB` makes ssdbench_<version>_<arch>.deb; its Depends name fio,
# fonts-noto-cjk and the package of every library the program links (found here with
# readelf and dpkg -S, not from CPack), its Recommends mdadm and blktrace; unpacked
# into a scratch root (dpkg -x), ROOT/usr/bin/ssdbench runs from / and renders a
# report from ROOT/usr/share/ssdbench, found beside itself.
. "$(dirname "$0")/lib.sh"

for t in cpack dpkg-deb dpkg-shlibdeps readelf pdffonts; do
  command -v $t > /dev/null || fail "$t missing (scripts/setup --list test installs it)"
done
build=$(dirname "$SSDBENCH")
version=$("$SSDBENCH" --version | awk 'NR == 1 { print $2 }')
deb=$WORK/deb/ssdbench_${version}_$(dpkg --print-architecture).deb
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$WORK/deb" > "$WORK/cpack.log" 2>&1 ||
  { cat "$WORK/cpack.log"; fail "cpack -G DEB"; }
[ -s "$deb" ] || { ls "$WORK/deb"; fail "no $(basename "$deb")"; }
dpkg-deb -I "$deb" > "$WORK/info.txt"
field() { dpkg-deb -f "$deb" "$1" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | sort -u; }
field Depends > "$WORK/depends"
field Recommends > "$WORK/recommends"
for p in fio fonts-noto-cjk; do
  grep -qx "$p" "$WORK/depends" || { cat "$WORK/info.txt"; fail "Depends lacks $p"; }
done
for p in mdadm blktrace; do
  grep -qx "$p" "$WORK/recommends" || { cat "$WORK/info.txt"; fail "Recommends lacks $p"; }
done
# Every library the program links directly: its package (by dpkg -S of the file ldd
# resolves) is in Depends.
ldd "$SSDBENCH" > "$WORK/ldd.txt"
n=0
for lib in $(readelf -d "$SSDBENCH" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
  path=$(awk -v l="$lib" '$1 == l { print $3 }' "$WORK/ldd.txt")
  [ -n "$path" ] || fail "ldd does not resolve $lib"
  pkg=$(dpkg -S "$path" 2> /dev/null || dpkg -S "$(readlink -f "$path")" 2> /dev/null ||
        dpkg -S "/usr$path" 2> /dev/null || dpkg -S "${path#/usr}" 2> /dev/null) ||
    fail "no package owns $path"
  pkg=${pkg%%:*}
  grep -qx "$pkg" "$WORK/depends" || { cat "$WORK/info.txt"; fail "Depends lacks $pkg ($lib)"; }
  n=$((n + 1))
done
[ "$n" -ge 5 ] || fail "only $n libraries linked"
dpkg-deb -c "$deb" > "$WORK/contents.txt"
for f in ./usr/bin/ssdbench ./usr/share/man/man1/ssdbench.1 \
         ./usr/share/bash-completion/completions/ssdbench ./usr/share/ssdbench/templates/fonts.conf \
         ./usr/share/ssdbench/testplans/quick.xml ./usr/share/doc/ssdbench/README.md; do
  grep -q " $f\$" "$WORK/contents.txt" || fail "the .deb lacks $f"
done

# Unpacked under a scratch root: it runs, and finds its data beside itself.
dpkg -x "$deb" "$WORK/root"
inst() { (cd / && env -u SSDBENCH_DATADIR -u SSDBENCH_HOME "$@"); }
got=$(inst "$WORK/root/usr/bin/ssdbench" --version | head -1)
expect_eq "ROOT/usr/bin/ssdbench --version" "$got" "ssdbench $version"
cp -r "$SRC/samples/archives/qd-sweep" "$WORK/a"
inst "$WORK/root/usr/bin/ssdbench" report "$WORK/a" --lang zh-CN -o "$WORK/x.pdf" \
  > "$WORK/r.log" 2>&1 || { cat "$WORK/r.log"; fail "ROOT/usr/bin/ssdbench report"; }
pdffonts "$WORK/x.pdf" > "$WORK/fonts.txt"
grep -q 'NotoSansCJK' "$WORK/fonts.txt" || { cat "$WORK/fonts.txt"; fail "no Noto Sans CJK"; }
# ... its own data: without ROOT/usr/share/ssdbench it fails naming that path.
mv "$WORK/root/usr/share/ssdbench" "$WORK/root/usr/share/moved"
run_rc "$WORK/o.log" "$WORK/e.log" inst "$WORK/root/usr/bin/ssdbench" report "$WORK/a" -o "$WORK/y.pdf"
[ "$rc" -ne 0 ] || fail "report without ROOT/usr/share/ssdbench succeeded"
grep -qF "$WORK/root/usr/share/ssdbench/templates/" "$WORK/e.log" ||
  { cat "$WORK/e.log"; fail "the error does not name ROOT/usr/share/ssdbench"; }
echo "deb: ok ($(basename "$deb"), $n libraries)"
