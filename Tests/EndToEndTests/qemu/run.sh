#!/bin/bash
# End-to-end proof of the DRM and fbdev backends on a real kernel: boots Debian's stock
# kernel in QEMU (TCG) with bochs-display, virtio-gpu-pci and cirrus-vga, runs
# `nightstand show-test-frame` inside, takes `screendump`s through the QEMU monitor and
# compares them byte for byte with the headless rendering of the same frame; the same for
# `nightstand run` (the default clock and date) on DRM at 1920x1080. Also checks that
# SIGTERM restores the console's picture (saved CRTC / console mode) and the "no card" error,
# and reads input devices made with uinput (a touchscreen, keys) through `nightstand inputs`
# and `nightstand run` (swipes, keys, idleness and a tap at night, checked on the scanout).
# Named only (NIGHTSTAND_QEMU_ONLY=sources): `run` with a CalDAV calendar and an Immich album
# fetched from servers on this machine over QEMU's user-mode network (sources.sh).
#
# Usage: Tests/EndToEndTests/qemu/run.sh          (from anywhere; needs root for /boot/vmlinuz)
# Exit status: 0 all passed, 1 a check failed, 77 this machine cannot run the test (says why).
# NIGHTSTAND_QEMU_INSTALL=1 installs qemu-system-x86, linux-image-amd64, busybox-static first.
# NIGHTSTAND_QEMU_KEEP=1 keeps the work directory (screendumps, logs) for inspection.
# NIGHTSTAND_QEMU_MAPPINGS=1 prints, after the run cases' memory lines, their processes' mappings
# with the kilobytes of each resident (/proc/PID/smaps, as @@SMAPS lines).
# NIGHTSTAND_QEMU_ONLY=virtio,cirrus boots only those VMs (names as in the table of README.md);
# NIGHTSTAND_QEMU_SKIP=arm64 boots all but those.
# NIGHTSTAND_QEMU_BINARY=PATH tests that binary (e.g. .build/release/nightstand) instead of a
# debug build (Benchmarks/host/measure-drm.sh uses it for the memory of `run` on DRM).
# NIGHTSTAND_QEMU_ARM64_ROOT=DIR also boots the arm64 VM: qemu-system-aarch64 (machine virt),
# Debian 13's arm64 kernel, a virtio-gpu (DRM and its fbdev emulation), running the binary of
# the arm64 package installed in the Debian arm64 root DIR (Tests/EndToEndTests/arm64/run.sh
# --keep-root DIR); without it the arm64 VM is skipped, and says so.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)

skip() { echo "qemu end-to-end: SKIPPED: $*" >&2; exit 77; }

if [[ ${NIGHTSTAND_QEMU_INSTALL:-0} == 1 ]]; then
    need=()
    command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
    compgen -G '/boot/vmlinuz-*' >/dev/null || need+=(linux-image-amd64)
    [[ -x /bin/busybox ]] || need+=(busybox-static)
    command -v cpio >/dev/null || need+=(cpio)
    if ((${#need[@]})); then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null ||
            skip "apt-get install ${need[*]} failed"
    fi
fi
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 missing (apt-get install qemu-system-x86)"
command -v cpio >/dev/null || skip "cpio missing"
[[ $(busybox 2>&1 || true) == *BusyBox* ]] || skip "busybox missing (apt-get install busybox-static)"
ldd "$(command -v busybox)" >/dev/null 2>&1 && skip "busybox is dynamically linked (apt-get install busybox-static)"
kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
[[ -n $kernel ]] || skip "no /boot/vmlinuz-* (apt-get install linux-image-amd64)"
[[ -r $kernel ]] || skip "$kernel is not readable (run as root)"
release=${kernel#/boot/vmlinuz-}
[[ -d /lib/modules/$release ]] || skip "no /lib/modules/$release"

work=$(mktemp -d /tmp/nightstand-qemu.XXXXXX)
cleanup() { [[ ${NIGHTSTAND_QEMU_KEEP:-0} == 1 ]] && echo "kept $work" || rm -rf "$work"; }
trap cleanup EXIT

if [[ -n ${NIGHTSTAND_QEMU_BINARY:-} ]]; then
    binary=$(realpath "$NIGHTSTAND_QEMU_BINARY")
else
    echo "qemu end-to-end: building nightstand" >&2
    (cd "$repo" && swift build --product nightstand >"$work/build.log" 2>&1) ||
        { cat "$work/build.log"; echo "build failed" >&2; exit 1; }
    binary=$(cd "$repo" && swift build --product nightstand --show-bin-path)/nightstand
fi
"$here/build-initramfs.sh" "$binary" "$release" "$work/initramfs.cpio" || exit 1
# The machine the VMs run on; the arm64 VM (at the end) changes these.
machine=(qemu-system-x86_64 -M pc -accel tcg -m 1024 -display none -vga none)
vm_kernel=$kernel
vm_initrd=$work/initramfs.cpio
vm_console=ttyS0
vm_binary=$binary
arm64_root=

failures=0
passes=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok:   $*" >&2; passes=$((passes + 1)); }

# compare A B WHAT: byte-identical PPMs (RGB565 frames too: the headless backend widens 5/6-bit
# channels by bit replication exactly as QEMU's screendump does, so no tolerance is needed).
compare() {
    if cmp -s "$1" "$2"; then pass "$3"; return; fi
    local n
    n=$(cmp -l "$1" "$2" 2>/dev/null | wc -l)
    fail "$3: $(basename "$1") and $(basename "$2") differ in $n bytes (sizes $(stat -c %s "$1") / $(stat -c %s "$2"))"
}

# await PATTERN: waits (up to 400 s: TCG on a busy machine is slow) for a serial line matching
# PATTERN (a grep pattern; give the whole marker to its closing @@, as a line can be read while
# the guest is still writing it); prints it.
await() {
    local n=0
    while ((n < 4000)); do
        local line
        line=$(grep -a -m1 "$1" "$serial_log" 2>/dev/null) && { echo "$line"; return 0; }
        kill -0 "$qemu_pid" 2>/dev/null || break
        sleep 0.1
        n=$((n + 1))
    done
    return 1
}

# dump FILE: screendump through the monitor; waits until the file exists and its size has
# stopped changing (QEMU writes it in pieces, and TCG on a busy machine is slow).
dump() {
    rm -f "$1"
    echo "screendump $1" >&5
    local n=0 last=-1 size
    while ((n < 200)); do
        size=$(stat -c %s "$1" 2>/dev/null || echo 0)
        ((size > 0 && size == last)) && return 0
        last=$size
        sleep 0.25
        n=$((n + 1))
    done
    return 1
}

# selected VM: whether NIGHTSTAND_QEMU_ONLY (a comma-separated list of VM names) lets VM run.
# NIGHTSTAND_QEMU_SKIP (a list too) keeps those from running.
selected() {
    [[ -z ${NIGHTSTAND_QEMU_ONLY:-} || ,$NIGHTSTAND_QEMU_ONLY, == *,$1,* ]] &&
        [[ ,${NIGHTSTAND_QEMU_SKIP:-}, != *,$1,* ]]
}

# is_dark FILE: the binary PPM shows no picture: every byte is black, or the gray (0xAA) of
# QEMU's "Display output is not active." notice, which virtio-gpu shows for a disabled output.
is_dark() {
    local header
    header=$(head -c 20 "$1" | head -n 3 | wc -c)
    [[ $(tail -c +$((header + 1)) "$1" | tr -d '\000\252' | wc -c) == 0 ]]
}

# on_host COMMAND…: runs COMMAND where the VM's binary ($vm_binary) runs on this machine: here,
# or for the arm64 VM in its Debian root through qemu-user, with the work folder mounted.
on_host() {
    if [[ -n $arm64_root ]]; then
        NIGHTSTAND_TRIXIE_BINDS=$work trixie_run "$arm64_root" env TZ=UTC "$@"
    else
        TZ=UTC "$@"
    fi
}

# run_headless SIZE FILE [CONFIG [WORDS [AT]]]: what `nightstand run` with no config file (plus the
# TOML CONFIG) shows at the instant the run case starts from (init.sh), or at AT, drawn by `run`
# itself on the headless backend into FILE (PPM).
run_headless() {
    local config=$work/run-headless.toml
    printf '[display]\nbackend = "headless"\nsize = "%s"\noutput = "%s"\n%b' "$1" "$2" "${3:-}" \
        >"$config"
    # As in the VM: once the first frame is written, three seconds for the providers' first
    # entries to replace the placeholders (and the command WORDS, sent first, to show), then
    # SIGTERM.
    # shellcheck disable=SC2016 # expanded by that shell
    on_host sh -c '"$0" run --config "$1" --at "$5" --socket "$2" \
        --log-level warning & pid=$! n=0
        while [ ! -e "$3" ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
        [ -z "$4" ] || "$0" send $4 --socket "$2" >/dev/null
        sleep 3; kill -TERM $pid; wait $pid' "$vm_binary" "$config" "$work/run-headless.sock" "$2" \
        "${4:-}" "${5:-2026-11-21T10:09:00}"
}

# boot_vm NAME DEVICE DRIVER FORMAT EXTRA CASES: boots a VM whose init.sh runs CASES
# (comma-separated) with the display DEVICE and its DRIVER (EXTRA: words for the kernel command
# line that init.sh reads, ns_kms=PARAM=VALUE or ns_fbvirtual=W,H; or empty); sets dir,
# serial_log and qemu_pid, the serial line on fd 4 and the monitor on fd 5. no_timer_check:
# on a busy machine TCG's timer can miss the kernel's IO-APIC check, which then panics at boot
# ("IO-APIC + timer doesn't work").
boot_vm() {
    local name=$1 device=$2 driver=$3 format=$4 extra=$5 cases=$6
    dir=$work/$name
    mkdir -p "$dir"
    mkfifo "$dir/serial.in" "$dir/serial.out" "$dir/monitor.in" "$dir/monitor.out"
    serial_log=$dir/serial.log
    local devargs=()
    [[ $device != none ]] && devargs+=(-device "$device")
    "${machine[@]}" "${devargs[@]}" -kernel "$vm_kernel" -initrd "$vm_initrd" \
        -append "console=$vm_console quiet loglevel=3 logo.nologo no_timer_check $extra ns_driver=$driver ns_format=$format ns_cases=$cases" \
        -serial "pipe:$dir/serial" -monitor "pipe:$dir/monitor" -no-reboot &
    qemu_pid=$!
    cat "$dir/serial.out" >"$serial_log" &
    cat_serial=$!
    cat "$dir/monitor.out" >"$dir/monitor.log" &
    cat_monitor=$!
    exec 4>"$dir/serial.in" 5>"$dir/monitor.in"
    echo "qemu end-to-end: booted $name ($device, $driver${extra:+, $extra})" >&2
}

# halt_vm NAME: waits for the guest's last line and for QEMU to end, then closes the pipes.
halt_vm() {
    await "@@FINISHED@@" >/dev/null || fail "$1: did not finish"
    exec 4>&- 5>&-
    local n=0
    while kill -0 "$qemu_pid" 2>/dev/null && ((n < 100)); do sleep 0.1; n=$((n + 1)); done
    kill "$qemu_pid" 2>/dev/null
    wait "$qemu_pid" 2>/dev/null
    kill "$cat_serial" "$cat_monitor" 2>/dev/null
    wait "$cat_serial" "$cat_monitor" 2>/dev/null
}

# vm NAME DEVICE DRIVER FORMAT EXTRA CASES…   (EXTRA: as for boot_vm, or -)
vm() {
    local name=$1 device=$2 driver=$3 format=$4 extra=${5#-}
    shift 5
    selected "$name" || return 0
    local cases
    cases=$(IFS=,; echo "$*")
    boot_vm "$name" "$device" "$driver" "$format" "$extra" "$cases"

    for c in "$@"; do
        local backend=${c%%+*} steps=
        [[ $c == *+* ]] && steps=${c#*+}
        await "@@READY $c@@" >/dev/null || { fail "$name/$c: VM never got ready"; break; }
        dump "$dir/$c-before.ppm" || fail "$name/$c: screendump failed"
        echo go >&4
        local shown
        shown=$(await "@@SHOWN $c [0-9a-z]*@@") || { fail "$name/$c: frame never shown"; break; }
        local size
        size=$(echo "$shown" | sed -n 's/.*@@SHOWN [^ ]* \([0-9x]*\)@@.*/\1/p')
        local headless=$dir/$c-headless.ppm
        if [[ $c == nocard ]]; then
            [[ -z $size ]] || fail "$name/$c: a frame was shown without a card"
        elif [[ -z $size ]]; then
            fail "$name/$c: nightstand did not present (see $serial_log)"
        else
            dump "$dir/$c.ppm" || fail "$name/$c: screendump failed"
            local rotation=0
            [[ $backend == *fbdev-* ]] && rotation=${backend##*fbdev-}
            if [[ $c == run-ringing ]]; then
                run_headless "$size" "$headless" \
                    '[audio]\ndevice = "null"\n[[alarm]]\nid = "wake"\ntime = "06:30"\nlabel = "Wake up"\n' \
                    "alarm test wake"
                local label=rss-ringing
                echo "qemu end-to-end: $name/$c memory: $(grep -a -m1 "^$label:" "$serial_log")" >&2
            elif [[ $c == run-late || $c == run-present || $c == run-hotplug ]]; then
                # At the time run's clock showed in the VM (a driver loaded late takes a while).
                local at
                at=$(grep -a -m1 "^@@LATE $c: at " "$serial_log" | sed -n 's/.*: at \([0-9T:-]*\)@@.*/\1/p')
                run_headless "$size" "$headless" "" "" "${at:-2026-11-21T10:09:00}"
            elif [[ $c == run || $c == run-network* || $c == run-alarms || $c == run-calendar ||
                $c == run-sources ]]; then
                # At the time the VM's display showed (the network cases take a while); the
                # sources VM's cases with their configuration (sources.sh).
                local shown_at config=
                shown_at=$(grep -a -m1 "^@@AT $c: " "$serial_log" | sed -n 's/.*: \([0-9T:-]*\)@@.*/\1/p')
                [[ $name == sources ]] && config=$(sources_headless_config "$c")
                run_headless "$size" "$headless" "$config" "" "${shown_at:-2026-11-21T10:09:00}"
                local label=rss${c#run}
                echo "qemu end-to-end: $name/$c memory: $(grep -a -m1 "^$label:" "$serial_log")" >&2
                if [[ ${NIGHTSTAND_QEMU_MAPPINGS:-0} == 1 ]]; then
                    grep -a "^@@SMAPS $label " "$serial_log" >&2 || true
                fi
            else
                on_host "$vm_binary" show-test-frame --backend headless --size "$size" --format "$format" \
                    --rotation "$rotation" --output "$headless" --once >/dev/null 2>&1
            fi
            # The frame is static once SHOWN is printed: a mismatch gets one more screendump,
            # said out loud, before it counts (a dump can catch the emulated device mid-update).
            if ! cmp -s "$dir/$c.ppm" "$headless"; then
                echo "qemu end-to-end: $name/$c differs; taking the screendump again" >&2
                sleep 1
                dump "$dir/$c.ppm" || fail "$name/$c: screendump failed"
            fi
            compare "$dir/$c.ppm" "$headless" "$name/$c: scanout equals headless $format rotation $rotation ($size)"
            if [[ $c == run-ringing ]]; then
                # The alarm view's snooze button: orange (255, 159, 10 as drawn), a large area.
                local orange
                orange=$(python3 -c 'import sys
data = open(sys.argv[1], "rb").read()
parts = data.split(b"\n", 3)
pixels = parts[3]
print(sum(1 for i in range(0, len(pixels) - 2, 3)
          if pixels[i] > 200 and 120 < pixels[i + 1] < 190 and pixels[i + 2] < 60))' "$dir/$c.ppm")
                if ((orange > 20000)); then
                    pass "$name/$c: the scanout shows the alarm view ($orange pixels of its snooze button)"
                else
                    fail "$name/$c: no alarm view on the scanout ($orange orange pixels)"
                fi
            fi
        fi
        echo go >&4
        local step
        for step in ${steps//+/ }; do
            await "@@STEP $c $step@@" >/dev/null || { fail "$name/$c: step $step never done"; break 2; }
            local shot=$dir/$c-$step.ppm
            dump "$shot" || fail "$name/$c: screendump failed"
            case $step in
                blank)
                    if is_dark "$shot"; then
                        pass "$name/$c: blank turns the output off"
                    else
                        fail "$name/$c: blank left pixels lit ($(basename "$shot"))"
                    fi ;;
                vt-away)
                    if cmp -s "$shot" "$headless"; then
                        fail "$name/$c: after chvt 2 the frame is still on screen"
                    else
                        pass "$name/$c: chvt 2 released the display (another VT shows)"
                    fi ;;
                unblank | vt-back)
                    compare "$shot" "$headless" "$name/$c: after $step the whole frame is back" ;;
                animate)
                    # A box moved across the pattern for 60 frames, each presented when the
                    # display's pacing said so; the last frame must be headless's last frame.
                    local animated=$dir/$c-animated-headless.ppm pacing
                    "$binary" show-test-frame --backend headless --size "$size" --format "$format" \
                        --rotation "$rotation" --output "$animated" --once --animate 60 >/dev/null 2>&1
                    compare "$shot" "$animated" "$name/$c: after 60 moving frames the scanout equals headless"
                    pacing=$(grep -a '^pacing: ' "$serial_log" | tail -n 1 | tr -d '\r')
                    case $backend in
                        drm)
                            if [[ $pacing == *"paced by page-flip events: 61 events"* ]]; then
                                pass "$name/$c: each moving frame waited for the page-flip event of the one before (${pacing#pacing: })"
                            else
                                fail "$name/$c: moving frames not paced by page-flip events: $pacing"
                            fi ;;
                        *)
                            if [[ $pacing == *"animated 60 frames"*"paced by "* ]]; then
                                pass "$name/$c: moving frames ${pacing#*frames in }"
                            else
                                fail "$name/$c: no pacing report: $pacing"
                            fi ;;
                    esac ;;
            esac
            echo go >&4
        done
        local done_line
        done_line=$(await "@@DONE $c [0-9]*@@") || { fail "$name/$c: no exit"; break; }
        local rc
        rc=$(echo "$done_line" | sed -n 's/.*@@DONE [^ ]* \([0-9]*\)@@.*/\1/p')
        if [[ $c == run-late ]]; then
            # Before run there was no driver, so no console picture to restore.
            if [[ $rc == 0 ]]; then pass "$name/$c: SIGTERM ends run"; else fail "$name/$c: run exited $rc"; fi
        elif [[ $c == nocard ]]; then
            if [[ $rc == 2 ]] && grep -aq "no /dev/dri/card" "$serial_log"; then
                pass "$name/$c: clear 'no card' error, exit status 2"
            else
                fail "$name/$c: expected exit 2 with 'no /dev/dri/card' (rc=$rc)"
            fi
        else
            dump "$dir/$c-after.ppm" || fail "$name/$c: screendump failed"
            [[ $rc == 0 ]] || fail "$name/$c: nightstand exited $rc after SIGTERM"
            compare "$dir/$c-after.ppm" "$dir/$c-before.ppm" "$name/$c: SIGTERM restored the console's picture"
        fi
        echo go >&4
    done
    halt_vm "$name"
}

# input_line PATTERN: the first @@INPUT line of the input VM's serial log matching PATTERN.
input_line() { grep -a "^@@INPUT " "$serial_log" | grep -a -m1 -e "$1"; }

# expect_input WHAT PATTERN…: passes WHAT when each PATTERN matches an @@INPUT line.
expect_input() {
    local what=$1 pattern
    shift
    for pattern in "$@"; do
        input_line "$pattern" >/dev/null || { fail "input: $what (no line matching '$pattern')"; return; }
    done
    pass "input: $what"
}

# input_vm: input devices on the real kernel (init.sh's inputs_case): `nightstand inputs`
# before evdev is loaded, then the Pi's devices as its kernel names them (the 7" panel's
# edt-ft5x06 touchscreen, two gpio-key buttons, Touch Display 2's Goodix) made with uinput
# while `nightstand inputs --watch` runs, touched, pressed, listed and unplugged.
input_vm() {
    selected input || return 0
    boot_vm input bochs-display bochs xrgb8888 "" inputs
    if await "@@READY inputs@@" >/dev/null; then
        echo go >&4
        await "@@INPUT done@@" >/dev/null || fail "input: the guest never finished (see $serial_log)"
    else
        fail "input: VM never got ready"
    fi
    halt_vm input
    expect_input "with no input device, 'nightstand inputs' says so and exits 0" \
        "@@INPUT none rc=0@@" "@@INPUT none:   none under /dev/input"
    expect_input "inputs lists the 7\" panel's edt-ft5x06 touchscreen as a multitouch screen" \
        "@@INPUT listed:   generic ft5x06 (79) at /dev/input/event" \
        "@@INPUT listed:     touches: swipes, taps (multitouch, 10 contacts)"
    expect_input "inputs lists Touch Display 2's Goodix touchscreen with its five contacts" \
        "@@INPUT listed:   10-005d Goodix Capacitive TouchScreen at /dev/input/event" \
        "@@INPUT listed:     touches: swipes, taps (multitouch, 5 contacts)"
    expect_input "each gpio-key button is its own device with its bound key ([input.keys]'s KEY_PROG1 under --watch)" \
        "@@INPUT listed:   button@11 at /dev/input/event" "@@INPUT listed:     keys: .*KEY_NEXTSONG next" \
        "@@INPUT listed:   button@1b at /dev/input/event" \
        "@@INPUT log: .*input: button@1b at /dev/input/event[0-9]*: keys: KEY_PROG1 presence"
    expect_input "hot-plug: devices plugged in after the start are opened" \
        "@@INPUT watch: watching [0-9]* device" \
        "@@INPUT log: .*input: generic ft5x06 (79) at /dev/input/event[0-9]*: touches" \
        "@@INPUT log: .*input: 10-005d Goodix Capacitive TouchScreen at /dev/input/event[0-9]*: touches" \
        "@@INPUT log: .*input: button@11 at /dev/input/event[0-9]*: keys" \
        "@@INPUT log: .*input: button@1b at /dev/input/event[0-9]*: keys"
    expect_input "idle: inputs --watch with five devices open makes no wake-ups at rest" \
        "@@INPUT rest: 0 wake-ups in 20 s@@"
    expect_input "touch: a swipe up on the DSI-like panel is a swipe up" \
        "@@INPUT watch: drag began vertically at 401,401" "@@INPUT watch: swipe up from 401,401"
    expect_input "touch: a swipe left is a swipe left" "@@INPUT watch: swipe left from 601,241"
    expect_input "touch: a tap is a tap where the finger touched" "@@INPUT watch: tap at 120,90"
    expect_input "keys: KEY_NEXTSONG is next" "@@INPUT watch: action next"
    expect_input "keys: KEY_PROG1 bound to presence in [input.keys] is presence while held" \
        "@@INPUT watch: presence: someone there" "@@INPUT watch: presence: released"
    expect_input "unplug: each device removed is dropped with a log line, no crash" \
        "@@INPUT log: .*input: generic ft5x06 (79) at /dev/input/event[0-9]* disappeared; dropped" \
        "@@INPUT log: .*input: 10-005d Goodix Capacitive TouchScreen at /dev/input/event[0-9]* disappeared; dropped" \
        "@@INPUT log: .*input: button@11 at /dev/input/event[0-9]* disappeared; dropped" \
        "@@INPUT log: .*input: button@1b at /dev/input/event[0-9]* disappeared; dropped"
    if grep -aq "^@@INPUT log: .*Fatal error" "$serial_log"; then
        fail "input: nightstand inputs --watch crashed"
    fi
}

# only_red FILE: the binary PPM shows a picture in red alone: some red, no green or blue.
only_red() {
    local header
    header=$(head -c 20 "$1" | head -n 3 | wc -c)
    tail -c +$((header + 1)) "$1" | od -An -v -tu1 -w3 |
        awk '$2 || $3 { bad = 1 } $1 { red = 1 } END { exit !(red && !bad) }'
}

# interact_headless NAME SECONDS [SED]: what the interact case's configuration (its @@CONFIG
# lines, edited by the sed script SED) shows on headless `run` SECONDS after 10:09:00 (the
# instant the run in the VM started at), into NAME.ppm in the VM's directory.
interact_headless() {
    local config=$dir/$1.toml at t=$((36540 + $2))
    at=$(printf '2026-11-21T%02d:%02d:%02d' $((t / 3600)) $((t / 60 % 60)) $((t % 60)))
    sed -n 's/^@@CONFIG //p' "$serial_log" | tr -d '\r' | sed -e "${3:-}" \
        -e 's|^backend = "drm"|backend = "headless"\nsize = "'"$size"'"\noutput = "'"${config%.toml}.ppm"'"|' >"$config"
    rm -f "${config%.toml}.ppm"
    TZ=UTC "$binary" run --config "$config" --at "$at" --socket "$work/$1.sock" --log-level warning &
    local pid=$! n=0
    while [[ ! -e ${config%.toml}.ppm ]] && ((n < 300)); do sleep 0.1; n=$((n + 1)); done
    sleep 3
    kill -TERM "$pid"
    wait "$pid"
}

# interact_step NAME: waits for the guest's step NAME, dumps the scanout to NAME.ppm, sets
# seconds (since the run started in the guest); the guest goes on after the checks (go).
interact_step() {
    local line
    line=$(await "@@STEP interact $1 [0-9]*@@") || { fail "interact: step $1 never came"; return 1; }
    seconds=$(echo "$line" | sed -n 's/.*@@STEP interact [^ ]* \([0-9]*\)@@.*/\1/p')
    dump "$dir/$1.ppm" || fail "interact: $1: screendump failed"
}

# interact_matches NAME WHAT [SED]: the step's scanout equals headless `run` of the
# configuration edited by SED, at the step's time (give or take a minute for the clock).
interact_matches() {
    local delta
    for delta in 0 -60 60; do
        interact_headless "$1-headless" $((seconds + delta)) "${3:-}"
        if cmp -s "$dir/$1.ppm" "$dir/$1-headless.ppm"; then pass "$2"; return; fi
    done
    compare "$dir/$1.ppm" "$dir/$1-headless.ppm" "$2"
}

# interact_vm: `nightstand run` on DRM (the standard VGA, which blanks on DPMS off) acted on by
# a uinput touchscreen and keys (init.sh's interact_case); every check is on the scanout.
interact_vm() {
    selected interact || return 0
    boot_vm interact VGA bochs xrgb8888 ns_render_first=1 interact
    await "@@READY interact@@" >/dev/null || { fail "interact: VM never got ready"; halt_vm interact; return; }
    echo go >&4
    size=$(await "@@SIZE interact [0-9a-z]*@@" | sed -n 's/.*@@SIZE interact \([0-9x]*\)@@.*/\1/p')
    [[ -n $size ]] || { fail "interact: nightstand run did not draw (see $serial_log)"; halt_vm interact; return; }
    local swapped='s/^widgets = \["christmas", "newyear"\]/widgets = ["newyear", "christmas"]/'
    local clock='s/^views = .*/views = ["clock"]/'
    if interact_step start; then
        interact_matches start "interact: run shows the widgets (the first countdown) as headless does"
        echo go >&4
    fi
    if interact_step swipe-up; then
        interact_matches swipe-up "touch: swipe up moves the stack (the second countdown shows)" "$swapped"
        echo go >&4
    fi
    if interact_step key-next; then
        interact_matches key-next "keys: next (KEY_NEXTSONG steps the stack round to the first)"
        echo go >&4
    fi
    if interact_step swipe-left; then
        interact_matches swipe-left "touch: swipe left shows the clock view" "$clock"
        echo go >&4
    fi
    if interact_step idle-off; then
        if is_dark "$dir/idle-off.ppm"; then idle_dark=1; else idle_dark=0; fi
        echo go >&4
    fi
    if interact_step idle-on; then
        if ((idle_dark)); then
            interact_matches idle-on "idle: panel off after idle_off, on after a key" "$clock"
        else
            fail "idle: the panel was still lit after idle_off (idle-off.ppm)"
        fi
        echo go >&4
    fi
    if interact_step mode-off; then
        is_dark "$dir/mode-off.ppm" || fail "interact: mode off left pixels lit (mode-off.ppm)"
        echo go >&4
    fi
    if interact_step tap-wake; then
        only_red "$dir/tap-wake.ppm" && tap_red=1 || tap_red=0
        echo go >&4
    fi
    if interact_step wake-over; then
        if ((tap_red)) && is_dark "$dir/wake-over.ppm"; then
            pass "touch: tap wakes the panel at night (red, for wake_duration, then dark again)"
        else
            fail "touch: tap wakes the panel at night (tap-wake.ppm red only: $tap_red; wake-over.ppm dark: $(is_dark "$dir/wake-over.ppm" && echo 1 || echo 0))"
        fi
        echo go >&4
    fi
    await "@@INTERACT done@@" >/dev/null || fail "interact: the guest never finished (see $serial_log)"
    halt_vm interact
    local rest
    rest=$(grep -a -m1 "^@@INTERACT rest: " "$serial_log" | tr -d '\r')
    rest=${rest#@@INTERACT rest: }; echo "qemu end-to-end: interact: run at rest: ${rest%@@}" >&2
    # A render-only card first (vgem, as v3d may be on a Pi): run chooses the display's card
    # by what it drives, not card0.
    if grep -aq "^@@INTERACT card card0: .*vgem" "$serial_log" &&
        grep -aq "^@@INTERACT log: .*drm: /dev/dri/card1 (bochs-drm)" "$serial_log"; then
        pass "interact: with render-only vgem as card0, run chose card1 (bochs-drm) by its connected connector"
    else
        fail "interact: with vgem as card0, run did not choose card1 (bochs-drm) (see $serial_log)"
    fi
    if grep -aq "^@@INTERACT log: .*Fatal error" "$serial_log"; then
        fail "interact: nightstand run crashed"
    fi
}

# expect_log VM TEXT WHAT: the VM's serial log says TEXT (what nightstand logged on opening).
expect_log() {
    selected "$1" || return 0
    if grep -aqF "$2" "$work/$1/serial.log"; then pass "$1: $3"; else fail "$1: $3 (no '$2' in the log)"; fi
}

vt=vt-away+vt-back
blank=blank+unblank
# `nightstand run` as a service runs it, on a 1920x1080 panel (two frames of dumb buffers need
# more than the default 16 MiB of video memory).
vm run bochs-display,xres=1920,yres=1080,vgamem=32M bochs xrgb8888 - run run-network run-network-tls run-alarms \
    run-ringing
expect_log run "mqtt: connected to mqtt://127.0.0.1:1883" "run-network: the display connects to the broker"
expect_log run "mqtt: connected to mqtts://127.0.0.1:8883" \
    "run-network-tls: the display connects to the broker over TLS, trusting the ca_file"
expect_log run "http: listening on 127.0.0.1:8080" "run-network: the HTTP API listens"
expect_log run 'fleet: "config":{"layers":{"all":' \
    "run-network: [fleet] applied the configuration document retained on the broker"
expect_log run 'sound: on "null"; libasound loads 2 min before the next alarm' \
    "run-alarms: alarms hours ahead: the device named, libasound not loaded yet"
expect_log run 'sound: playing chime on "null"' \
    "run-ringing: an alarm rung sooner than the libraries were due: loaded by the player, playing"
expect_log run '"mqtt":"connected to mqtt://127.0.0.1:1883' \
    "run-network: GET /api/status with the token answers, MQTT connected in its services"
vm bochs bochs-display bochs xrgb8888 - drm+$vt fbdev-0+$vt fbdev-90
expect_log bochs "rotation 0, single buffer" "fbdev without room to pan draws into the visible page"
# bochs-display has no VGA blanking; the standard VGA (same bochs-drm driver) has: the kernel
# blanks it through the attribute controller on DPMS off, and the screendump turns black.
vm stdvga VGA bochs xrgb8888 - drm+$blank fbdev-0+$blank
# animate (last: the frame changes): 60 moving frames, paced by page-flip events with flips,
# by a timer with one buffer and DirtyFB.
vm virtio virtio-gpu-pci virtio-gpu xrgb8888 - drm+$blank+$vt+animate drm-noflip+animate
# drm_fbdev_overalloc=200 gives the fbdev emulation a virtual height of two screens. Panned
# pages did not show there (a frame drawn into the hidden page and panned to stayed black after
# a VT switch), so the sink draws into the visible page of any DRM fbdev emulation, and says so.
vm virtio-pan virtio-gpu-pci virtio-gpu xrgb8888 ns_kms=drm_fbdev_overalloc=200 fbdev-0+$vt fbdev-270
expect_log virtio-pan "DRM driver's fbdev emulation, which does not show panned pages; single buffer" \
    "a two-screen DRM fbdev emulation is not panned"
# cirrus: RGB565 fbdev, and DRM with RGB565 dumb buffers (its driver shows no DPMS off).
vm cirrus cirrus-vga cirrus rgb565 - fbdev-270 fbdev-180 drm drm-noflip
# cirrusfb: cirrus-vga's native fbdev driver (no DRM), RGB565 with a virtual height of two
# screens. The sink double-buffers there: the first present draws into the hidden page and pans
# to it, the damage-only second one draws into the other page and pans back, and after chvt 1
# the whole frame goes to the hidden page again. Each time the screendump equals the headless
# frame, and the guest prints the pan offset the kernel reports.
# stdin-fbdev-0 starts on tty2 with tty1 as standard input (a service's TTYPath=/dev/tty1):
# nightstand must switch to tty1 and take it, VT switches included.
vm cirrusfb cirrus-vga cirrusfb rgb565 ns_fbvirtual=1024,1536 fbdev-0+$vt+animate fbdev-90 stdin-fbdev-0+$vt
expect_log cirrusfb "rotation 0, double-buffered (pan)" "a native fbdev driver with two screens is panned"
expect_log cirrusfb "FBIO_WAITFORVSYNC answered" \
    "a driver without FBIO_WAITFORVSYNC is said to be paced by a timer"
expect_log cirrusfb "pan: 0,768" "the kernel shows the second page (yoffset 768)"
expect_log cirrusfb "switching from /dev/tty2 to /dev/tty1, the VT on standard input" \
    "a VT on standard input is made the active one"
expect_log cirrusfb "double-buffered (pan), /dev/tty1 (VT switches)" "and it is the VT the sink takes"
if selected cirrusfb; then
    if grep -aq "active VT: tty2" "$work/cirrusfb/serial.log"; then
        fail "cirrusfb: tty2 was still active when a frame was shown"
    else
        pass "cirrusfb: tty1 was active whenever a frame was shown"
    fi
fi
vm none none none xrgb8888 - nocard
# A screen that comes late: `nightstand run` (backend auto, the default [display] wait) started
# before bochs is loaded, then with the card there from the start, then with its connector
# off at the start and detected while run runs (init.sh's late_case).
vm late bochs-display bochs xrgb8888 ns_late=1 run-late run-present run-hotplug
expect_late() {
    selected late || return 0
    local case=$1 what=$2 pattern
    shift 2
    for pattern in "$@"; do
        grep -aq "^@@LATE $case: .*$pattern" "$work/late/serial.log" ||
            { fail "late/$case: $what (no line matching '$pattern')"; return; }
    done
    pass "late/$case: $what"
}
expect_late run-late "without a card run starts on headless and waits for one" \
    "display: auto chose headless" "display: on headless .* waiting up to 60 s for one (drm device events)"
expect_late run-late "the card loaded later is switched to on its device events" \
    "drm: /dev/dri/card0 (bochs-drm) Virtual-1" "display: a screen came [0-9.]* s after the start (add card0.*): now on /dev/dri/card0 (bochs-drm)"
expect_late run-present "with the card there from the start, run draws on it and does not wait" \
    "display: auto chose drm" "running: "
if selected late && grep -aq "^@@LATE run-present: .*\(waiting up to\|a screen came\)" "$work/late/serial.log"; then
    fail "late/run-present: run waited or switched with its card there from the start"
fi
expect_late run-hotplug "a card whose screen is off: run starts on its fbdev and waits" \
    "connector card0-Virtual-1: disconnected" "display: auto chose fbdev" "waiting up to 60 s"
expect_late run-hotplug "the screen connected later is drawn on, on the card's change event" \
    "display: a screen came [0-9.]* s after the start (change card0): now on /dev/dri/card0 (bochs-drm)"
# Input devices: the Pi's touchscreens and gpio-key buttons, named as its kernel does, made with
# uinput.
input_vm
# The same driving `nightstand run`: swipes, keys, idleness and a tap at night on the scanout.
interact_vm
# OBD-II over SocketCAN (ISO-TP on vcan0) on `nightstand run` at 1280x480, and (named only) its
# start timed on an instruction-counted clock: car.sh.
# shellcheck source=car.sh
source "$here/car.sh"
car_vm
car_timing_vm
# A calendar (CalDAV behind a password) and an Immich album fetched from servers on this
# machine over QEMU's user-mode network (named only: sources.sh).
# shellcheck source=sources.sh
source "$here/sources.sh"
sources_vm

# The arm64 VM: machine virt, Debian 13's arm64 kernel (linux-image-arm64, unpacked once into
# the cache of scripts/trixie.sh, with its module list made by depmod), a virtio-gpu, and the
# binary of the arm64 package from the root NIGHTSTAND_QEMU_ARM64_ROOT (with busybox-static
# installed there for the VM's shell). The same cases as the x86 virtio VMs: DRM with page flips,
# blanked, unblanked and a VT switch; its fbdev emulation with a VT switch; `nightstand run`.
# Its headless frames come from the same binary, run in that root through qemu-user.
arm64_vm() {
    if [[ ${NIGHTSTAND_QEMU_INSTALL:-0} == 1 ]] && ! command -v qemu-system-aarch64 >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q qemu-system-arm >/dev/null
    fi
    command -v qemu-system-aarch64 >/dev/null ||
        { fail "arm64: qemu-system-aarch64 missing (apt-get install qemu-system-arm)"; return; }
    # shellcheck source=../../../scripts/trixie.sh
    source "$repo/scripts/trixie.sh"
    trixie_binfmt || { fail "arm64: cannot run arm64 programs through qemu-user"; return; }
    local root=$NIGHTSTAND_QEMU_ARM64_ROOT
    [[ -x $root/usr/bin/nightstand ]] || { fail "arm64: no /usr/bin/nightstand in $root"; return; }
    if [[ ! -x $root/bin/busybox ]]; then
        trixie_run "$root" sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
            --no-install-recommends busybox-static' >"$work/arm64-busybox.log" 2>&1 ||
            { cat "$work/arm64-busybox.log" >&2; fail "arm64: busybox-static did not install"; return; }
    fi
    local kernels=$nightstand_cache/trixie-arm64-kernel
    if ! compgen -G "$kernels/boot/vmlinuz-*" >/dev/null; then
        echo "qemu end-to-end: unpacking Debian 13's arm64 kernel into $kernels" >&2
        local name
        name=$(trixie_run "$root" apt-cache depends linux-image-arm64 |
            sed -n 's/^ *Depends: \(linux-image-[0-9].*\)/\1/p' | head -n 1)
        rm -rf "$kernels.tmp"
        mkdir -p "$kernels.tmp"
        NIGHTSTAND_TRIXIE_BINDS=$kernels.tmp trixie_run "$root" \
            sh -c "cd '$kernels.tmp' && apt-get download '$name' 2>/dev/null" &&
            dpkg-deb -x "$kernels.tmp"/linux-image-*.deb "$kernels.tmp" &&
            rm "$kernels.tmp"/linux-image-*.deb &&
            depmod -b "$kernels.tmp/usr" "$(ls "$kernels.tmp/usr/lib/modules")" &&
            mv "$kernels.tmp" "$kernels" ||
            { fail "arm64: could not unpack $name"; return; }
    fi
    vm_kernel=$(ls "$kernels"/boot/vmlinuz-* | sort -V | tail -n 1)
    local arm64_release=${vm_kernel##*/vmlinuz-}
    vm_initrd=$work/initramfs-arm64.cpio
    "$here/build-initramfs.sh" /usr/bin/nightstand "$arm64_release" "$vm_initrd" "$root" "$kernels" ||
        { fail "arm64: the initramfs was not built"; return; }
    machine=(qemu-system-aarch64 -M virt -cpu cortex-a72 -accel tcg -m 1024 -display none)
    vm_console=ttyAMA0
    vm_binary=/usr/bin/nightstand
    arm64_root=$root
    vm arm64 virtio-gpu-pci virtio-gpu xrgb8888 - drm+$blank+$vt fbdev-0+$vt run
}
if [[ -z ${NIGHTSTAND_QEMU_ARM64_ROOT:-} ]]; then
    selected arm64 && echo "qemu end-to-end: the arm64 VM SKIPPED: no NIGHTSTAND_QEMU_ARM64_ROOT" >&2
elif selected arm64; then
    arm64_vm
fi

if ((failures)); then
    echo "qemu end-to-end: $failures check(s) FAILED" >&2
else
    echo "qemu end-to-end: all checks passed" >&2
fi
# The closing line, in the plain form test runners share.
echo "qemu: $passes passed, $failures failed"
((failures == 0)) || exit 1
