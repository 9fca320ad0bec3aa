#!/bin/sh
# full_fs.sh DIR FILE: runs lnr-rewrite -i on a copy of FILE on a full
# tmpfs mounted at DIR/mnt; prints "full: exit N intact|CHANGED".
dir=$1 file=$2
mkdir -p "$dir/mnt"
if ! mount -t tmpfs -o size=64k lnr-full "$dir/mnt" 2>/dev/null; then
  echo "skipped: cannot mount a tmpfs"
  exit 0
fi
trap 'umount "$dir/mnt"' EXIT
cp "$file" "$dir/mnt/k.c"
# Fill every remaining block.
dd if=/dev/zero of="$dir/mnt/filler" bs=1024 2>/dev/null
lnr-rewrite -i "$dir/mnt/k.c" -- 2> "$dir/err"
status=$?
cmp -s "$file" "$dir/mnt/k.c" && state=intact || state=CHANGED
ls "$dir/mnt" | grep -q -- -lnr- && state="$state with a temporary left"
lnr-rewrite --export-fixes="$dir/mnt/fixes.yaml" "$dir/mnt/k.c" -- > /dev/null 2>&1
fixes=$?
[ -e "$dir/mnt/fixes.yaml" ] && state="$state fixes written"
[ $fixes -eq 2 ] || state="$state fixes exit $fixes"
echo "full: exit $status $state"
