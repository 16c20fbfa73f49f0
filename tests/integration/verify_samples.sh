#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #25: SHA-256 comes from nettle now; every archive written before with a file list
# (samples/archives/*; qd-sweep is older, from before the list) still verifies, each
# file's sum in its manifest is sha256sum's, and a changed byte in a copy fails verify.
. "$(dirname "$0")/lib.sh"

n=0
for a in "$SRC"/samples/archives/*/; do
  [ -f "$a/manifest.json" ] || continue
  name=$(basename "$a")
  [ "$(jq '.files | length' "$a/manifest.json")" -gt 0 ] || continue
  "$SSDBENCH" verify "$a" > "$WORK/v.log" 2>&1 || { cat "$WORK/v.log"; fail "verify $name"; }
  jq -r '.files[] | "\(.sha256)  \(.path)"' "$a/manifest.json" > "$WORK/sums"
  (cd "$a" && sha256sum --quiet -c "$WORK/sums") || fail "$name: sha256sum disagrees with the manifest"
  n=$((n + 1))
done
[ "$n" -ge 5 ] || fail "only $n sample archives"
cp -r "$SRC/samples/archives/snia-iops" "$WORK/a"
f=$(jq -r '.files[0].path' "$WORK/a/manifest.json")
printf 'x' | dd of="$WORK/a/$f" bs=1 seek=0 conv=notrunc status=none
run_rc "$WORK/o.log" "$WORK/e.log" "$SSDBENCH" verify "$WORK/a"
[ "$rc" -ne 0 ] || fail "verify passed a changed $f"
echo "verify_samples: ok ($n archives)"
