# The car VM of run.sh (sourced by it): OBD-II over SocketCAN on the real kernel (car-init.sh in
# the guest). A bochs-display at 1280x480, the car bar's size; the guest makes vcan0 with
# can-isotp, an engine ECU answering rpm 2150 and speed 87 km/h, and `nightstand run` on DRM
# with an rpm gauge and a speed value read from vcan0. Checks: the scanout equals headless `run`
# of the same configuration reading the same ECU (in the guest, its frame sent back over the
# serial line); the ECU was asked for rpm and speed; vcan0 down changes the picture (the
# widgets say the interface is gone) and vcan0 up brings the same picture back without a
# restart, and so does vcan0 removed and made again (its wake-ups at rest are printed, with data
# and with the interface gone, when one at most in 20 s is allowed); on a read-only root (the
# state directory and cache on tmpfs) nothing is written at rest and a chosen view is kept in
# the state directory; the ignition's KEY_POWER, from a gpio-keys-like device, reaches a reader
# doing what logind does, whose SIGTERM ends nightstand quickly with the console restored and
# the state kept. Prints the time from exec to the first frame and the memory, as the run
# cases do, and the memory of the car bar board as shipped (its gps widget and two gauges on
# vcan0: run-car-board).
car_vm() {
    selected car || return 0
    local plain=("${machine[@]}")
    machine+=(-device virtio-rng-pci)
    boot_vm car bochs-display,xres=1280,yres=480 bochs xrgb8888 "" run-car
    machine=("${plain[@]}")
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
    await "@@STEP $c back@@" >/dev/null || { fail "car: vcan0 never came back after its removal"; halt_vm car; return; }
    dump "$dir/$c-back.ppm" || fail "car: screendump failed"
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
    compare "$dir/$c-back.ppm" "$dir/$c.ppm" \
        "car: vcan0 removed (the adapter pulled out) and made again: the values are back, no restart"
    # Wake-ups of all threads in 20 s: with rpm and speed read twice a second, and with the
    # interface gone, when only the display's minute may wake it (one at most in 20 s).
    local data gone
    data=$(grep -a -m1 "^@@CAR wakeups with data: " "$serial_log" | tr -d '\r@')
    gone=$(grep -a -m1 "^@@CAR wakeups gone: " "$serial_log" | tr -d '\r@')
    echo "qemu end-to-end: car/$c ${data#CAR }; ${gone#CAR }" >&2
    if [[ $data =~ data:\ ([0-9]+)\ in && $gone =~ gone:\ ([0-9]+)\ in ]] && ((BASH_REMATCH[1] <= 1)); then
        pass "car: the CAN interface gone, ${BASH_REMATCH[1]} wake-up(s) in 20 s (only the display's minute is left)"
    else
        fail "car: with the CAN interface gone it still wakes: $gone"
    fi
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
    local key stopped after
    key=$(grep -a -m1 "^@@POWER key on " "$serial_log" | tr -d '\r@')
    stopped=$(grep -a -m1 "^@@POWER [0-9]* ended in " "$serial_log" | tr -d '\r@')
    if [[ $key == *"(soc:shutdown_button)"* && $stopped =~ ended\ in\ ([0-9]+)\ ms ]] &&
        ((BASH_REMATCH[1] < 10000)); then
        pass "car: the ignition's KEY_POWER reached logind's reader past nightstand, and the stop (SIGTERM) ended it in ${BASH_REMATCH[1]} ms, within the unit's TimeoutStopSec=10"
    else
        fail "car: the power key did not stop it within 10 s: ${key:-no key seen}; ${stopped:-not ended}"
    fi
    after=$(grep -a -m1 "^@@CAR state after the stop: " "$serial_log" | tr -d '\r')
    if [[ $after == "@@CAR state after the stop: view=clock @@" ]]; then
        pass "car: after the stop the state directory holds the view chosen, and nothing else"
    else
        fail "car: the state directory after the stop: ${after#@@CAR state after the stop: }"
    fi
    dump "$dir/$c-after.ppm" || fail "car: screendump failed"
    compare "$dir/$c-after.ppm" "$dir/$c-before.ppm" "car: SIGTERM restored the console's picture"
    echo go >&4
    if grep -aq "Fatal error" "$serial_log"; then fail "car: a fatal error in the log"; fi
    halt_vm car
}

# The car-timing VM, booted only when named (NIGHTSTAND_QEMU_ONLY=car-timing): the car VM's
# `nightstand run` started NIGHTSTAND_QEMU_RUNS + 1 times (5 + 1 by default), each timed from
# exec to its first frame, on an instruction-counted clock (QEMU's -icount shift=0,sleep=off:
# the guest's time advances 1 ns per instruction executed, and jumps over its idle waits), so
# the figures count the work done, not how busy this machine is: the first start (nothing of
# the program touched yet, as at boot) and the minimum and median of the others. Both car VMs
# have a random number generator (virtio-rng-pci), as a board has.
car_timing_vm() {
    [[ ,${NIGHTSTAND_QEMU_ONLY:-}, == *,car-timing,* ]] || return 0
    local runs=${NIGHTSTAND_QEMU_RUNS:-5} plain=("${machine[@]}")
    machine+=(-device virtio-rng-pci -icount shift=0,sleep=off)
    boot_vm car-timing bochs-display,xres=1280,yres=480 bochs xrgb8888 "ns_runs=$runs" run-car-timing
    machine=("${plain[@]}")
    local c=run-car-timing
    await "@@READY $c@@" >/dev/null || { fail "car-timing: VM never got ready"; halt_vm car-timing; return; }
    echo go >&4
    await "@@DONE $c " >/dev/null || { fail "car-timing: the runs never ended"; halt_vm car-timing; return; }
    local times
    times=$(grep -a "^@@FIRST-FRAME" "$serial_log" | sed 's/^@@FIRST-FRAME \([0-9]*\) ms.*/\1/')
    if (($(echo "$times" | wc -l) == runs + 1)); then
        local first rest
        first=$(echo "$times" | head -n 1)
        rest=$(echo "$times" | tail -n +2 | sort -n)
        echo "qemu end-to-end: car-timing: exec to the first frame at 1280x480 on DRM, 10^9 instructions a second: first start $first ms; then min $(echo "$rest" | head -n 1) ms, median $(echo "$rest" | sed -n "$(((runs + 1) / 2))p") ms of $runs ($(echo $rest))" >&2
        pass "car-timing: $((runs + 1)) starts timed to their first frame"
    else
        fail "car-timing: $(echo "$times" | grep -c .) of $((runs + 1)) starts showed a frame"
    fi
    echo go >&4
    halt_vm car-timing
}
