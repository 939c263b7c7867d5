# The run-car case of init.sh (sourced by it, PID 1 of the car VM): OBD-II over SocketCAN on the
# real kernel. Loads can, can-isotp and vcan, makes vcan0, starts an engine ECU (obd-ecu.c)
# answering mode-01 PIDs over ISO-TP, and runs `nightstand run` on DRM at 1280x480 with an rpm
# gauge and a speed value read from vcan0, timed from exec to its first frame (first-frame.c).
# Steps for the host's screendumps: the values shown (@@SHOWN), vcan0 down (@@STEP down), up
# again (@@STEP up); then the same configuration on headless `run` in the VM, reading the same
# ECU, whose frame goes to the host as gzip and base64 between @@PPM lines.
# On a read-only root: / is remounted read-only first, the state directory ($STATE_DIRECTORY,
# as systemd's StateDirectory= sets it) and the cache ($XDG_CACHE_HOME) are on the /tmp tmpfs;
# the guest prints what was written there in 20 s at rest (@@CAR written at rest: …@@) and
# the wake-ups of all threads meanwhile (@@CAR wakeups with data: …@@); then with vcan0 removed
# (the adapter pulled out; @@CAR wakeups gone: …@@) and made again (@@STEP back); what the
# state directory holds after a view is chosen (@@CAR state: …@@). Last the ignition:
# KEY_POWER from a gpio-keys-like uinput device, acted on by power-key.c as logind does
# (@@POWER …@@), and the state directory after the stop.
# await_first_frame: waits (up to 300 s) until first-frame ($timer) said the first frame came
# (@@FIRST-FRAME in /tmp/out) or ended; pid is then nightstand's.
await_first_frame() {
    n=0
    until grep -q "@@FIRST-FRAME" /tmp/out || ! kill -0 $timer 2>/dev/null || [ $n -ge 600 ]; do
        sleep 0.5
        n=$((n + 1))
    done
    pid=$(sed -n 's/.*@@FIRST-FRAME [0-9]* ms pid \([0-9]*\)@@.*/\1/p' /tmp/out)
}

car_config() {
    printf '[display]\n%b\n[ambient]\nsensor = "none"\n' "$1"
    # No burn-in shift: the screendumps after 10:10 (its first move) compare with the first.
    printf '[layout]\nviews = ["widgets", "clock"]\nburn_in_shift = 0\n'
    printf '[[widget]]\nid = "rpm"\nkind = "obd"\npid = "rpm"\ndevice = "vcan0"\nstyle = "gauge"\n'
    printf '[[widget]]\nid = "speed"\nkind = "obd"\npid = "speed"\ndevice = "vcan0"\n'
    printf '[[slot]]\nwidgets = ["rpm"]\n[[slot]]\nwidgets = ["speed"]\n'
}

# The state directory's files, as NAME=CONTENT words.
state() {
    (cd /tmp/state && for f in *; do printf '%s=%s ' "$f" "$(cat "$f")"; done)
}

# The CAN modules, vcan0, the ECU on it ($ecu), the DRM configuration, the state and cache
# directories.
car_setup() {
    # The kernel's random pool seeded first, as on a board, whose own generator (bcm2835-rng,
    # iproc-rng200 on a Pi 4) and systemd-random-seed seed it at boot: the Swift runtime's
    # first random numbers (its hashing seed, getrandom(2)) otherwise wait for it, a second in
    # a VM with no source (the VM has a virtio-rng-pci).
    insmod /lib/modules/can/virtio-rng.ko
    n=0
    until dmesg | grep -q "crng init done" || [ $n -ge 50 ]; do sleep 0.1; n=$((n + 1)); done
    while read -r module; do insmod "/lib/modules/can/$module"; done </lib/modules/can/order
    ip link add dev vcan0 type vcan
    ip link set vcan0 up
    /bin/obd-ecu vcan0 2150 87 >/tmp/ecu 2>&1 &
    ecu=$!
    car_config 'backend = "drm"' >/tmp/car.toml
    mkdir -p /tmp/state /tmp/cache
}

# start_car LEVEL: `nightstand run` of /tmp/car.toml on DRM in the service's environment (the
# state and cache directories), timed from exec to its first frame by first-frame.c (its
# pid in $timer); returns once the first frame is shown, with nightstand's pid in $pid.
start_car() {
    rm -f /tmp/out /tmp/err
    STATE_DIRECTORY=/tmp/state XDG_CACHE_HOME=/tmp/cache setsid /bin/first-frame /tmp/notify.sock /bin/nightstand run --config /tmp/car.toml \
        --at 2026-11-21T10:09:00 --socket /tmp/control.sock --log-level "$1" </dev/null \
        >/tmp/out 2>/tmp/err &
    timer=$!
    await_first_frame
    grep "@@FIRST-FRAME" /tmp/out
}

# The run-car-timing case (the car-timing VM, on an instruction-counted clock): the first
# start and NS_RUNS more (ns_runs= on the kernel command line, 5 by default), each timed from
# exec to its first frame and stopped.
car_timing_case() {
    car_setup
    runs=$(arg ns_runs)
    i=0
    while [ $i -le "${runs:-5}" ]; do
        start_car warning
        kill -TERM $pid 2>/dev/null
        wait $timer
        i=$((i + 1))
    done
    echo "@@DONE run-car-timing 0@@"
    wait_go
}

car_case() {
    car_setup
    mount -o remount,ro / && echo "@@CAR root read-only@@"
    (: >/probe) 2>/dev/null && echo "@@CAR root still writable@@"
    start_car info
    # The values: the supported PIDs asked, then rpm and speed twice a second.
    sleep 5
    cat /tmp/err
    size=$(sed -n 's/.*running: [0-9]* slot(s) on \([0-9x]*\).*/\1/p' /tmp/err)
    echo "rss-car: $(grep -E '^(VmHWM|VmRSS|RssAnon|RssFile|RssShmem):' /proc/$pid/status | tr -s ' \t\n' ' ')"
    echo "@@SHOWN run-car ${size:-none}@@"
    wait_go
    ip link set vcan0 down
    sleep 4
    echo "@@STEP run-car down@@"
    wait_go
    up=$(cut -d' ' -f1 /proc/uptime)
    ip link set vcan0 up
    # Tried again 1, 2, 4, 8 s after the failures: back within 16 s of the interface.
    sleep 16
    echo "@@STEP run-car up@@"
    wait_go
    # At rest with the two widgets read twice a second: what is written, and the wake-ups of
    # all its threads (voluntary context switches, as Benchmarks/car/measure.sh counts them).
    : >/tmp/rest-marker
    before=$(switches $pid)
    sleep 20
    echo "@@CAR wakeups with data: $(($(switches $pid) - before)) in 20 s@@"
    echo "@@CAR written at rest: $(find /tmp -newer /tmp/rest-marker -type f ! -name out \
        ! -name err ! -name ecu | tr '\n' ' ')@@"
    # The adapter gone (a USB CAN adapter pulled out: its interface removed): the client
    # waits for the kernel's net events, so only the display's minute is left. Then the
    # interface and the ECU come back, and the values with them, without a restart.
    kill $ecu
    ip link delete vcan0
    sleep 2
    before=$(switches $pid)
    sleep 20
    echo "@@CAR wakeups gone: $(($(switches $pid) - before)) in 20 s@@"
    ip link add dev vcan0 type vcan
    ip link set vcan0 up
    /bin/obd-ecu vcan0 2150 87 >>/tmp/ecu 2>&1 &
    ecu=$!
    sleep 4
    echo "@@STEP run-car back@@"
    wait_go
    /bin/nightstand view clock --socket /tmp/control.sock >/dev/null 2>&1
    sleep 1
    echo "@@CAR state: $(state)@@"
    # The ignition off: gpio-shutdown's gpio-keys device (made with uinput, as the overlay's
    # device tree node makes it: "soc:shutdown_button", BUS_HOST 1 1 0x100, KEY_POWER) sends
    # KEY_POWER; power-key.c does what systemd-logind does with it (HandlePowerKey=poweroff:
    # the service stopped with SIGTERM) and times the end.
    insmod /lib/modules/evdev.ko 2>/dev/null
    insmod /lib/modules/uinput.ko 2>/dev/null
    /bin/power-key $pid 30 >/tmp/power 2>&1 &
    power=$!
    printf 'ready\nsleep 1500\nkey 116 1\nsyn\nsleep 8000\n' |
        /bin/uinput-device button soc:shutdown_button 0x19 1 1 0x100 116 >/dev/null 2>&1 &
    wait $power
    # (Without the key, stopped all the same: the host then fails the case, not waits.)
    kill -TERM $pid 2>/dev/null
    wait $timer
    rc=$?
    cat /tmp/power
    echo "@@CAR state after the stop: $(state)@@"
    tail -n 3 /tmp/err
    car_config "backend = \"headless\"\nsize = \"${size:-1280x480}\"\noutput = \"/tmp/car.ppm\"" \
        >/tmp/car-headless.toml
    /bin/nightstand run --config /tmp/car-headless.toml --at 2026-11-21T10:09:00 \
        --socket /tmp/headless.sock --log-level warning </dev/null >/dev/null 2>&1 &
    headless=$!
    n=0
    while [ ! -e /tmp/car.ppm ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
    sleep 5
    kill -TERM $headless
    wait $headless
    echo "@@PPM begin@@"
    gzip -c /tmp/car.ppm | base64
    echo "@@PPM end@@"
    echo "@@ECU asked: $(grep -c '@@ECU 01 ' /tmp/ecu) requests, $(grep -c '@@ECU 01 0C' /tmp/ecu) for rpm, $(grep -c '@@ECU 01 0D' /tmp/ecu) for speed@@"
    grep -m3 "@@ECU error" /tmp/ecu
    car_board_memory
    kill $ecu
    echo "@@DONE run-car $rc@@"
    wait_go
}

# The memory of the car bar board as shipped (boards/car-bar-1280x480.toml: a gps widget, no
# gpsd here, and the rpm and coolant gauges), on this VM's vcan0 and its 1280x480 screen: the
# resident set 5 s after the first frame (@@FIRST-FRAME), as rss-car-board.
car_board_memory() {
    sed -e 's/"can0"/"vcan0"/' -e '/^connector = /d' -e '/^mode = /d' /etc/car-bar.toml >/tmp/board.toml
    rm -f /tmp/out
    setsid /bin/first-frame /tmp/notify.sock /bin/nightstand run --config /tmp/board.toml \
        --socket /tmp/control.sock --log-level warning </dev/null >/tmp/out 2>/tmp/board-err &
    timer=$!
    await_first_frame
    sleep 5
    echo "rss-car-board: $(grep -E '^(VmHWM|VmRSS|RssAnon|RssFile|RssShmem):' /proc/$pid/status | tr -s ' \t\n' ' ')"
    grep -E '^[0-9a-f]+-|^Rss:' /proc/$pid/smaps | sed "s/^/@@SMAPS rss-car-board /"
    kill -TERM $pid 2>/dev/null
    wait $timer
    cat /tmp/board-err
}
