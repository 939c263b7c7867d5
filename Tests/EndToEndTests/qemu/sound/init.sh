#!/bin/sh
# The sound proof's VM (run.sh): the loopback card, `nightstand sounds`, the chime played
# with a fade onto the loopback's playback side while arecord records its capture side, the
# recording dumped on the console as hex for run.sh to measure.
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev; mount -t tmpfs tmp /tmp
for m in soundcore snd snd-timer snd-pcm snd-aloop; do insmod /lib/modules/$m.ko; done
sleep 1
echo "=== sounds"; /bin/nightstand sounds --device hw:Loopback,0,0
started=$(cut -d" " -f1 /proc/uptime)
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 1 -d 6 /tmp/rec.wav &
sleep 1
echo "=== play $(cat /proc/uptime) arecord-started $started"
/bin/nightstand sounds --play tone --seconds 3 --fade 2 --volume 1 --device hw:Loopback,0,0
echo "=== stopped $(cat /proc/uptime)"
wait
echo "=== wav"; od -An -v -tx1 /tmp/rec.wav | tr -d ' \n' | fold -w 4000; echo; echo "=== end"
poweroff -f
