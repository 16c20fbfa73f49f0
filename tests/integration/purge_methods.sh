#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every purge method of the table (ssdbench plan-reference), on a file and on a loop
# device: the dry run and the run decide alike -- both go on, or both refuse with the
# same reason before anything is written (issue #19: four documented methods used to
# pass check and the dry run, then fail at run). check refuses what the kind of
# target rules out, and nothing the dry run would allow.
. "$(dirname "$0")/device_lib.sh"
need_root purge_methods

methods=$("$SSDBENCH" plan-reference | sed -n '/^## Purge methods/,$p' |
  sed -n 's/^| `\([a-z-]*\)` .*/\1/p')
check "the table lists the methods" test "$(wc -w <<< "$methods")" -ge 15
truncate -s 64M "$WORK/loop.img"
new_loop loop "$WORK/loop.img"
kname=${loop#/dev/}

plan() {  # plan FILE METHOD TARGET-ELEMENT
  cat > "$1" <<PLAN
<plan name="pm">
  $3
  <precondition name="fill" amount="4MiB" bs="1m"/>
  <purge name="erase" method="$2"/>
  <workload name="r" rw="randread" bs="4k" runtime="1s"/>
</plan>
PLAN
}
reason() { { grep -o "cannot purge '[^']*' with '[^']*': .*" "$1" || true; } | head -1 | sed "s|$WORK|WORK|g"; }

n=0
for kind in file loop; do
  for m in $methods; do
    if [ $kind = file ]; then
      plan "$WORK/p.xml" "$m" "<target name=\"dut\" file=\"f.bin\" size=\"16MiB\"/>"
      extra=(--target "dut=file:$WORK/f-$m.bin,size=16MiB")
    else
      plan "$WORK/p.xml" "$m" "<target name=\"dut\" device=\"$loop\"/>"
      extra=(--destroy "$kname")
    fi
    run_rc "$WORK/c.log" "$WORK/c.err" "$SSDBENCH" check "$WORK/p.xml"; crc=$rc
    run_rc "$WORK/d.log" "$WORK/d.err" "$SSDBENCH" run "$WORK/p.xml" --out "$WORK/D" "${extra[@]}" --dry-run
    drc=$rc; dwhy=$(reason "$WORK/d.err")
    run_rc "$WORK/r.log" "$WORK/r.err" "$SSDBENCH" run "$WORK/p.xml" --out "$WORK/R-$kind-$m" "${extra[@]}" -q
    rrc=$rc; rwhy=$(reason "$WORK/r.err")
    echo "purge_methods: $kind $m: check $crc, dry run $drc, run $rrc${rwhy:+ ($rwhy)}"
    expect_eq "$kind $m: the dry run and the run go on or refuse alike" "$([ $drc = 0 ] && echo go || echo refuse)" \
      "$([ $rrc = 0 ] && echo go || echo refuse)"
    expect_eq "$kind $m: with the same reason" "$dwhy" "$rwhy"
    if [ $rrc != 0 ]; then
      check "$kind $m: refused before any step ran" \
        test "$(jq '[.steps[]? | select(.status != "pending")] | length' "$WORK/R-$kind-$m/manifest.json" 2>/dev/null || echo 0)" = 0
    fi
    [ $crc = 0 ] || check "$kind $m: check refuses only what the dry run refuses" test $drc != 0
    n=$((n + 1))
  done
done
echo "purge_methods: ok ($n cases)"
