#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the initramfs the VM test boots: busybox (static), ssdbench, fio, mdadm,
# bash and jq with the shared libraries ldd names, ssdbench's templates and the
# Noto Sans CJK fonts its report needs, the kernel modules for md RAID 0, NVMe and
# AHCI with their dependencies (read from each module's depends= field, no depmod),
# tests/vm/init as /init and the given files under /test.
# Usage: tests/vm/mkinitramfs.sh OUT.cpio KERNEL_DIR SSDBENCH SOURCE_DIR [FILE...]
set -euo pipefail

out=${1:?usage: $0 OUT.cpio KERNEL_DIR SSDBENCH SOURCE_DIR [FILE...]}
kdir=${2:?}; ssdbench=${3:?}; src=${4:?}
shift 4
root=$(mktemp -d "${TMPDIR:-/tmp}/ssdbench-initramfs.XXXXXX")
trap 'rm -rf "$root"' EXIT
die() { echo "mkinitramfs.sh: $*" >&2; exit 1; }

mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,run,tmp,root,etc,test,var/cache}
busybox=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
ldd "$busybox" > /dev/null 2>&1 && die "'$busybox' is not static (apt-get install busybox-static)"
cp "$busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"

# copy_bin PROGRAM DEST: the program and every library it loads, at their own paths.
copy_bin() {
  local prog lib
  prog=$(command -v "$1") || die "'$1' not found"
  cp "$prog" "$root$2"
  for lib in $(ldd "$prog" | awk '/=> \// { print $3 } /^\t\// { print $1 }'); do
    [ -e "$root$lib" ] && continue
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
}
copy_bin "$ssdbench" /usr/bin/ssdbench
for p in fio bash jq; do copy_bin "$p" "/usr/bin/$p"; done
copy_bin mdadm /sbin/mdadm
# The dynamic loader as the programs name it (PT_INTERP).
mkdir -p "$root/lib64"
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"

# What the report needs: the templates and the fonts templates/fonts.conf names.
mkdir -p "$root/usr/share/ssdbench" "$root/usr/share/fonts/opentype/noto"
cp -r "$src/templates" "$root/usr/share/ssdbench/"
fonts=$(ls /usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc 2>/dev/null) ||
  die "Noto Sans CJK not found in /usr/share/fonts/opentype/noto (apt-get install fonts-noto-cjk)"
cp $fonts "$root/usr/share/fonts/opentype/noto/"
# fontconfig's default configuration, which pango reads besides ssdbench's own.
[ -d /etc/fonts ] && cp -r /etc/fonts "$root/etc/"

# Modules, each after the ones it depends on; /modules lists the load order.
version=$(cat "$kdir/complete")
mods=$kdir/lib/modules/$version/kernel
declare -A path_of=() loaded=()
while read -r f; do
  n=$(basename "$f" .ko)
  path_of[${n//-/_}]=$f
done < <(find "$mods" -name '*.ko')
order=()
add_module() {
  local n=${1//-/_} dep deps
  [ -n "${loaded[$n]:-}" ] && return 0
  [ -n "${path_of[$n]:-}" ] || die "module '$1' is not in $mods"
  loaded[$n]=1
  deps=$(tr '\0' '\n' < "${path_of[$n]}" | sed -n 's/^depends=//p' | head -1)
  for dep in ${deps//,/ }; do add_module "$dep"; done
  order+=("$n")
}
# The CRC providers first: crc-t10dif and crc64-rocksoft ask the crypto API for them.
for m in crct10dif_generic crc64_rocksoft_generic nvme ahci sd_mod raid0; do
  add_module "$m"
done
mkdir -p "$root/lib/modules"
for n in "${order[@]}"; do
  cp "${path_of[$n]}" "$root/lib/modules/$n.ko"
  echo "$n" >> "$root/modules"
done

cp "$src/tests/vm/init" "$root/init"
chmod 755 "$root/init"
for f in "$@"; do cp "$f" "$root/test/"; done

(cd "$root" && find . | LC_ALL=C sort | busybox cpio -o -H newc 2>/dev/null) > "$out"
