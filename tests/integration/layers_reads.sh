#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The reads rule of scripts/layers: in report/'s folders and parsers/, an object that
# calls a plain read (fopen, json_load_file, a READS row's function from another
# module) fails the check by name; safefile calls, the READS rows' own modules and
# the folders outside the guard pass. Deliberate violations, compiled into a build
# folder of their own over a tree holding the real layers.txt.
. "$(dirname "$0")/lib.sh"

top=$WORK/tree
build=$WORK/build
mkdir -p "$top"
cp "$SRC/layers.txt" "$top/"
# obj FOLDER NAME CODE: FOLDER/NAME.c in the tree, its object where CMake puts it.
obj() {
  mkdir -p "$top/$1" "$build/$1/CMakeFiles/sb_x.dir"
  printf '%s\n' "$3" > "$top/$1/$2.c"
  cc -std=c11 -w -c -o "$build/$1/CMakeFiles/sb_x.dir/$2.c.o" "$top/$1/$2.c"
}
decls='#include <stdio.h>
void *json_load_file(const char *, unsigned long, void *);
void *xmlfile_read(const char *, void *, void *);
int safefile_load(const char *, const char *, unsigned long, void *, void *);'
# The violations.
obj report/run evil_csv "$decls
int f(const char *dir) { char p[256]; snprintf(p, sizeof p, \"%s/results.csv\", dir);
  FILE *x = fopen(p, \"r\"); return x != NULL; }"
obj parsers evil_json "$decls
void *f(const char *path) { return json_load_file(path, 0, 0); }"
obj report/model evil_tmpl "$decls
void *f(const char *path) { return xmlfile_read(path, 0, 0); }"
# What passes: the safe-file layer, a READS row's own module, outside the guard.
obj report/lineup good_safe "$decls
int f(const char *dir, void *sb) { return safefile_load(dir, \"results.csv\", 1, sb, 0); }"
obj report/model i18n "$decls
void *f(const char *path) { return xmlfile_read(path, 0, 0); }"
obj orchestrator/cli outside "$decls
int f(const char *p) { return fopen(p, \"r\") != NULL; }"

run_rc "$WORK/bad.out" "$WORK/bad.err" bash "$SRC/scripts/layers" --reads "$build" "$top"
expect_eq "violations: exit" "$rc" 1
for v in "report/run/evil_csv.c calls fopen()" "parsers/evil_json.c calls json_load_file()" \
         "report/model/evil_tmpl.c calls xmlfile_read()"; do
  check "names '$v'" grep -qF "layers: $v: a plain read where archives are read" "$WORK/bad.err"
done
expect_eq "findings" "$(grep -c 'a plain read' "$WORK/bad.err")" 3
check "the safe-file call passes" sh -c "! grep -q good_safe '$WORK/bad.err'"
check "the READS row's module passes" sh -c "! grep -q 'report/model/i18n.c' '$WORK/bad.err'"
check "outside the guarded folders passes" sh -c "! grep -q outside '$WORK/bad.err'"

# Without the violations the same check passes, and it looked at the calls.
rm "$build"/report/*/CMakeFiles/sb_x.dir/evil_* "$build"/parsers/CMakeFiles/sb_x.dir/evil_*
run_rc "$WORK/ok.out" "$WORK/ok.err" bash "$SRC/scripts/layers" --reads "$build" "$top"
[ "$rc" = 0 ] || { cat "$WORK/ok.err" >&2; fail "no violation: exit $rc"; }
check "says what it looked at" grep -q "no plain read in  *report/model report/draw report/doc report/run report/lineup report/plot parsers" "$WORK/ok.out"
echo "layers_reads: ok"
