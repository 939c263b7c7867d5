#!/bin/bash
# The real-ALSA proof: boots the host's kernel in QEMU with the snd-aloop loopback card and
# records the loopback's capture side (hw:Loopback,1,0) with arecord while Nightstand plays on
# its playback side (hw:Loopback,0,0) (init.sh):
#  1. the chime through `nightstand sounds --play tone --fade 2 --seconds 3`: silence, then
#     sound, its level rising over the fade, and silence again after the stop;
#  2. an alarm in `nightstand run` (headless, 400x240): the sound starts within 1 s of the
#     alarm's time, rises over its fade-in, a snooze key (uinput) silences it, it rings again
#     at the snooze's end and a dismiss key ends it; the screen shows the alarm view while it
#     rings and, after the dismiss, exactly what `nightstand snapshot` draws for that minute;
#  3. the clock set from 07:01 to 08:30: the timerfd (TFD_TIMER_CANCEL_ON_SET) tells the display
#     at once, and the 08:00 alarm the jump passed does not ring.
# Usage: run.sh [NIGHTSTAND_BINARY]  (default .build/debug/nightstand); needs qemu-system-x86,
# busybox-static, alsa-utils (arecord), cpio, python3, a C compiler, the fonts scripts/deps
# installs; exits 77 when one is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:-$here/../../../../.build/debug/nightstand}
# The installed Debian kernel (linux-image-amd64), as the display tests boot it.
release=$(find /usr/lib/modules -path '*/kernel/sound/drivers/snd-aloop.ko' 2>/dev/null |
    sed 's|/usr/lib/modules/||; s|/.*||' | sort -V | tail -1)
kernel=/boot/vmlinuz-$release
modules=/usr/lib/modules/$release/kernel
for tool in qemu-system-x86_64 busybox arecord cpio python3 fc-cache "${CC:-cc}"; do
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
for tool in sh mount sleep cat echo insmod od tr fold cut poweroff date awk mkfifo sed grep kill; do
    ln -s busybox "$root/bin/$tool"
done
cp "$binary" "$root/bin/nightstand"
cp "$(command -v arecord)" "$root/bin/"
"${CC:-cc}" -O2 -Wall -o "$root/bin/wavlevels" "$here/wavlevels.c" -lm
"${CC:-cc}" -O2 -Wall -o "$root/bin/uinput-device" "$here/../uinput-device.c"
asound=/usr/lib/x86_64-linux-gnu/libasound.so.2
sndfile=/usr/lib/x86_64-linux-gnu/libsndfile.so.1
for object in "$root/bin/nightstand" "$root/bin/arecord" "$root/bin/wavlevels" "$asound" "$sndfile"; do
    ldd "$object" | awk '/=> \//{print $3}'
done | sort -u | while read -r lib; do cp -L "$lib" "$root/lib/x86_64-linux-gnu/"; done
cp -L "$asound" "$sndfile" "$root/lib/x86_64-linux-gnu/"
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
cp -a /usr/share/alsa "$root/usr/share/"
cp "$modules/sound/soundcore.ko" "$modules/sound/core/"{snd,snd-timer,snd-pcm}.ko \
    "$modules/sound/drivers/snd-aloop.ko" "$modules/drivers/input/evdev.ko" \
    "$modules/drivers/input/misc/uinput.ko" "$root/lib/modules/"
# The fonts the display draws with, and fontconfig's configuration and cache of them.
mkdir -p "$root/etc" "$root/usr/share/fonts" "$root/var/cache/fontconfig"
cp -rL /etc/fonts "$root/etc/fonts"
for pattern in 'opentype/inter/Inter-*.otf' 'truetype/quicksand/*.ttf' 'truetype/dejavu/DejaVuS*.ttf' \
    'truetype/material-design-icons-iconfont/*.ttf'; do
    dir=$root/usr/share/fonts/$(dirname "$pattern")
    mkdir -p "$dir"
    # shellcheck disable=SC2086 # the pattern expands here, under /usr/share/fonts
    cp /usr/share/fonts/$pattern "$dir/"
done
fc-cache --sysroot="$root" --system-only
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1 >"$work/initrd.gz")
timeout 600 qemu-system-x86_64 -M pc -accel tcg -m 1024 -display none -vga none -nographic \
    -no-reboot -kernel "$kernel" -initrd "$work/initrd.gz" \
    -append "console=ttyS0 quiet loglevel=3 panic=-1" >"$work/console.log" 2>&1
# What the display shows after the dismiss, as `nightstand snapshot` draws it on this machine
# (the same fonts): the default clock and date at 07:01.
sed -n '/^\[display\]/,/^TOML$/p' "$here/init.sh" | sed '$d' >"$work/alarm.toml"
TZ=UTC "$binary" snapshot --config "$work/alarm.toml" --at 2026-11-30T07:01:30 \
    --out "$work/after.png" >/dev/null
python3 - "$work/console.log" "$work/after.png" <<'PY'
import re, struct, sys, zlib
log = open(sys.argv[1], errors="replace").read()

def fail(message):
    sys.exit("sound: " + message + "\n" + log[-3000:])

def levels(name):
    found = re.search(r"=== %s ([0-9 ]*)" % name, log)
    if not found:
        fail("no %s in the console" % name)
    return [int(v) for v in found.group(1).split()]

# 1. `nightstand sounds --play`.
if "it opens." not in log:
    fail("the VM did not get as far as playing")
rms = levels("levels")
print("sound: rms per 0.1 s:", " ".join(map(str, rms)))
loud = [i for i, v in enumerate(rms) if v > 2]
if not loud:
    fail("the recording is silent")
first, last = loud[0], loud[-1]
play = re.search(r"=== play ([0-9.]+)(?: [0-9.]+)? arecord-started ([0-9.]+)", log)
offset = float(play.group(1)) - float(play.group(2))
print("sound: the command ran %.2f s into the recording; sound from %.1f s to %.1f s"
      % (offset, first / 10, (last + 1) / 10))
# Silence before; the first 0.3 s of sound well under a later window (the fade rises: the
# gain at 0.3 s of a 2 s fade is 2 % of the volume, at 1.2 s 36 %); silence after the stop.
if first < 3:
    fail("no silence before the sound")
early = max(rms[first:first + 3])
later = max(rms[first + 10:last + 1]) if last >= first + 10 else 0
if not later > 4 * early:
    fail("the level does not rise over the fade (%d, then %d)" % (early, later))
if last + 3 >= len(rms) or any(v > 2 for v in rms[last + 1:]):
    fail("no silence after the stop")
print("sound: rose from %d to %d, lasted %.1f s, then silence: ok" % (early, later, (last + 1 - first) / 10))

# 2. The alarm. Times are seconds after the clock was set to 06:59:55: the alarm is due at 5.
times = re.search(r"=== alarm set ([0-9.]+) recorded ([0-9.]+)", log)
snoozed = re.search(r"=== snoozed at ([0-9.]+)", log)
dismissed = re.search(r"=== dismissed at ([0-9.]+)", log)
if not (times and snoozed and dismissed):
    fail("the alarm part did not finish")
set_at, recorded = float(times.group(1)), float(times.group(2))
rms = levels("alarm levels")
def at(index):  # a window's start, in seconds after the clock was set
    return recorded - set_at + index / 10
loud = [i for i, v in enumerate(rms) if v > 2]
if not loud:
    fail("the alarm made no sound")
onset = at(loud[0])
print("alarm: sound from %.1f s (due at 5.0 s); snooze key at %.1f s, dismiss key at %.1f s"
      % (onset, float(snoozed.group(1)) - set_at, float(dismissed.group(1)) - set_at))
if not 4.8 <= onset <= 6.0:  # 0.1 s windows: the one holding the start may begin before it
    fail("the alarm's sound started at %.1f s, not within 1 s of its time (5 s)" % onset)
first = loud[0]
early, later = max(rms[first:first + 3]), max(rms[first + 30:first + 40])
if not later > 4 * early:
    fail("the alarm's level does not rise over its fade-in (%d, then %d)" % (early, later))
snooze = float(snoozed.group(1)) - set_at
quiet = [at(i) for i, v in enumerate(rms) if at(i) > snooze + 0.5 and at(i) < 68]
if any(v > 2 for i, v in enumerate(rms) if snooze + 0.5 < at(i) < 68):
    fail("sound went on after the snooze key")
again = [at(i) for i, v in enumerate(rms) if v > 2 and at(i) > 60]
if not again or not snooze + 59.5 <= again[0] <= snooze + 61.5:
    fail("the alarm did not ring again at the snooze's end (%.1f s after the key)" % ((again or [0])[0] - snooze))
dismiss = float(dismissed.group(1)) - set_at
if any(v > 2 for i, v in enumerate(rms) if at(i) > dismiss + 0.5):
    fail("sound went on after the dismiss key")
print("alarm: rose from %d to %d; silent 0.5 s after the snooze; rang again %.1f s after it; silent after the dismiss: ok"
      % (early, later, again[0] - snooze))
listed = re.search(r"=== list (test .*)", log)
if not listed or not re.search(r"snoozed until 07:01:0[4-6]", listed.group(1)):
    fail("alarm list did not say snoozed until 07:01:04: %s" % (listed.group(1) if listed else "nothing"))
if not re.search(r"=== status sound: .*on \"hw:Loopback,0,0\"", log):
    fail("status did not say the sound's device")

def png(hexed):
    data = bytes.fromhex(re.sub(r"[^0-9a-f]", "", hexed))
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    chunks, i = b"", 8
    while i < len(data):
        length, name = struct.unpack(">I4s", data[i:i + 8])
        if name == b"IDAT":
            chunks += data[i + 8:i + 8 + length]
        i += 12 + length
    raw, bpp = zlib.decompress(chunks), {2: 3, 6: 4}[kind]
    stride, rows, prior = width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prior[x], prior[x - bpp] if x >= bpp else 0
            p = a + b - c
            pred = [0, a, b, (a + b) // 2,
                    a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else b if abs(p - b) <= abs(p - c) else c][f]
            line[x] = (line[x] + pred) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prior = line
    return rows

def shown(name):
    part = log.split("=== png %s" % name)
    if len(part) < 2:
        fail("no picture of the screen %s" % name)
    return png(part[1].split("=== end")[0])

ringing = shown("ringing")
orange = sum(1 for row in ringing for (r, g, b) in row if r > 200 and 120 < g < 190 and b < 60)
if orange < 2000:
    fail("the screen did not show the alarm view while it rang (%d orange pixels)" % orange)
after, expected = shown("after"), png(open(sys.argv[2], "rb").read().hex())
differing = sum(1 for a, b in zip(after, expected) for p, q in zip(a, b)
                if max(abs(x - y) for x, y in zip(p, q)) > 2)
if differing:
    fail("after the dismiss the screen differs from nightstand snapshot in %d pixels" % differing)
print("alarm: the alarm view while ringing (%d orange pixels); after the dismiss what snapshot draws: ok" % orange)
jumped = re.search(r"=== jumped at ([0-9.]+)", log)
if not jumped or not re.search(r"=== log .*the clock jumped by 5[0-9]{3} s", log):
    fail("the display did not hear the clock jump")
if not re.search(r"=== log .*alarm later: 08:00 passed by a clock jump of 5[0-9]{3} s; not rung", log):
    fail("the 08:00 alarm was not passed over for the jump")
if re.search(r"=== log .*alarm later: ringing", log):
    fail("the 08:00 alarm rang for a time only the clock jump passed")
print("alarm: the clock set forward to 08:30: heard at once, the 08:00 alarm not rung: ok")
PY
