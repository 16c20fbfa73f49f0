#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Brings Debian's current amd64 kernel (the package linux-image-amd64 depends on)
# into a cache folder, once: CACHE/<package>/vmlinuz and lib/modules/<version>/
# (block, md, NVMe, ATA/SCSI and the library modules they need; the rest is
# dropped). Prints that folder. Exits 77 with the reason when apt cannot get it.
# Usage: tests/vm/kernel.sh CACHE
set -euo pipefail

cache=${1:?usage: $0 CACHE}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
skip() { echo "kernel.sh: $*" >&2; exit 77; }

command -v apt-get > /dev/null || skip "no apt-get: cannot download Debian's kernel package"
pkg() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ { print $2; exit }'; }
name=$(pkg)
if [ -z "$name" ] && [ "$(id -u)" -eq 0 ]; then
  apt-get update -q > /dev/null 2>&1 || true
  name=$(pkg)
fi
[ -n "$name" ] || skip "apt-cache does not know linux-image-amd64 (no Debian package lists; run apt-get update)"

dir=$cache/$name
if [ -f "$dir/vmlinuz" ] && [ -f "$dir/complete" ]; then
  echo "$dir"
  exit 0
fi

tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# apt-get download drops to the _apt user when it can; the folder must let it write.
chmod 755 "$tmp"
download() { (cd "$tmp" && apt-get download "$name" > download.log 2>&1); }
# Package lists older than the mirror name a kernel it no longer has: update once.
if ! download && [ "$(id -u)" -eq 0 ] && apt-get update -q > /dev/null 2>&1; then
  name=$(pkg)
  dir=$cache/$name
  download || true
fi
ls "$tmp"/"$name"_*.deb > /dev/null 2>&1 ||
  skip "apt-get download $name failed: $(tail -1 "$tmp/download.log")"
dpkg-deb -x "$tmp"/"$name"_*.deb "$tmp/x" || skip "cannot unpack $name"
version=$(ls "$tmp/x/lib/modules")
rm -rf "$dir"
mkdir -p "$dir/lib/modules/$version/kernel"
cp "$tmp/x/boot/vmlinuz-$version" "$dir/vmlinuz"
cp "$tmp/x/lib/modules/$version"/modules.{builtin,order} "$dir/lib/modules/$version/"
for sub in drivers/md drivers/nvme drivers/ata drivers/scsi drivers/hwmon lib crypto block \
           arch/x86/crypto; do
  if [ -d "$tmp/x/lib/modules/$version/kernel/$sub" ]; then
    mkdir -p "$dir/lib/modules/$version/kernel/$(dirname "$sub")"
    cp -r "$tmp/x/lib/modules/$version/kernel/$sub" "$dir/lib/modules/$version/kernel/$sub"
  fi
done
echo "$version" > "$dir/complete"
echo "$dir"
