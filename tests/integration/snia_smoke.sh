#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The fixture it_snia_plans and it_snia_xsrdirth share (ctest FIXTURES_SETUP
# snia_smoke): one smoke run of each of testplans/snia-{xsr,dirth,ecw}.xml on a fresh
# 256 MiB file, each into $SNIA_SMOKE/PLAN (made anew). The two tests copy the
# archives and hold them to their own assertions; each run's own success is checked
# here, and again by them (status, verify).
. "$(dirname "$0")/lib.sh"

[ -n "${SNIA_SMOKE:-}" ] || fail "SNIA_SMOKE is not set (tests/orchestrator.cmake sets it)"
rm -rf "$SNIA_SMOKE"
mkdir -p "$SNIA_SMOKE"
cd "$SRC"
for p in xsr dirth ecw; do
  t0=$SECONDS
  run_ok "testplans/snia-$p.xml" "$SNIA_SMOKE/$p" --target "dut=file:$WORK/$p.bin,size=256MiB" \
    --set smoke=1 -q
  rm -f "$WORK/$p.bin"
  expect_eq "snia-$p smoke: run status" "$(jq -r .status "$SNIA_SMOKE/$p/manifest.json")" complete
  echo "snia-$p smoke: $((SECONDS - t0)) s"
done
echo "snia_smoke: ok"
