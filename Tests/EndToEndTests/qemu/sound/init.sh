#!/bin/sh
# The sound proof's VM (run.sh), on the snd-aloop loopback card, in two parts; what is
# recorded from the loopback's capture side is measured here (wavlevels: the level per 0.1 s)
# and printed on the console for run.sh to check.
# 1. `nightstand sounds`, then the chime played with a fade by `nightstand sounds --play`.
# 2. An alarm: the clock set to 06:59:55, `nightstand run` (headless) with an alarm at 07:00 on
#    the loopback, a keys device made with uinput: KEY_PROG1 snoozes at 07:00:09, KEY_ENTER
#    dismisses after the one-minute snooze rang again; the screen while ringing and after; then
#    the clock set from 07:01 to 08:30 (as NTP's first sync does): the 08:00 alarm does not ring.
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev; mount -t tmpfs tmp /tmp
for m in soundcore snd snd-timer snd-pcm snd-aloop evdev uinput; do insmod /lib/modules/$m.ko; done
sleep 1
uptime() { cut -d" " -f1 /proc/uptime; }
echo "=== sounds"; /bin/nightstand sounds --device hw:Loopback,0,0
started=$(uptime)
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 1 -d 6 /tmp/rec.wav &
sleep 1
echo "=== play $(uptime) arecord-started $started"
/bin/nightstand sounds --play tone --seconds 3 --fade 2 --volume 1 --device hw:Loopback,0,0
echo "=== stopped $(uptime)"
wait
echo "=== levels $(/bin/wavlevels /tmp/rec.wav 48000)"

# 2. The alarm.
cat >/tmp/alarm.toml <<'TOML'
[display]
backend = "headless"
size = "400x240"
output = "/tmp/screen.png"
[ambient]
sensor = "none"
fade = 0
[layout]
burn_in_shift = 0
[audio]
device = "hw:Loopback,0,0"
[input.keys]
KEY_PROG1 = "alarm snooze"
KEY_ENTER = "alarm dismiss"
[[alarm]]
id = "test"
time = "07:00"
label = "Test"
fade_in = "4s"
volume = 1
snooze = "1m"
[[alarm]]
id = "later"
time = "08:00"
TOML
mkfifo /tmp/keys
# A gpio-keys button board, as `dtoverlay=gpio-key` lines make them: KEY_PROG1 and KEY_ENTER.
/bin/uinput-device button button@11 0x19 1 1 0x100 148 28 </tmp/keys >/tmp/keys.out 2>&1 &
exec 7>/tmp/keys
echo ready >&7
press() { echo "key $1 1"; echo syn; echo "sleep 50"; echo "key $1 0"; echo syn; }
date -s "2026-11-30 06:59:55" >/dev/null
set_at=$(uptime)
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 1 -d 80 /tmp/alarm.wav &
recording=$!
recorded_at=$(uptime)
/bin/nightstand run --config /tmp/alarm.toml --socket /tmp/control.sock 2>/tmp/run.err &
run=$!
# until SECONDS after the clock was set
until_after() { while [ "$(echo "$(uptime) $set_at $1" | awk '{print ($1 < $2 + $3)}')" = 1 ]; do sleep 0.1; done; }
until_after 8
echo "=== png ringing"; od -An -v -tx1 /tmp/screen.png | tr -d ' \n' | fold -w 4000; echo; echo "=== end"
until_after 9
press 148 >&7
echo "=== snoozed at $(uptime)"
sleep 2
/bin/nightstand alarm list --socket /tmp/control.sock | sed 's/^/=== list /'
until_after 72
press 28 >&7
echo "=== dismissed at $(uptime)"
until_after 76
echo "=== png after"; od -An -v -tx1 /tmp/screen.png | tr -d ' \n' | fold -w 4000; echo; echo "=== end"
date -s "2026-11-30 08:30:00" >/dev/null
echo "=== jumped at $(uptime)"
sleep 3
echo "=== status"; /bin/nightstand status --socket /tmp/control.sock | grep -E "^(sound|appearance):" | sed 's/^/=== status /'
wait $recording
kill -TERM $run; wait $run
echo "=== alarm set $set_at recorded $recorded_at"
echo "=== alarm levels $(/bin/wavlevels /tmp/alarm.wav 48000)"
sed 's/^/=== log /' /tmp/run.err
exec 7>&-
poweroff -f
