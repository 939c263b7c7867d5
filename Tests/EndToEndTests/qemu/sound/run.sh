#!/bin/bash
# The real-ALSA proof: boots the host's kernel in QEMU with the snd-aloop loopback card, plays
# the chime through `nightstand sounds --play tone --fade 2 --seconds 3` on hw:Loopback,0,0,
# records the capture side (hw:Loopback,1,0) with arecord and checks the recording: silence,
# then sound, its level rising over the fade, and silence again after the stop.
# Usage: run.sh [NIGHTSTAND_BINARY]  (default .build/debug/nightstand); needs qemu-system-x86,
# busybox-static, alsa-utils (arecord), cpio, python3; exits 77 when one is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:-$here/../../../../.build/debug/nightstand}
# The installed Debian kernel (linux-image-amd64), as the display tests boot it.
release=$(find /usr/lib/modules -path '*/kernel/sound/drivers/snd-aloop.ko' 2>/dev/null |
    sed 's|/usr/lib/modules/||; s|/.*||' | sort -V | tail -1)
kernel=/boot/vmlinuz-$release
modules=/usr/lib/modules/$release/kernel
for tool in qemu-system-x86_64 busybox arecord cpio python3; do
    command -v "$tool" >/dev/null || { echo "sound: $tool missing, skipped"; exit 77; }
done
[[ -r $kernel && -f $modules/sound/drivers/snd-aloop.ko ]] ||
    { echo "sound: no $kernel with snd-aloop.ko, skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{bin,dev,proc,sys,tmp,lib64,lib/x86_64-linux-gnu,lib/modules,usr/share}
cp "$here/init.sh" "$root/init"
cp "$(command -v busybox)" "$root/bin/"
for tool in sh mount sleep cat echo insmod od tr fold cut poweroff; do ln -s busybox "$root/bin/$tool"; done
cp "$binary" "$root/bin/nightstand"
cp "$(command -v arecord)" "$root/bin/"
asound=/usr/lib/x86_64-linux-gnu/libasound.so.2
for object in "$root/bin/nightstand" "$root/bin/arecord" "$asound"; do
    ldd "$object" | awk '/=> \//{print $3}'
done | sort -u | while read -r lib; do cp -L "$lib" "$root/lib/x86_64-linux-gnu/"; done
cp -L "$asound" "$root/lib/x86_64-linux-gnu/"
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
cp -a /usr/share/alsa "$root/usr/share/"
cp "$modules/sound/soundcore.ko" "$modules/sound/core/"{snd,snd-timer,snd-pcm}.ko \
    "$modules/sound/drivers/snd-aloop.ko" "$root/lib/modules/"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1 >"$work/initrd.gz")
timeout 300 qemu-system-x86_64 -M pc -accel tcg -m 1024 -display none -vga none -nographic \
    -no-reboot -kernel "$kernel" -initrd "$work/initrd.gz" \
    -append "console=ttyS0 quiet loglevel=3 panic=-1" >"$work/console.log" 2>&1
python3 - "$work/console.log" <<'PY'
import math, re, struct, sys
log = open(sys.argv[1], errors="replace").read()
if "=== wav" not in log or "it opens." not in log:
    sys.exit("sound: the VM did not get as far as recording:\n" + log[-3000:])
hexed = re.sub(r"[^0-9a-f]", "", log.split("=== wav")[1].split("=== end")[0])
data = bytes.fromhex(hexed[: len(hexed) // 2 * 2])[44:]
samples = struct.unpack("<%dh" % (len(data) // 2), data[: len(data) // 2 * 2])
window = 4800  # 0.1 s at 48 kHz
levels = [math.sqrt(sum(x * x for x in samples[i:i + window]) / window)
          for i in range(0, len(samples) - window + 1, window)]
print("sound: rms per 0.1 s:", " ".join("%.0f" % v for v in levels))
loud = [i for i, v in enumerate(levels) if v > 2]
if not loud:
    sys.exit("sound: the recording is silent")
first, last = loud[0], loud[-1]
play = re.search(r"=== play ([0-9.]+) [0-9.]+ arecord-started ([0-9.]+)", log)
offset = float(play.group(1)) - float(play.group(2))
print("sound: the command ran %.2f s into the recording; sound from %.1f s to %.1f s"
      % (offset, first / 10, (last + 1) / 10))
# Silence before; the first 0.3 s of sound well under a later window (the fade rises: the
# gain at 0.3 s of a 2 s fade is 2 % of the volume, at 1.2 s 36 %); silence after the stop.
if first < 3:
    sys.exit("sound: no silence before the sound")
early = max(levels[first:first + 3])
later = max(levels[first + 10:last + 1]) if last >= first + 10 else 0
if not later > 4 * early:
    sys.exit("sound: the level does not rise over the fade (%.0f, then %.0f)" % (early, later))
if last + 3 >= len(levels) or any(v > 2 for v in levels[last + 1:]):
    sys.exit("sound: no silence after the stop")
duration = (last + 1 - first) / 10
print("sound: rose from %.0f to %.0f, lasted %.1f s, then silence: ok" % (early, later, duration))
PY
