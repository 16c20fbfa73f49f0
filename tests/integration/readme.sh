#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# README.md says what the code does: its command list names every command of
# 'ssdbench --help' and, on that command's lines, every option of its --help (long
# or short form), and no option the command lacks; its layout table names every
# folder of the tree and every layer of layers.txt.
. "$(dirname "$0")/lib.sh"

readme=$SRC/README.md
# The command list: the first fenced block after "## Command line".
awk '/^## Command line/ { s = 1; next } s && /^```/ { if (in_b) exit; in_b = 1; next } in_b' \
  "$readme" > "$WORK/cmds"
[ -s "$WORK/cmds" ] || fail "README.md has no command list under '## Command line'"
"$SSDBENCH" --help | awk '/^commands:/ { s = 1; next } s && NF == 0 { exit } s { print $1 }' \
  > "$WORK/names"
[ "$(wc -l < "$WORK/names")" -ge 10 ] || fail "ssdbench --help lists $(wc -l < "$WORK/names") commands"
while read -r c; do
  grep -E "^ssdbench $c( |\$)" "$WORK/cmds" > "$WORK/lines" ||
    fail "README's command list has no line for '$c'"
  # The command's options as its --help prints them: "  -o, --output FILE" or "      --x".
  "$SSDBENCH" "$c" --help | sed -n 's/^  \(-\(.\), \)\{0,1\} *--\([a-z][a-z-]*\).*/\3 \2/p' > "$WORK/opts"
  while read -r long short; do
    [ "$long" = help ] && continue
    if ! grep -qE -- "--$long([^a-z-]|\$)" "$WORK/lines" &&
       { [ -z "$short" ] || ! grep -qE -- "(^| |\[)-$short( |\$)" "$WORK/lines"; }; then
      fail "README's '$c' lines do not show --$long${short:+ (-$short)}"
    fi
  done < "$WORK/opts"
  # ... and show no option the command does not have.
  for o in $(grep -oE -- "(^| |\[|\|)--[a-z][a-z-]*" "$WORK/lines" | sed 's/.*--//' | sort -u); do
    [ "$o" = help ] || [ "$o" = version ] || awk '{ print $1 }' "$WORK/opts" | grep -qx "$o" ||
      fail "README's '$c' lines show --$o, which 'ssdbench $c --help' does not have"
  done
done < "$WORK/names"
echo "ok: README's command list: $(wc -l < "$WORK/names") commands, every option of each"

# The layout table: every folder in the tree (not build output) and every layer.
awk '/^## Layout/ { s = 1; next } s && /^## / { exit } s' "$readme" > "$WORK/layout"
for d in $(cd "$SRC" && git ls-files | awk -F/ 'NF > 1 { print $1 }' | sort -u) \
         $(grep -v '^[#A-Z]' "$SRC/layers.txt" | awk 'NF { print $1 }'); do
  grep -qF "\`$d/\`" "$WORK/layout" || fail "README's layout table does not name $d/"
done
echo "ok: README's layout table names every folder and layer"
