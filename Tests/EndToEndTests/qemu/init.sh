#!/bin/sh
# PID 1 of the test VM. Loads the driver named by ns_driver= on the kernel command line, then
# runs each case of ns_cases= (comma-separated), talking to the host over the serial console:
#   @@READY name@@            waits for "go"   (host dumps the console: name-before.ppm)
#   @@SHOWN name WxH@@        waits for "go"   (host dumps the frame: name.ppm)
#   @@STEP name step@@        waits for "go"   (host dumps: name-step.ppm), once per step
#   @@DONE name rc@@          waits for "go"   (host dumps again: name-after.ppm)
# A case is a backend with options, then +steps: drm, drm-noflip, fbdev-R (rotation R),
# run (`nightstand run`, see run_display), run-network (the same with [mqtt] and [http] on
# loopback: a Mosquitto broker in the VM), run-calendar and run-sources (a calendar and an album
# from servers on the host, see sources-init.sh), inputs (input devices, see inputs_case), interact
# (`nightstand run` acted on by them, see interact_case), run-late, run-present, run-hotplug
# (`nightstand run` waiting for its screen, see late_case),
# stdin-fbdev-R (fbdev-R started on tty2 with tty1 as standard input and controlling tty, as a
# service with TTYPath=/dev/tty1 runs; no commands), nocard; steps: blank, unblank (through show-test-frame --commands), vt-away, vt-back
# (chvt 2 and chvt 1: show-test-frame answers the kernel's VT switch signals), animate (60
# moving frames paced by the display; its report goes to the serial line as "pacing: …").
export PATH=/bin LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/lib/aarch64-linux-gnu
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
# /tmp as on a real system (sticky, everyone's): the control socket's directory is checked.
mount -t tmpfs -o mode=1777 tmp /tmp
arg() { tr ' ' '\n' </proc/cmdline | grep "^$1=" | cut -d= -f2-; }
driver=$(arg ns_driver)
format=$(arg ns_format)
# ns_kms=PARAM=VALUE: a drm_kms_helper parameter (busybox insmod does not read the kernel
# command line as modprobe does), e.g. drm_fbdev_overalloc=200 for a two-screen fbdev.
kms=$(arg ns_kms)
if [ -n "$driver" ]; then
    while read -r module; do
        case "$module" in
            # ns_late=1: the display's driver is loaded later, by the run-late case.
            bochs.ko|cirrus.ko|virtio-gpu.ko)
                [ "$module" = "$driver.ko" ] && [ "$(arg ns_late)" != 1 ] || continue ;;
            # ns_render_first=1: a render-only card (vgem: no KMS) is card0, the display card1.
            vgem.ko) [ "$(arg ns_render_first)" = 1 ] || continue ;;
            drm_kms_helper.ko) insmod "/lib/modules/$module" $kms 2>/dev/null; continue ;;
            # cirrusfb, the native fbdev driver of cirrus-vga (no DRM): RGB565 instead of
            # its default 8 bpp.
            cirrusfb.ko)
                [ "$driver" = cirrusfb ] &&
                    insmod "/lib/modules/$module" mode_option=1024x768-16@60 2>/dev/null
                continue ;;
        esac
        insmod "/lib/modules/$module" 2>/dev/null
    done </lib/modules/order
    node=/dev/dri/card0
    [ "$(arg ns_render_first)" = 1 ] && node=/dev/dri/card1
    [ "$driver" = cirrusfb ] && node=/dev/fb0
    [ "$(arg ns_late)" = 1 ] && node=/
    n=0
    while [ ! -e $node ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
    sleep 1
fi
# ns_fbvirtual=W,H: the fbdev virtual size, set through sysfs as `fbset -vxres W -vyres H`
# would (busybox has no fbset); a virtual height of two screens lets the sink pan.
fbvirtual=$(arg ns_fbvirtual)
if [ -n "$fbvirtual" ]; then
    echo "$fbvirtual" >/sys/class/graphics/fb0/virtual_size
    echo "fb0 virtual size $(cat /sys/class/graphics/fb0/virtual_size)"
fi
echo "nightstand end-to-end: console text on tty1" >/dev/tty1
# A steady cursor: screendumps before and after a case then see the same console picture.
echo 0 >/sys/class/graphics/fbcon/cursor_blink
wait_go() { read -r _; }
# await WORD: waits (up to 300 s) until show-test-frame printed WORD on a line of its own.
await() {
    n=0
    while ! grep -qx "$1" /tmp/out && kill -0 $pid 2>/dev/null && [ $n -lt 3000 ]; do
        sleep 0.1
        n=$((n + 1))
    done
}

# start_run ARGUMENTS…: starts `nightstand run` at the tests' instant with the control socket
# and ARGUMENTS, in a session of its own (its pid in $pid, the seconds of uptime it started at
# in $started, its log in /tmp/err), and returns once it has shown a frame and the providers'
# first entries have replaced the placeholders (or it ended, or 5 minutes passed).
start_run() {
    rm -f /tmp/out /tmp/err
    setsid sh -c 'exec /bin/nightstand run --at 2026-11-21T10:09:00 \
        --socket /tmp/control.sock --log-level info "$@" </dev/null' start_run "$@" \
        >/tmp/out 2>/tmp/err &
    pid=$!
    started=$(cut -d. -f1 /proc/uptime)
    n=0
    until /bin/nightstand status --socket /tmp/control.sock 2>/dev/null | grep -q ", [1-9][0-9]* frame" ||
        ! kill -0 $pid 2>/dev/null || [ $n -ge 600 ]; do
        sleep 0.5
        n=$((n + 1))
    done
    sleep 3
}

# The run case: `nightstand run` on DRM with no config file (the default clock and date) at a
# fixed instant, as a board's service runs it. Once the widgets are drawn it prints the size
# and the process's memory (/proc/PID/status), waits, and stops it with SIGTERM; the host
# compares the scanout with `run` on the headless backend at the same instant.
# run_display [CONFIG LABEL [WORDS [WAIT]]]: with a configuration file, and the memory line
# labelled LABEL; WORDS: a command sent once it runs (`alarm test wake`), three seconds before the
# frame; WAIT: a function run then, before the memory is read (sources-init.sh's).
run_display() {
    start_run --backend drm ${1:+--config "$1"}
    if [ -n "${3:-}" ]; then
        # shellcheck disable=SC2086 # the command's words
        /bin/nightstand send $3 --socket /tmp/control.sock
        sleep 3
    fi
    [ -z "${4:-}" ] || $4
    cat /tmp/err
    /bin/nightstand status --socket /tmp/control.sock 2>/dev/null | grep -E '^(mqtt|http|sound):'
    if [ "${2#rss-network}" != "${2:-}" ]; then
        # The HTTP API answers with the token: the services in its status.
        echo "api: $(wget -q -O - --header "Authorization: Bearer $(cat /etc/http-token)" \
            http://127.0.0.1:8080/api/status 2>&1 | grep -o '"services":{[^}]*}')"
        # [fleet]: a configuration document (the default views: the same picture) pushed to the
        # display running, which applies it live; the TLS case finds it retained on the broker
        # as it starts. Then the fleet's view of it: the revision applied.
        if [ "$2" = rss-network ]; then
            printf '[layout]\nviews = ["widgets"]\n' >/tmp/fleet-all.toml
            echo "fleet push: $(/bin/nightstand fleet push --all /tmp/fleet-all.toml \
                --broker mqtt://127.0.0.1:1883 --timeout 30 2>&1 | tail -n 1)"
            sleep 2
        fi
        echo "fleet: $(/bin/nightstand fleet list --json --broker mqtt://127.0.0.1:1883 2>&1 |
            grep -o '"config":{[^}]*}')"
    fi
    size=$(sed -n 's/.*running: [0-9]* slot(s) on \([0-9x]*\).*/\1/p' /tmp/err)
    echo "${2:-rss}: $(grep -E '^(VmHWM|VmRSS|RssAnon|RssFile|RssShmem):' /proc/$pid/status | tr -s ' \t\n' ' ')"
    # Each mapping's resident kilobytes, for Benchmarks/host/measure-drm.sh --mappings.
    grep -E '^[0-9a-f]+-|^Rss:' /proc/$pid/smaps | sed "s/^/@@SMAPS ${2:-rss} /"
    # The host time shown (a slow case, a busy host, may have reached the next minute).
    echo "@@AT $case: $(/bin/nightstand status --socket /tmp/control.sock 2>/dev/null |
        sed -n 's/^host time: \([0-9-]*\) \([0-9:]*\),.*/\1T\2/p')@@"
    echo "@@SHOWN $case ${size:-none}@@"
    wait_go
    kill -TERM $pid 2>/dev/null
    wait $pid
    rc=$?
    tail -n 2 /tmp/err
    sleep 1
    echo "@@DONE $case $rc@@"
    wait_go
}

# The inputs case: input devices on the real kernel, made with uinput (see uinput-device.c):
# `nightstand inputs` before any evdev node exists, then `inputs --watch` started before the
# devices (hot-plug), the Pi's touchscreens and gpio-key buttons (plug_devices) plugged in, touched
# and pressed, listed, and unplugged. The host checks the lines it prints (@@INPUT … lines).
ABS_X=0 ABS_Y=1 ABS_MT_SLOT=47 ABS_MT_POSITION_X=53 ABS_MT_POSITION_Y=54 ABS_MT_TRACKING_ID=57
BTN_TOUCH=330 KEY_NEXTSONG=163 KEY_PROG1=148
touch_id=0
# stroke X0 Y0 X1 Y1 STEPS: one finger from (X0, Y0) to (X1, Y1) in STEPS moves 20 ms apart,
# then lifted; STEPS 0 is a tap. Script lines for uinput-device, as the DSI panel reports.
stroke() {
    touch_id=$((touch_id + 1))
    echo "abs $ABS_MT_SLOT 0"
    echo "abs $ABS_MT_TRACKING_ID $touch_id"
    echo "abs $ABS_MT_POSITION_X $1"; echo "abs $ABS_MT_POSITION_Y $2"
    echo "key $BTN_TOUCH 1"; echo "abs $ABS_X $1"; echo "abs $ABS_Y $2"; echo syn
    i=1
    while [ $i -le $5 ]; do
        x=$(($1 + ($3 - $1) * i / $5)); y=$(($2 + ($4 - $2) * i / $5))
        echo "sleep 20"
        echo "abs $ABS_MT_POSITION_X $x"; echo "abs $ABS_MT_POSITION_Y $y"
        echo "abs $ABS_X $x"; echo "abs $ABS_Y $y"; echo syn
        i=$((i + 1))
    done
    echo "sleep 17"
    echo "abs $ABS_MT_TRACKING_ID -1"; echo "key $BTN_TOUCH 0"; echo syn
    echo "sleep 300"
}
# press CODE: a key pressed and released.
press() { echo "key $1 1"; echo syn; echo "sleep 50"; echo "key $1 0"; echo syn; echo "sleep 300"; }
# load_input_modules: evdev and uinput, and waits for /dev/uinput.
load_input_modules() {
    for module in evdev uinput; do insmod "/lib/modules/$module.ko"; done
    n=0
    while [ ! -e /dev/uinput ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
}
# plug_devices: the Pi's input devices with their kernel names and ids, made with uinput: the
# 7" Touch Display's edt-ft5x06 touchscreen (its script on fd 6), two `dtoverlay=gpio-key`
# buttons, GPIO 17 as KEY_NEXTSONG (fd 7) and GPIO 27 as KEY_PROG1 (fd 8), each its own
# device named after its node, and Touch Display 2's Goodix touchscreen on I2C bus 10 (fd 9).
# Closing a descriptor removes its device.
plug_devices() {
    mkfifo /tmp/touch.in /tmp/next.in /tmp/prog1.in /tmp/goodix.in
    /bin/uinput-device ft5x06 "generic ft5x06 (79)" 0x18 0 0 0 </tmp/touch.in >/tmp/touch.out 2>&1 &
    exec 6>/tmp/touch.in
    /bin/uinput-device button button@11 0x19 1 1 0x100 $KEY_NEXTSONG </tmp/next.in >/tmp/next.out 2>&1 &
    exec 7>/tmp/next.in
    /bin/uinput-device button button@1b 0x19 1 1 0x100 $KEY_PROG1 </tmp/prog1.in >/tmp/prog1.out 2>&1 &
    exec 8>/tmp/prog1.in
    /bin/uinput-device goodix "10-005d Goodix Capacitive TouchScreen" 0x18 0x0416 911 0x1060 \
        </tmp/goodix.in >/tmp/goodix.out 2>&1 &
    exec 9>/tmp/goodix.in
    for fd in 6 7 8 9; do echo ready >&$fd; done
}
# switches PID: the voluntary context switches of all the process's threads so far (its
# wake-ups).
switches() {
    cat /proc/$1/task/*/status | sed -n 's/^voluntary_ctxt_switches:[^0-9]*//p' |
        { total=0; while read -r n; do total=$((total + n)); done; echo $total; }
}
inputs_case() {
    /bin/nightstand inputs >/tmp/inputs 2>&1
    echo "@@INPUT none rc=$?@@"
    sed 's/^/@@INPUT none: /' /tmp/inputs
    load_input_modules
    printf '[input.keys]\nKEY_PROG1 = "presence"\n' >/tmp/input.toml
    setsid /bin/nightstand inputs --watch --size 800x480 --config /tmp/input.toml \
        >/tmp/watch 2>/tmp/watch.err &
    watcher=$!
    sleep 2
    plug_devices
    sleep 2
    cat /tmp/touch.out /tmp/next.out /tmp/prog1.out /tmp/goodix.out
    /bin/nightstand inputs >/tmp/inputs 2>&1
    sed 's/^/@@INPUT listed: /' /tmp/inputs
    # At rest with five devices open (the AT keyboard, two touchscreens, two buttons): the
    # watcher's threads' voluntary context switches over 20 s are its wake-ups.
    before=$(switches $watcher)
    sleep 20
    echo "@@INPUT rest: $(($(switches $watcher) - before)) wake-ups in 20 s@@"
    stroke 400 400 400 100 6 >&6     # a swipe up the middle
    stroke 600 240 200 240 8 >&6     # a swipe left
    stroke 120 90 120 90 0 >&6       # a tap at (120, 90)
    sleep 3                          # the strokes play out before the keys
    press $KEY_NEXTSONG >&7
    press $KEY_PROG1 >&8
    sleep 2
    exec 6>&- 7>&- 8>&- 9>&-          # end of the scripts: the devices are removed
    sleep 2
    kill $watcher
    wait $watcher
    sed 's/^/@@INPUT watch: /' /tmp/watch
    sed 's/^/@@INPUT log: /' /tmp/watch.err
    echo "@@INPUT done@@"
}

# The late cases: `nightstand run` as a board's service starts it (backend auto, the default
# [display] wait), at the run case's instant. run-late: started before the display's driver
# is loaded (ns_late=1), on headless; the driver is loaded while it runs. run-present: the card
# is there from the start. run-hotplug: the card's connector is forced off (its sysfs status,
# as a TV that is off) until run started on the card's fbdev, then detected again, with the
# card's change uevent. Once run logged the switch, the host compares the scanout with headless
# `run` at the same instant; run's log goes to the serial line as @@LATE CASE: lines.
late_case() {
    connector=$(ls -d /sys/class/drm/card[0-9]-* 2>/dev/null | head -n 1)
    [ "$case" = run-hotplug ] && echo off >"$connector/status"
    echo "@@LATE $case: connector ${connector##*/}: $(cat "$connector/status" 2>/dev/null)"
    start_run --out /tmp/late.png
    case $case in
        run-late) insmod "/lib/modules/$driver.ko" ;;
        # bochs detects no hot-plug by itself (no connector polling): the card's change
        # event, as a driver's hot-plug handler sends it, comes through its sysfs uevent file.
        run-hotplug)
            echo detect >"$connector/status"
            card=${connector##*/}
            echo change >"/sys/class/drm/${card%%-*}/uevent" ;;
    esac
    n=0
    until [ "$case" = run-present ] || grep -q "display: a screen came" /tmp/err ||
        [ $n -ge 600 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    sleep 3
    sed "s/^/@@LATE $case: /" /tmp/err
    size=$(sed -n 's/.*display: a screen came.*: now on .*, \([0-9]*x[0-9]*\) (was .*/\1/p' /tmp/err)
    [ "$case" = run-present ] &&
        size=$(sed -n 's/.*running: [0-9]* slot(s) on \([0-9x]*\).*/\1/p' /tmp/err)
    # The time run's clock shows (from 10:09:00; a driver loaded late under TCG takes a while),
    # for the host's headless frame.
    echo "@@LATE $case: at $(/bin/nightstand status --socket /tmp/control.sock 2>/dev/null |
        sed -n 's/^host time: \([0-9-]*\) \([0-9:]*\),.*/\1T\2/p')@@"
    echo "@@SHOWN $case ${size:-none}@@"
    wait_go
    kill -TERM $pid 2>/dev/null
    wait $pid
    rc=$?
    sleep 1
    echo "@@DONE $case $rc@@"
    wait_go
}

# The interact case: `nightstand run` on DRM acted on by input devices made with uinput, as
# on a bedside Pi: a stack of two countdowns in the left slot, the date in the right, the
# widgets and the clock views, idle_off and wake_duration. A swipe up on the stack, the key
# KEY_NEXTSONG, a swipe left, idleness, a key, `mode off` and a tap; after each, the host dumps
# the scanout (@@STEP interact NAME SECONDS@@: the seconds since run started, for the clock).
# The configuration goes to the host on @@CONFIG lines: it renders the same on headless.
interact_case() {
    load_input_modules
    cat >/tmp/interact.toml <<'TOML'
[display]
backend = "drm"
[ambient]
sensor = "none"
time_zone = "UTC"
fade = 0
[layout]
views = ["widgets", "clock"]
burn_in_shift = 0
[input]
idle_off = "45s"
wake_duration = "6s"
[input.keys]
KEY_PROG1 = "wake"
[[widget]]
id = "christmas"
kind = "countdown"
target = "2026-12-24"
title = "Christmas"
time_zone = "UTC"
[[widget]]
id = "newyear"
kind = "countdown"
target = "2027-01-01"
title = "New Year"
time_zone = "UTC"
[[widget]]
kind = "date"
time_zone = "UTC"
[[slot]]
widgets = ["christmas", "newyear"]
rotation = "off"
[[slot]]
widgets = ["date"]
TOML
    sed 's/^/@@CONFIG /' /tmp/interact.toml
    # The cards, first to last: with ns_render_first=1 card0 is vgem's (render-only).
    for card in /sys/class/drm/card[0-9]; do
        echo "@@INTERACT card ${card##*/}: $(grep -h -e '^DRIVER=' -e '^MODALIAS=' $card/device/uevent | tr '\n' ' ')@@"
    done
    plug_devices
    sleep 1
    start_run --config /tmp/interact.toml
    size=$(sed -n 's/.*running: [0-9]* slot(s) on \([0-9x]*\).*/\1/p' /tmp/err)
    echo "@@SIZE interact ${size:-none}@@"
    # step NAME: the host dumps the scanout now.
    step() {
        echo "@@STEP interact $1 $(($(cut -d. -f1 /proc/uptime) - started))@@"
        wait_go
    }
    step start
    stroke 200 420 200 60 6 >&6        # a swipe up on the left slot: the next countdown
    sleep 4
    step swipe-up
    press $KEY_NEXTSONG >&7            # next: the stack steps on (round to the first)
    sleep 4
    step key-next
    # At rest with three input devices open (the AT keyboard, the touchscreen, the keys) and
    # the widgets still: the voluntary context switches of run's threads over 20 s.
    before=$(switches $pid)
    sleep 20
    echo "@@INTERACT rest: $(($(switches $pid) - before)) wake-ups in 20 s@@"
    stroke 650 240 150 240 8 >&6       # a swipe left: the clock view
    sleep 4
    step swipe-left
    sleep 50                           # idle_off (45 s) after the last touch
    step idle-off
    press $KEY_PROG1 >&8               # the GPIO 27 button, bound to wake: the panel comes back
    sleep 3
    step idle-on
    /bin/nightstand mode off --socket /tmp/control.sock
    sleep 3
    step mode-off
    stroke 400 240 400 240 0 >&6       # a tap on the dark panel: night's picture for 6 s
    sleep 2
    step tap-wake
    sleep 8
    step wake-over
    exec 6>&- 7>&- 8>&- 9>&-
    kill -TERM $pid 2>/dev/null
    wait $pid
    sed 's/^/@@INTERACT log: /' /tmp/err
    echo "@@INTERACT done@@"
}

/bin/nightstand displays
mkfifo /tmp/commands
for case in $(arg ns_cases | tr ',' ' '); do
    echo "@@READY $case@@"
    wait_go
    if [ "$case" = run ]; then
        run_display
        continue
    fi
    if [ "$case" = run-network ] || [ "$case" = run-network-tls ]; then
        # The broker and the API on the VM's loopback; the display runs as with no file, plus
        # [mqtt] (over TLS in run-network-tls; Home Assistant's discovery with the screen's
        # picture is on by default), [fleet] taking configuration from the broker (run_display
        # pushes it a document), and [http]. The broker starts once.
        [ -x /bin/mosquitto ] ||
            echo "$case: no mosquitto in the initramfs (scripts/deps --test installs it)"
        if [ "$case" = run-network ]; then
            ip link set lo up
            /bin/mosquitto -c /etc/mosquitto.conf >/dev/null 2>&1 &
            url='url = "mqtt://127.0.0.1:1883"'
        else
            url='url = "mqtts://127.0.0.1:8883"\nca_file = "/etc/mqtt/ca.crt"'
        fi
        printf "[mqtt]\n$url\n[fleet]\nid = \"vm\"\ngroups = [\"bedrooms\"]\naccept_config = true\n" >/tmp/network.toml
        printf "[http]\nlisten = \"127.0.0.1:8080\"\ntoken_file = \"/etc/http-token\"\n" >>/tmp/network.toml
        run_display /tmp/network.toml rss-$(echo "$case" | cut -d- -f2-)
        continue
    fi
    if [ "$case" = run-alarms ]; then
        # Five alarms set, two to six hours after run's instant (10:09: none rings during the
        # case), on ALSA's null device: the display as with no file, plus what alarms load.
        : >/tmp/alarms.toml
        for hour in 12 13 14 15 16; do
            printf '[[alarm]]\nid = "a%s"\ntime = "%s:09"\nlight_before = "20m"\n' \
                "$hour" "$hour" >>/tmp/alarms.toml
        done
        printf '[audio]\ndevice = "null"\n' >>/tmp/alarms.toml
        run_display /tmp/alarms.toml rss-alarms
        continue
    fi
    if [ "$case" = run-ringing ]; then
        # An alarm ringing (rung by `alarm test`): the alarm view on the scanout.
        printf '[audio]\ndevice = "null"\n[[alarm]]\nid = "wake"\ntime = "06:30"\nlabel = "Wake up"\n' \
            >/tmp/ringing.toml
        run_display /tmp/ringing.toml rss-ringing "alarm test wake"
        continue
    fi
    if [ "$case" = run-late ] || [ "$case" = run-present ] || [ "$case" = run-hotplug ]; then
        late_case
        continue
    fi
    if [ "$case" = inputs ]; then
        inputs_case
        continue
    fi
    if [ "$case" = run-calendar ] || [ "$case" = run-sources ]; then
        . /sources-init.sh
        sources_case
        continue
    fi
    if [ "$case" = run-car ]; then
        . /car-init.sh
        car_case
        continue
    fi
    if [ "$case" = run-car-timing ]; then
        . /car-init.sh
        car_timing_case
        continue
    fi
    if [ "$case" = interact ]; then
        interact_case
        continue
    fi
    backend=${case%%+*}
    steps=$(echo "$case" | tr '+' ' ' | cut -s -d' ' -f2-)
    args="--format $format --commands"
    stdin=/tmp/commands
    case $backend in
        drm) args="$args --backend drm" ;;
        drm-noflip) args="$args --backend drm --no-page-flip" ;;
        fbdev-*) args="$args --backend fbdev --rotation ${backend#fbdev-}" ;;
        stdin-fbdev-*)
            args="--format $format --backend fbdev --rotation ${backend#stdin-fbdev-}"
            stdin=/dev/tty1
            chvt 2 ;;
        nocard) args="--backend drm" ;;
    esac
    # Fresh files first: the loops below must not see the previous case's answers.
    rm -f /tmp/out /tmp/err
    : >/tmp/out
    # A new session whose shell opens the standard input: a terminal becomes its controlling
    # tty, as systemd's StandardInput=tty does.
    setsid sh -c 'exec /bin/nightstand show-test-frame "$@" <'$stdin - $args >/tmp/out 2>/tmp/err &
    pid=$!
    [ $stdin = /tmp/commands ] && exec 3>/tmp/commands
    n=0
    while ! grep -q presented /tmp/out && kill -0 $pid 2>/dev/null && [ $n -lt 3000 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    cat /tmp/err
    size=$(sed -n 's/^presented \([0-9x]*\) .*/\1/p' /tmp/out)
    echo "pan: $(cat /sys/class/graphics/fb0/pan 2>/dev/null), active VT: $(cat /sys/class/tty/tty0/active)"
    echo "@@SHOWN $case ${size:-none}@@"
    wait_go
    for step in $steps; do
        case $step in
            blank) echo blank >&3; await blanked ;;
            unblank) echo unblank >&3; await unblanked ;;
            vt-away) chvt 2; await released ;;
            vt-back) chvt 1; await acquired ;;
            animate)
                echo "animate 60" >&3
                n=0
                while ! grep -q '^animated ' /tmp/out && kill -0 $pid 2>/dev/null && [ $n -lt 3000 ]; do
                    sleep 0.1
                    n=$((n + 1))
                done
                echo "pacing: $(grep '^animated ' /tmp/out | tail -n 1)" ;;
        esac
        sleep 1
        echo "pan: $(cat /sys/class/graphics/fb0/pan 2>/dev/null)"
        echo "@@STEP $case $step@@"
        wait_go
    done
    holder=
    case $case in
        # Hold the card open (without master) so the kernel's last-close does not restore
        # the console for us: only nightstand's own CRTC restore can.
        drm*) sleep 600 </dev/dri/card0 & holder=$! ;;
    esac
    kill -TERM $pid 2>/dev/null
    wait $pid
    rc=$?
    exec 3>&-
    sed -n '/presented/,$p' /tmp/out | tail -n +2
    tail -n +2 /tmp/err
    sleep 1
    echo "@@DONE $case $rc@@"
    wait_go
    [ -n "$holder" ] && kill $holder
done
echo "@@FINISHED@@"
sync
poweroff -f
