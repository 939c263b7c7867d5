# The sources VM of run.sh (sourced by it), booted only when named (NIGHTSTAND_QEMU_ONLY=sources;
# Benchmarks/host/measure-drm.sh names it): `nightstand run` on DRM at 1920x1080 with a
# calendar and a photo album from where people keep them (issue 35), fetched through curl over
# QEMU's user-mode network from servers on this machine's loopback
# (Benchmarks/host/remote-sources.sh): Radicale with a CalDAV calendar behind a password, and
# the Immich stand-in with an album of 12 photos. The guest (sources-init.sh) runs run-calendar
# (the clock and the calendar) and run-sources (the same plus the album, the widgets view
# showing). Checks: each scanout equals headless `run` of the same configuration against the
# same servers at the time the VM's display showed (the calendar's events drawn as fetched);
# the guest's calendar cache holds the server's event; its album cache holds the stand-in's 12
# photos byte for byte; at rest, the calendar and the album fetched, the wake-ups of all run's
# threads over 60 s are the minute's frame only (two at most). Prints the memory (as the run
# cases) and those wake-ups.
sources_dir=

# sources_headless_config CASE: the guest's configuration of CASE (its @@CONFIG lines) for
# headless `run` here: the servers on loopback, the secrets and a cache of its own here.
sources_headless_config() {
    sed -n "s/^@@CONFIG $1 //p" "$serial_log" | tr -d '\r' | sed -e 's|10\.0\.2\.2|127.0.0.1|g' \
        -e "s|/tmp/cache|$sources_dir/cache-$1|" -e "s|/tmp/calendar-password|$sources_dir/calendar-password|" \
        -e "s|/tmp/immich-key|$sources_dir/immich-key|"
}

# sources_line CASE WHAT: the guest's @@SOURCES CASE WHAT: line, without its markers.
sources_line() {
    grep -a -m1 "^@@SOURCES $1 $2: " "$serial_log" | tr -d '\r' | sed "s/^@@SOURCES $1 $2: //; s/@@\$//"
}

sources_vm() {
    [[ ,${NIGHTSTAND_QEMU_ONLY:-}, == *,sources,* ]] || return 0
    sources_dir=$work/sources-servers
    mkdir -p "$sources_dir"
    # shellcheck source=../../../Benchmarks/host/remote-sources.sh
    source "$repo/Benchmarks/host/remote-sources.sh"
    start_remote_sources "$sources_dir" 20261121 || { fail "sources: the servers did not start"; return; }
    NIGHTSTAND_INITRAMFS_SOURCES=1 "$here/build-initramfs.sh" "$binary" "$release" \
        "$work/initramfs-sources.cpio" || { fail "sources: the initramfs was not built"; stop_remote_sources; return; }
    local plain=("${machine[@]}") initrd=$vm_initrd
    machine+=(-device virtio-rng-pci -netdev user,id=net0 -device virtio-net-pci,netdev=net0)
    vm_initrd=$work/initramfs-sources.cpio
    vm sources bochs-display,xres=1920,yres=1080,vgamem=32M bochs xrgb8888 \
        "ns_calendar_port=$cal_port ns_immich_port=$immich_port" run-calendar run-sources
    machine=("${plain[@]}")
    vm_initrd=$initrd
    local c got photos want rest
    for c in run-calendar run-sources; do
        got=$(sources_line $c calendar)
        if [[ $got == "1 Swimming, "* ]]; then
            pass "sources/$c: the CalDAV calendar behind a password came from Radicale through curl (${got#1 Swimming, })"
        else
            fail "sources/$c: the calendar was not fetched: ${got:-no line} (see $serial_log)"
        fi
        rest=$(sources_line $c rest)
        echo "qemu end-to-end: sources/$c at rest: $rest" >&2
        # The minute's frame: a window of 60 s holds one minute's edge (two if it ran long).
        if [[ $rest =~ ^([0-9]+)\ wake-ups ]] && ((BASH_REMATCH[1] <= 2)); then
            pass "sources/$c: at rest it wakes for the minute only ($rest)"
        else
            fail "sources/$c: at rest: ${rest:-no count}, more than the minute's frame"
        fi
    done
    photos=$(sources_line run-sources photos)
    want="12 $(cat "$sources_dir"/immich/assets/*.jpg | md5sum | cut -d' ' -f1)"
    if [[ $photos == "$want" ]]; then
        pass "sources/run-sources: the album's 12 photos came from the Immich stand-in, byte for byte"
    else
        fail "sources/run-sources: the album's photos in the guest's cache: ${photos:-none}, not $want"
    fi
    grep -aq "Fatal error" "$serial_log" && fail "sources: a fatal error in the log"
    stop_remote_sources
}
