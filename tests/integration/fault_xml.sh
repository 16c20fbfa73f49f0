#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hostile plans are refused quickly (exit 2, a located message, within 10 s) and
# never read anything else: an external entity (XXE) and an external DTD pointing
# at a FIFO (opening it would block), a parameter entity, an entity-expansion bomb,
# elements nested 100000 deep, a plan over the size limit, and a DOCTYPE hidden from
# the byte scan in UTF-16 or UTF-7. Report templates get the same hostile inputs.
. "$(dirname "$0")/fault_lib.sh"

mkfifo "$WORK/fifo"
echo "SECRET-$$" > "$WORK/secret.txt"
body='<target name="dut" file="t.bin" size="16MiB"/><workload name="w" rw="read" bs="4k" runtime="1s"/>'
cat > "$WORK/xxe.xml" <<EOF2
<?xml version="1.0"?>
<!DOCTYPE plan [ <!ENTITY xxe SYSTEM "file://$WORK/fifo"> <!ENTITY s SYSTEM "file://$WORK/secret.txt"> ]>
<plan name="xxe" title="&xxe;&s;">$body</plan>
EOF2
cat > "$WORK/extdtd.xml" <<EOF2
<?xml version="1.0"?>
<!DOCTYPE plan SYSTEM "$WORK/fifo">
<plan name="extdtd">$body</plan>
EOF2
cat > "$WORK/param.xml" <<EOF2
<?xml version="1.0"?>
<!DOCTYPE plan [ <!ENTITY % ext SYSTEM "file://$WORK/fifo"> %ext; ]>
<plan name="param">$body</plan>
EOF2
{
  echo '<?xml version="1.0"?>'
  echo '<!DOCTYPE plan ['
  echo '<!ENTITY a0 "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA">'
  for i in $(seq 1 12); do
    printf '<!ENTITY a%d "%s">\n' "$i" "$(printf "&a$((i - 1));%.0s" $(seq 10))"
  done
  echo ']>'
  echo "<plan name=\"bomb\" title=\"&a12;\">$body</plan>"
} > "$WORK/bomb.xml"
{
  printf '<plan name="deep">'
  head -c 400000 /dev/zero | sed 's/\x00\x00\x00\x00/<x>/g'
  head -c 400000 /dev/zero | sed 's/\x00\x00\x00\x00/<\/x>/g'
  echo '</plan>'
} > "$WORK/deep.xml"
# The XXE plan re-encoded: "<!DOCTYPE" is no longer those bytes, libxml2 would decode it.
iconv -f UTF-8 -t UTF-16 "$WORK/xxe.xml" > "$WORK/utf16.xml"
sed '1s/version="1.0"/version="1.0" encoding="UTF-7"/; 1!s/</+ADw-/g' "$WORK/xxe.xml" > "$WORK/utf7.xml"
{ printf '<plan name="big" title="'; head -c 17000000 /dev/zero | tr '\0' A; echo "\">$body</plan>"; } > "$WORK/big.xml"

# refused NAME RC PATTERN COMMAND...: COMMAND exits RC within 10 s with PATTERN on
# stderr, and shows nothing of the outside file.
refused() {
  local name=$1 want=$2 pattern=$3
  shift 3
  set +e
  timeout 10 "$@" > "$WORK/$name.out" 2> "$WORK/$name.err"
  rc=$?
  set -e
  [ "$rc" != 124 ] || fail "$name: still parsing after 10 s"
  expect_eq "$name: exit code" "$rc" "$want"
  check "$name: message" grep -q "$pattern" "$WORK/$name.err"
  if grep -q "SECRET-$$" "$WORK/$name.out" "$WORK/$name.err"; then fail "$name: read an outside file"; fi
}
# A plan: "ssdbench check" exits 2.
plan_refused() { refused "$1" 2 "$2" "$SSDBENCH" check "$WORK/$1.xml"; }
plan_refused xxe "^$WORK/xxe.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
plan_refused extdtd "^$WORK/extdtd.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
plan_refused param "^$WORK/param.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
plan_refused bomb "^$WORK/bomb.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
plan_refused deep "^$WORK/deep.xml:1:[0-9]*: error: excessive depth in document"
plan_refused big "^$WORK/big.xml: error: plan '$WORK/big.xml' is larger than 4 MiB, the limit for one plan file"
plan_refused utf16 "^$WORK/utf16.xml:1:1: error: start tag expected"
plan_refused utf7 "^$WORK/utf7.xml:2:1: error: start tag expected"

# Templates: "ssdbench report -t" exits 2 (a bad input, as a plan) with a located
# message, reads nothing else.
archive=$SRC/samples/archives/qd-sweep
tmpl_refused() {
  refused "$1" 2 "$2" "$SSDBENCH" report "$archive" -t "$WORK/$1.xml" -o "$WORK/t.pdf" \
    --svg "$WORK/svg" --png "$WORK/png"
  check "template $1: no PDF" test ! -e "$WORK/t.pdf"
}
for f in xxe extdtd param bomb deep; do
  sed 's/<plan name="[a-z0-9]*"[^>]*>.*<\/plan>/<report><chart kind="summary" title="\&s;"\/><\/report>/; s/plan/report/g' \
    "$WORK/$f.xml" > "$WORK/t-$f.xml"
done
{ printf '<report><chart kind="summary" title="'; head -c 1100000 /dev/zero | tr '\0' A
  echo '"/></report>'; } > "$WORK/t-big.xml"
iconv -f UTF-8 -t UTF-16 "$WORK/t-xxe.xml" > "$WORK/t-utf16.xml"
sed '1s/version="1.0"/version="1.0" encoding="UTF-7"/; 1!s/</+ADw-/g' "$WORK/t-xxe.xml" > "$WORK/t-utf7.xml"
tmpl_refused t-xxe "^$WORK/t-xxe.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
tmpl_refused t-extdtd "^$WORK/t-extdtd.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
tmpl_refused t-param "^$WORK/t-param.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
tmpl_refused t-bomb "^$WORK/t-bomb.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
tmpl_refused t-utf16 "^$WORK/t-utf16.xml:1:1: error: start tag expected"
tmpl_refused t-utf7 "^$WORK/t-utf7.xml:2:1: error: start tag expected"
tmpl_refused t-deep "^$WORK/t-deep.xml:1:[0-9]*: error: "
tmpl_refused t-big "^$WORK/t-big.xml: error: file is larger than 1024 KiB"
echo "fault_xml: ok"
