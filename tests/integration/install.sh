#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #25 install: `cmake --install BUILD --prefix P` lays out P/bin/ssdbench, its data in
# P/share/ssdbench (the same files as the source's templates/ and testplans/), the
# manual page, the bash completion and the docs. From /, with no data variable set,
# P/bin/ssdbench renders a report with Noto Sans CJK from P/share/ssdbench (and says
# that path when the data is gone; $SSDBENCH_HOME moves it); the manual has a section
# for every command of `ssdbench --help` and every option of its `--help`; the
# completion, sourced into a bash without bash-completion, completes commands,
# options, --lang values, plan files and block devices.
. "$(dirname "$0")/lib.sh"

for t in pdffonts pdftotext man; do
  command -v $t > /dev/null || { echo "SKIP: $t missing"; exit 77; }
done
build=$(dirname "$SSDBENCH")
P=$WORK/p
cmake --install "$build" --prefix "$P" > "$WORK/install.log" 2>&1 ||
  { cat "$WORK/install.log"; fail "cmake --install"; }
for f in bin/ssdbench share/man/man1/ssdbench.1 share/bash-completion/completions/ssdbench \
         share/doc/ssdbench/README.md share/doc/ssdbench/docs/archive-format.md \
         share/ssdbench/templates/fonts.conf share/ssdbench/testplans/ssdbench-plan.xsd; do
  [ -s "$P/$f" ] || fail "cmake --install: no $f"
done
check "installed bin/ssdbench is executable" test -x "$P/bin/ssdbench"
[ ! -e "$P/share/ssdbench/templates/cache" ] || fail "a font cache was installed as data"
for d in templates testplans traces; do   # traces/: replay.xml's (#24 replay)
  diff -r -x cache "$SRC/$d" "$P/share/ssdbench/$d" > "$WORK/diff.log" ||
    { cat "$WORK/diff.log"; fail "share/ssdbench/$d differs from the source's $d/"; }
done

# The installed replay.xml finds its traces beside the plans (#24 replay).
inst0() { (cd / && env -u SSDBENCH_DATADIR -u SSDBENCH_HOME "$@"); }
inst0 "$P/bin/ssdbench" check "$P/share/ssdbench/testplans/replay.xml" --assume-capacity 1TB \
  > "$WORK/rp.log" 2>&1 || { cat "$WORK/rp.log"; fail "installed replay.xml does not check"; }

# The report, from /, with no data variable: the installed data and the CJK fonts.
cp -r "$SRC/samples/archives/snia-iops" "$WORK/a"
inst() { (cd / && env -u SSDBENCH_DATADIR -u SSDBENCH_HOME "$@"); }
inst "$P/bin/ssdbench" report "$WORK/a" -o "$WORK/x.pdf" > "$WORK/r.log" 2>&1 ||
  { cat "$WORK/r.log"; fail "installed ssdbench report from /"; }
pdffonts "$WORK/x.pdf" > "$WORK/fonts.txt"
grep -q 'NotoSansCJK' "$WORK/fonts.txt" || { cat "$WORK/fonts.txt"; fail "no Noto Sans CJK in the PDF"; }
# the cover's title, the installed zh-TW table's <string id="report">
title=$(sed -n 's:.*<string id="report">\(.*\)</string>.*:\1:p' "$P/share/ssdbench/templates/i18n/zh-TW.xml")
[ -n "$title" ] || fail "no report title in the installed zh-TW.xml"
pdftotext "$WORK/x.pdf" "$WORK/x.txt"
grep -qF "$title" "$WORK/x.txt" || fail "the report lacks the zh-TW title '$title'"
# Without its data the installed program names the path it looked in ...
mv "$P/share/ssdbench" "$P/share/elsewhere"
run_rc "$WORK/o.log" "$WORK/e.log" inst "$P/bin/ssdbench" report "$WORK/a" -o "$WORK/y.pdf"
[ "$rc" -ne 0 ] || fail "report without share/ssdbench succeeded"
grep -qF "$P/share/ssdbench/templates/" "$WORK/e.log" ||
  { cat "$WORK/e.log"; fail "the error does not name $P/share/ssdbench"; }
# ... and $SSDBENCH_HOME points it at another copy.
run_rc "$WORK/o.log" "$WORK/e.log" inst env SSDBENCH_HOME="$P/share/elsewhere" \
  "$P/bin/ssdbench" report "$WORK/a" -o "$WORK/y.pdf"
[ "$rc" -eq 0 ] || { cat "$WORK/e.log"; fail "report with SSDBENCH_HOME"; }
mv "$P/share/elsewhere" "$P/share/ssdbench"

# The manual: one section per command of --help, every option of each command's --help.
"$P/bin/ssdbench" --help | awk '/^commands:/ { f = 1; next } f && !NF { f = 0 } f { print $1 }' \
  | sort > "$WORK/cmds.help"
[ "$(wc -l < "$WORK/cmds.help")" -ge 15 ] || fail "--help lists $(wc -l < "$WORK/cmds.help") commands"
MANWIDTH=200 man -P cat -l "$P/share/man/man1/ssdbench.1" > "$WORK/man.txt" 2> "$WORK/man.err"
[ ! -s "$WORK/man.err" ] || { cat "$WORK/man.err"; fail "man -l warns"; }
awk '/^   ssdbench [a-z-]+ / { print $2 }' "$WORK/man.txt" | sort > "$WORK/cmds.man"
diff "$WORK/cmds.help" "$WORK/cmds.man" || fail "the manual's commands differ from --help's"
while read -r c; do
  awk -v c="$c" '/^   ssdbench / { f = ($2 == c) } f' "$WORK/man.txt" > "$WORK/sec.txt"
  for o in $("$P/bin/ssdbench" "$c" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    grep -q -- "$o" "$WORK/sec.txt" || fail "the manual's '$c' section lacks $o"
  done
done < "$WORK/cmds.help"

# The completion, in a bash without the bash-completion package.
comp() {  # comp DIR WORD...: COMPREPLY for the words, one a line, sorted
  (cd "$1" && shift && bash --norc --noprofile -c '
    . "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _ssdbench
    printf "%s\n" "${COMPREPLY[@]}"' "$P/share/bash-completion/completions/ssdbench" "$@") |
    sed '/^$/d' | sort | tr '\n' ' '
}
# (issue #25 says 'co' gives compare and check: check does not begin with 'co'; 'c' gives both)
expect_eq "complete 'ssdbench co'" "$(comp / ssdbench co)" "compare "
cs=$("$SSDBENCH" --help | awk '/^commands:/ { f = 1; next } f && !NF { f = 0 } f && /^  c/ { print $1 }' |
     sort | tr '\n' ' ')
case " $cs" in *" check "*" compare "*) ;; *) fail "--help's c-commands: $cs" ;; esac
expect_eq "complete 'ssdbench c'" "$(comp / ssdbench c)" "$cs"
expect_eq "complete 'ssdbench report --la'" "$(comp / ssdbench report --la)" "--lang "
langs=$(ls "$SRC/templates/i18n" | sed -n 's/^\([a-zA-Z-]*\)\.xml$/\1/p' | sort | tr '\n' ' ')
expect_eq "complete 'report --lang'" "$(comp / ssdbench report --lang '')" "$langs"
plans=$(cd "$P/share/ssdbench" && ls testplans/snia-*.xml | sort | tr '\n' ' ')
expect_eq "complete 'run testplans/snia-'" "$(comp "$P/share/ssdbench" ssdbench run testplans/snia-)" \
  "$plans"
devs=$(for d in /sys/class/block/*; do [ -e "$d" ] && echo "/dev/${d##*/}"; done | sort | tr '\n' ' ')
[ -n "$devs" ] || fail "no block devices in /sys/class/block"
expect_eq "complete 'run --target dut=/dev/'" "$(comp / ssdbench run --target dut = /dev/)" "$devs"
expect_eq "complete 'probe /dev/'" "$(comp / ssdbench probe /dev/)" "$devs"
echo "install: ok"
