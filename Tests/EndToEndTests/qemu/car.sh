# The car VM of run.sh (sourced by it): OBD-II over SocketCAN on the real kernel (car-init.sh in
# the guest). A bochs-display at 1280x480, the car bar's size; the guest makes vcan0 with
# can-isotp, an engine ECU answering rpm 2150 and speed 87 km/h, and `nightstand run` on DRM
# with an rpm gauge and a speed value read from vcan0. Checks: the scanout equals headless `run`
# of the same configuration reading the same ECU (in the guest, its frame sent back over the
# serial line); the ECU was asked for rpm and speed; vcan0 down changes the picture (the
# widgets say the interface is gone) and vcan0 up brings the same picture back without a
# restart; SIGTERM restores the console; on a read-only root (the state directory and cache on
# tmpfs) nothing is written at rest and a chosen view is kept in the state directory. Prints the time from exec to the first frame and the
# memory, as the run cases do, and the memory of the car bar board as shipped (its gps widget and
# two gauges on vcan0: run-car-board).
car_vm() {
    selected car || return 0
    boot_vm car bochs-display,xres=1280,yres=480 bochs xrgb8888 "" run-car
    local c=run-car
    await "@@READY $c@@" >/dev/null || { fail "car: VM never got ready"; halt_vm car; return; }
    dump "$dir/$c-before.ppm" || fail "car: screendump failed"
    echo go >&4
    local shown
    shown=$(await "@@SHOWN $c ") || { fail "car: frame never shown (see $serial_log)"; halt_vm car; return; }
    [[ $shown == *"@@SHOWN $c 1280x480@@"* ]] || fail "car: not shown at 1280x480: $shown"
    dump "$dir/$c.ppm" || fail "car: screendump failed"
    echo "qemu end-to-end: car/$c $(grep -a -m1 "^@@FIRST-FRAME" "$serial_log" | tr -d '\r@')" >&2
    echo "qemu end-to-end: car/$c memory: $(grep -a -m1 "^rss-car:" "$serial_log")" >&2
    echo go >&4
    await "@@STEP $c down@@" >/dev/null || { fail "car: vcan0 never went down"; halt_vm car; return; }
    dump "$dir/$c-down.ppm" || fail "car: screendump failed"
    echo go >&4
    await "@@STEP $c up@@" >/dev/null || { fail "car: vcan0 never came back"; halt_vm car; return; }
    dump "$dir/$c-up.ppm" || fail "car: screendump failed"
    echo go >&4
    await "@@PPM end@@" >/dev/null || { fail "car: no headless frame from the guest"; halt_vm car; return; }
    sed -n '/^@@PPM begin@@/,/^@@PPM end@@/p' "$serial_log" | tr -d '\r' | sed '1d;$d' |
        base64 -d | gunzip >"$dir/$c-headless.ppm"
    compare "$dir/$c.ppm" "$dir/$c-headless.ppm" \
        "car: rpm and speed from an ECU over ISO-TP on vcan0: the scanout equals headless run reading the same ECU (1280x480)"
    local asked
    asked=$(grep -a -m1 "^@@ECU asked" "$serial_log" | tr -d '\r')
    if [[ $asked =~ ([0-9]+)\ for\ rpm,\ ([0-9]+)\ for\ speed ]] &&
        ((BASH_REMATCH[1] >= 5 && BASH_REMATCH[2] >= 5)); then
        pass "car: the ECU was asked for rpm and speed (${asked#@@ECU asked: })"
    else
        fail "car: the ECU was not polled for rpm and speed: $asked"
    fi
    if cmp -s "$dir/$c-down.ppm" "$dir/$c.ppm"; then
        fail "car: vcan0 down, the scanout still shows the values"
    else
        pass "car: vcan0 down: the widgets show the interface gone"
    fi
    compare "$dir/$c-up.ppm" "$dir/$c.ppm" "car: vcan0 up again: the same values are back, no restart"
    if grep -aq "^@@CAR root read-only@@" "$serial_log" && ! grep -aq "^@@CAR root still writable" "$serial_log"; then
        pass "car: ran on a read-only root"
    else
        fail "car: the root was not read-only"
    fi
    local rest state
    rest=$(grep -a -m1 "^@@CAR written at rest: " "$serial_log" | tr -d '\r')
    if [[ $rest == "@@CAR written at rest: @@" ]]; then
        pass "car: nothing written to the state directory, the cache or /tmp in 20 s at rest"
    else
        fail "car: written at rest: ${rest#@@CAR written at rest: }"
    fi
    state=$(grep -a -m1 "^@@CAR state: " "$serial_log" | tr -d '\r')
    if [[ $state == "@@CAR state: view=clock @@" ]]; then
        pass "car: a view chosen is kept in the state directory, written on the change"
    else
        fail "car: the state directory after 'view clock': ${state#@@CAR state: }"
    fi
    local done_line rc
    done_line=$(await "@@DONE $c ") || { fail "car: no exit"; halt_vm car; return; }
    rc=$(echo "$done_line" | sed -n 's/.*@@DONE [^ ]* \([0-9]*\)@@.*/\1/p')
    [[ $rc == 0 ]] || fail "car: nightstand exited $rc after SIGTERM"
    # The car bar board as shipped (car-init.sh's car_board_memory), run after the checks.
    echo "qemu end-to-end: car/run-car-board memory: $(grep -a -m1 "^rss-car-board:" "$serial_log")" >&2
    if [[ ${NIGHTSTAND_QEMU_MAPPINGS:-0} == 1 ]]; then
        grep -a "^@@SMAPS rss-car-board " "$serial_log" >&2 || true
    fi
    local stopped
    stopped=$(grep -a -m1 "^@@CAR stopped in " "$serial_log" | tr -d '\r@')
    if [[ $stopped =~ stopped\ in\ ([0-9]+)\ ms ]] && ((BASH_REMATCH[1] < 10000)); then
        pass "car: SIGTERM (the service stopped at shutdown) ended it in ${BASH_REMATCH[1]} ms, within the unit's TimeoutStopSec=10"
    else
        fail "car: no end within 10 s of SIGTERM: $stopped"
    fi
    dump "$dir/$c-after.ppm" || fail "car: screendump failed"
    compare "$dir/$c-after.ppm" "$dir/$c-before.ppm" "car: SIGTERM restored the console's picture"
    echo go >&4
    if grep -aq "Fatal error" "$serial_log"; then fail "car: a fatal error in the log"; fi
    halt_vm car
}
