#!/usr/bin/env bash
# Measures `nightstand run` at rest with a calendar and a photo album from where people keep
# them (issue 35): a CalDAV calendar on a Radicale server behind a password, and an Immich
# album on the Immich stand-in (Tests/StandbyViewsTests/Immich/immich-stand-in.py, which
# answers as Immich 1.112.1's API description says), both on loopback. Frames are kept in
# memory (`output = "none"`, what a DRM display costs minus the copy to the framebuffer).
# Over SECONDS, as Benchmarks/host/measure.sh measures: wake-ups per minute (voluntary context
# switches of all threads), CPU seconds per hour, and peak RSS (VmHWM) — once with the widgets
# view (the calendar) showing, once with the photos view (the album) showing (cross-fading, as
# by default, and cutting: `fade = "0s"`); and first with
# the clock alone (no calendar, no photos: the display measure.sh and, on DRM, measure-drm.sh
# measure) and the calendar alone, no photos view, for comparison.
#
#   Benchmarks/host/measure-remote.sh [SIZE] [SECONDS]      # defaults: 1920x1080, 180
#
# Uses .build/release/nightstand (scripts/build-release) and Debian's radicale and python3
# (scripts/deps --test), and python3-pil for the photos' JPEGs.
set -euo pipefail
cd "$(dirname "$0")/../.."
size="${1:-1920x1080}"
seconds="${2:-180}"
bin=.build/release/nightstand
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; stop_remote_sources; rm -rf "$work"' EXIT

# Radicale (a user pi, a calendar of one daily event) and the Immich stand-in (an album
# "Bedside" of 12 photos) on loopback.
source Benchmarks/host/remote-sources.sh
warmup=10   # the calendar's first fetch, the album's first visit and photo
start_remote_sources "$work" "$(date +%Y%m%d)"

config() {  # $1: the views, the first showing; $2: the [photos] table; $3: "clock" for no calendar
    if [ "${3:-}" = clock ]; then
        printf '[display]\nbackend = "headless"\nsize = "%s"\noutput = "none"\n[ambient]\nsensor = "none"\n[[widget]]\nkind = "clock"\nid = "clock"\n[[slot]]\nwidgets = ["clock"]\n' \
            "$size" > "$work/config.toml"
        return
    fi
    cat > "$work/config.toml" <<TOML
[display]
backend = "headless"
size = "$size"
output = "none"
[ambient]
sensor = "none"
[layout]
views = $1
$2
[[widget]]
kind = "clock"
id = "clock"
[[widget]]
kind = "calendar"
id = "family"
url = "http://127.0.0.1:$cal_port/pi/family/"
username = "pi"
password_file = "$work/calendar-password"
cache = "$work/cache/family.ics"
[[slot]]
widgets = ["clock"]
[[slot]]
widgets = ["family"]
TOML
}

album="[photos]
immich = { url = \"http://127.0.0.1:$immich_port\", album = \"Bedside\", api_key_file = \"$work/immich-key\", cache = \"$work/cache/immich\" }"
echo "size=$size seconds=$seconds"
config '["widgets"]' "" clock
"$bin" run --config "$work/config.toml" --log-level warning &
pid=$!
idle "clock"
config '["widgets"]' ""
"$bin" run --config "$work/config.toml" --log-level warning &
pid=$!
idle "caldav-widgets"
config '["widgets", "photos"]' "$album"
"$bin" run --config "$work/config.toml" --log-level warning &
pid=$!
idle "caldav-immich-widgets"
config '["photos", "widgets"]' "$album"
"$bin" run --config "$work/config.toml" --log-level warning &
pid=$!
idle "caldav-immich-photos"
config '["photos", "widgets"]' "$album
fade = \"0s\""
"$bin" run --config "$work/config.toml" --log-level warning &
pid=$!
idle "caldav-immich-photos-cut"
echo "immich_requests=$(wc -l < "$work/immich/requests") cached_photos=$(ls "$work/cache/immich" | wc -l)"
