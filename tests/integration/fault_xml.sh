#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hostile plans are refused quickly (exit 2, a located message, within 10 s) and
# never read anything else: an external entity (XXE) and an external DTD pointing
# at a FIFO (opening it would block), a parameter entity, an entity-expansion bomb,
# elements nested 100000 deep, and a plan over the size limit.
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
{ printf '<plan name="big" title="'; head -c 17000000 /dev/zero | tr '\0' A; echo "\">$body</plan>"; } > "$WORK/big.xml"

# refused NAME PATTERN: "ssdbench check" exits 2 within 10 s with PATTERN on stderr.
refused() {
  set +e
  timeout 10 "$SSDBENCH" check "$WORK/$1.xml" > "$WORK/$1.out" 2> "$WORK/$1.err"
  rc=$?
  set -e
  [ "$rc" != 124 ] || fail "$1: still parsing after 10 s"
  expect_eq "$1: exit code" "$rc" 2
  check "$1: message" grep -q "$2" "$WORK/$1.err"
  if grep -q "SECRET-$$" "$WORK/$1.out" "$WORK/$1.err"; then fail "$1: read an outside file"; fi
}
refused xxe "^$WORK/xxe.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
refused extdtd "^$WORK/extdtd.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
refused param "^$WORK/param.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
refused bomb "^$WORK/bomb.xml:2:1: error: a DOCTYPE or ENTITY declaration is not allowed"
refused deep "^$WORK/deep.xml:1:[0-9]*: error: excessive depth in document"
refused big "^$WORK/big.xml: error: plan file is larger than 16 MiB"
echo "fault_xml: ok"
