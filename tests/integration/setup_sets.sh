#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #25: scripts/setup's two package sets. The runtime set (what scripts/demo installs)
# has none of the test tools, the test set has them, no package is in both, and the
# runtime set has a -dev package for every library pkg-config finds for the build
# (CMakeLists.txt's pkg_check_modules), checked with dpkg -S on its .pc file.
. "$(dirname "$0")/lib.sh"

"$SRC/scripts/setup" --list runtime | sort > "$WORK/runtime"
"$SRC/scripts/setup" --list test | sort > "$WORK/test"
[ "$(wc -l < "$WORK/runtime")" -ge 10 ] || fail "runtime set: $(wc -l < "$WORK/runtime") packages"
for p in qemu-system-x86 openssh-server clang valgrind libcmocka-dev; do
  grep -qx "$p" "$WORK/runtime" && fail "the runtime set has $p"
  grep -qx "$p" "$WORK/test" || fail "the test set lacks $p"
done
both=$(comm -12 "$WORK/runtime" "$WORK/test")
[ -z "$both" ] || fail "in both sets: $both"
for p in fio fonts-noto-cjk cmake; do
  grep -qx "$p" "$WORK/runtime" || fail "the runtime set lacks $p"
done
n=0
for m in $(cat "$SRC/CMakeLists.txt" "$SRC"/*/CMakeLists.txt |
           sed -n 's/.*pkg_check_modules([A-Z0-9_]* REQUIRED IMPORTED_TARGET \([^)]*\)).*/\1/p'); do
  pc=$(pkg-config --variable=pcfiledir "$m")/$m.pc
  pkg=$(dpkg -S "$pc" 2> /dev/null | head -1) || fail "no package owns $pc"
  pkg=${pkg%%:*}
  case $pkg in libcmocka-dev) continue ;; esac   # the tests' own
  grep -qx "$pkg" "$WORK/runtime" || fail "the runtime set lacks $pkg ($m.pc)"
  n=$((n + 1))
done
[ "$n" -ge 6 ] || fail "only $n pkg-config modules checked"
echo "setup_sets: ok ($n libraries)"
