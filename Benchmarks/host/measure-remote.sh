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
radicale=
immich=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; [ -n "$radicale" ] && kill -9 $radicale 2>/dev/null; [ -n "$immich" ] && kill -9 $immich 2>/dev/null; rm -rf "$work"' EXIT

source Benchmarks/host/rest.sh
warmup=10   # the calendar's first fetch, the album's first visit and photo

# Radicale with a user pi (password secret) and a calendar of one weekly event.
cal_port=$(free_port)
mkdir -p "$work/radicale"
echo "pi:secret" > "$work/radicale/users"
cat > "$work/radicale/config" <<CONF
[server]
hosts = 127.0.0.1:$cal_port
[auth]
type = htpasswd
htpasswd_filename = $work/radicale/users
htpasswd_encryption = plain
[storage]
filesystem_folder = $work/radicale/collections
[rights]
type = owner_only
CONF
radicale --config "$work/radicale/config" >/dev/null 2>&1 &
radicale=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$cal_port/" && break; sleep 0.1; done
curl -s -u pi:secret -X MKCOL "http://127.0.0.1:$cal_port/pi/" -o /dev/null || true
curl -s -u pi:secret -X MKCALENDAR "http://127.0.0.1:$cal_port/pi/family/" -o /dev/null
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:w\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Swimming\r\nDTSTART;TZID=Europe/Berlin:%sT180000\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' \
    "$(date +%Y%m%d)" | curl -s -u pi:secret -X PUT -H 'Content-Type: text/calendar' \
    --data-binary @- "http://127.0.0.1:$cal_port/pi/family/w.ics" -o /dev/null
printf 'secret\n' > "$work/calendar-password"; chmod 600 "$work/calendar-password"

# The Immich stand-in: an album "Bedside" of 12 photos.
mkdir -p "$work/immich/assets"
python3 - "$work/immich" <<'PY'
import json, sys, os
root = sys.argv[1]
ids = ["%08d-aaaa-4bbb-8ccc-%012d" % (n, n) for n in range(1, 13)]
state = {"album": {"id": "a1b2c3d4-0000-4000-8000-000000000001", "albumName": "Bedside",
                   "assets": [{"id": i, "type": "IMAGE", "isTrashed": False} for i in ids]},
         "key": "bench-key", "version": [1, 112, 1], "previewType": "image/jpeg"}
json.dump(state, open(os.path.join(root, "state.json"), "w"))
open(os.path.join(root, "ids"), "w").write("\n".join(ids))
PY
# Immich's previews are JPEGs 1440 pixels on the long side: a gradient per photo (python3-pil).
python3 - "$work/immich" <<'PY'
import sys
from PIL import Image
root = sys.argv[1]
for n, i in enumerate(open(root + "/ids").read().split()):
    image = Image.linear_gradient("L").resize((1440, 960)).convert("RGB")
    image = Image.merge("RGB", (image.getchannel(0), image.getchannel(1).point(lambda v: (v + 20 * n) % 256), image.getchannel(2).transpose(Image.FLIP_LEFT_RIGHT)))
    image.save(root + "/assets/" + i + ".jpg", quality=85)
PY
python3 Tests/StandbyViewsTests/Immich/immich-stand-in.py "$work/immich" 0 >/dev/null 2>&1 &
immich=$!
for _ in $(seq 50); do [ -e "$work/immich/port" ] && break; sleep 0.1; done
printf 'bench-key\n' > "$work/immich-key"; chmod 600 "$work/immich-key"

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
immich = { url = \"http://127.0.0.1:$(cat "$work/immich/port")\", album = \"Bedside\", api_key_file = \"$work/immich-key\", cache = \"$work/cache/immich\" }"
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
