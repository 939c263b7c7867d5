# The run-calendar and run-sources cases of init.sh (sourced by it, PID 1 of the sources VM):
# `nightstand run` on DRM with a calendar and a photo album from servers on the host (issue 35),
# reached through QEMU's user-mode network (a virtio-net device; the guest is 10.0.2.15, the
# host's loopback is 10.0.2.2), fetched through curl as on a board. run-calendar: the clock and
# a calendar widget whose source is a CalDAV collection behind a password on Radicale
# (ns_calendar_port=); run-sources: the same plus `[photos] immich = {url, api_key_file,
# album}` on the Immich stand-in (ns_immich_port=), the widgets view showing and the photos
# view next. The configuration goes to the host on @@CONFIG CASE lines (it renders the same on
# headless against the same servers). Once the calendar is downloaded and, in run-sources, the
# album's 12 photos, the guest prints what it got (@@SOURCES CASE calendar: …@@, photos: …@@),
# counts the wake-ups of all run's threads over 60 s at rest (@@SOURCES CASE rest: …@@), and
# prints the memory (rss-calendar, rss-sources) as the run cases do.

# sources_network: virtio-net up as QEMU's user-mode network expects, the random pool seeded
# (virtio-rng, as in the car VM: curl and the Swift runtime read random numbers at start), and
# the secrets in owner-only files.
sources_network() {
    insmod /lib/modules/can/virtio-rng.ko
    while read -r module; do insmod "/lib/modules/net/$module"; done </lib/modules/net/order
    n=0
    while [ ! -e /sys/class/net/eth0 ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
    ip link set lo up
    ip link set eth0 up
    ip addr add 10.0.2.15/24 dev eth0
    ip route add default via 10.0.2.2
    umask 077
    echo secret >/tmp/calendar-password
    echo bench-key >/tmp/immich-key
    umask 022
}

# sources_config CASE: the configuration of the case, without [display].
sources_config() {
    printf '[ambient]\nsensor = "none"\n[layout]\nburn_in_shift = 0\n'
    if [ "$1" = run-sources ]; then
        printf 'views = ["widgets", "photos"]\n[photos]\n'
        printf 'immich = { url = "http://10.0.2.2:%s", album = "Bedside", api_key_file = "/tmp/immich-key", cache = "/tmp/cache/immich" }\n' \
            "$(arg ns_immich_port)"
    else
        printf 'views = ["widgets"]\n'
    fi
    printf '[[widget]]\nkind = "clock"\nid = "clock"\n'
    printf '[[widget]]\nkind = "calendar"\nid = "family"\nurl = "http://10.0.2.2:%s/pi/family/"\n' \
        "$(arg ns_calendar_port)"
    printf 'username = "pi"\npassword_file = "/tmp/calendar-password"\ncache = "/tmp/cache/family.ics"\n'
    printf '[[slot]]\nwidgets = ["clock"]\n[[slot]]\nwidgets = ["family"]\n'
}

# sources_settled: run_display's wait before the memory is read: until the calendar is in its
# cache and (run-sources) the album's 12 photos are (up to 5 minutes), then 5 s for the frame,
# then the wake-ups at rest over 60 s.
sources_settled() {
    photos=0
    [ "$case" = run-sources ] && photos=12
    n=0
    until { [ -s /tmp/cache/family.ics ] &&
        [ "$(ls /tmp/cache/immich 2>/dev/null | grep -c '\.jpg$')" -ge $photos ]; } ||
        ! kill -0 $pid 2>/dev/null || [ $n -ge 600 ]; do
        sleep 0.5
        n=$((n + 1))
    done
    sleep 5
    echo "@@SOURCES $case calendar: $(grep -c '^SUMMARY:Swimming' /tmp/cache/family.ics 2>/dev/null) Swimming, $(($(cut -d. -f1 /proc/uptime) - started)) s after the start@@"
    [ $photos = 0 ] ||
        echo "@@SOURCES $case photos: $(ls /tmp/cache/immich | grep -c '\.jpg$') $(cat /tmp/cache/immich/*.jpg | md5sum | cut -d' ' -f1)@@"
    before=$(switches $pid)
    sleep 60
    echo "@@SOURCES $case rest: $(($(switches $pid) - before)) wake-ups in 60 s@@"
}

sources_case() {
    [ -e /sys/class/net/eth0 ] || sources_network
    rm -rf /tmp/cache
    sources_config "$case" >/tmp/sources.toml
    sed "s/^/@@CONFIG $case /" /tmp/sources.toml
    run_display /tmp/sources.toml "rss${case#run}" "" sources_settled
}
