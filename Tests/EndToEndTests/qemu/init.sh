#!/bin/sh
# PID 1 of the test VM. Loads the driver named by ns_driver= on the kernel command line, then
# runs each case of ns_cases= (comma-separated), talking to the host over the serial console:
#   @@READY name@@            waits for "go"   (host dumps the console: name-before.ppm)
#   @@SHOWN name WxH rc@@     waits for "go"   (host dumps the frame: name.ppm)
#   @@DONE name rc@@          waits for "go"   (host dumps again: name-after.ppm)
# Case names: drm, drm-noflip, fbdev-R (rotation R), nocard.
export PATH=/bin LD_LIBRARY_PATH=/lib/x86_64-linux-gnu
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
arg() { tr ' ' '\n' </proc/cmdline | grep "^$1=" | cut -d= -f2; }
driver=$(arg ns_driver)
format=$(arg ns_format)
if [ -n "$driver" ]; then
    while read -r module; do
        case "$module" in
            bochs.ko|cirrus.ko|virtio-gpu.ko) [ "$module" = "$driver.ko" ] || continue ;;
        esac
        insmod "/lib/modules/$module" 2>/dev/null
    done </lib/modules/order
    n=0
    while [ ! -e /dev/dri/card0 ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
    sleep 1
fi
echo "nightstand end-to-end: console text on tty1" >/dev/tty1
# A steady cursor: screendumps before and after a case then see the same console picture.
echo 0 >/sys/class/graphics/fbcon/cursor_blink
wait_go() { read -r _; }

/bin/nightstand displays
for case in $(arg ns_cases | tr ',' ' '); do
    echo "@@READY $case@@"
    wait_go
    args="--format $format"
    case $case in
        drm) args="$args --backend drm" ;;
        drm-noflip) args="$args --backend drm --no-page-flip" ;;
        fbdev-*) args="$args --backend fbdev --rotation ${case#fbdev-}" ;;
        nocard) args="--backend drm" ;;
    esac
    # Fresh files first: the loop below must not see the previous case's "presented".
    rm -f /tmp/out /tmp/err
    : >/tmp/out
    /bin/nightstand show-test-frame $args >/tmp/out 2>/tmp/err &
    pid=$!
    n=0
    while ! grep -q presented /tmp/out && kill -0 $pid 2>/dev/null && [ $n -lt 3000 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    cat /tmp/err
    size=$(sed -n 's/^presented \([0-9x]*\) .*/\1/p' /tmp/out)
    echo "@@SHOWN $case ${size:-none}@@"
    wait_go
    holder=
    case $case in
        # Hold the card open (without master) so the kernel's last-close does not restore
        # the console for us: only nightstand's own CRTC restore can.
        drm*) sleep 600 </dev/dri/card0 & holder=$! ;;
    esac
    kill -TERM $pid 2>/dev/null
    wait $pid
    rc=$?
    cat /tmp/err | tail -n 1
    sleep 1
    echo "@@DONE $case $rc@@"
    wait_go
    [ -n "$holder" ] && kill $holder
done
echo "@@FINISHED@@"
sync
poweroff -f
