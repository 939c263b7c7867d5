# The calendar and the album of issue 35 on this machine's loopback, for what measures a display
# with them (Benchmarks/host/measure-remote.sh, the QEMU `sources` VM of
# Tests/EndToEndTests/qemu/sources.sh): `start_remote_sources DIR DAY` starts
# - Radicale (Debian's radicale) on a free port with a user pi (password "secret") and a CalDAV
#   calendar /pi/family/ holding one event, "Swimming", every day at 18:00 Berlin time from DAY
#   (YYYYMMDD) on;
# - the Immich stand-in (Tests/StandbyViewsTests/Immich/immich-stand-in.py) with an album
#   "Bedside" of 12 photos, JPEG previews of 1440x960 as Immich makes them (python3-pil), key
#   "bench-key";
# in DIR, and sets cal_port, immich_port, and radicale and immich (their pids: the caller
# kills them, `stop_remote_sources`). DIR/calendar-password and DIR/immich-key hold the secrets
# (mode 600); DIR/immich/requests logs the stand-in's requests.
# shellcheck shell=bash
# shellcheck source=rest.sh
source "$(dirname "${BASH_SOURCE[0]}")/rest.sh"

start_remote_sources() {  # $1: the directory, $2: the first day of the events (YYYYMMDD)
    local work=$1 day=$2 repo
    python3 -c 'import PIL' 2>/dev/null ||
        { echo "remote-sources: python3 has no PIL for the photos (apt-get install python3-pil)" >&2; return 1; }
    command -v radicale >/dev/null ||
        { echo "remote-sources: no radicale (scripts/deps --test installs it)" >&2; return 1; }
    repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    cal_port=$(free_port)
    mkdir -p "$work/radicale" "$work/immich/assets"
    echo "pi:secret" >"$work/radicale/users"
    cat >"$work/radicale/config" <<CONF
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
    radicale --config "$work/radicale/config" >"$work/radicale/log" 2>&1 &
    radicale=$!
    local n
    for n in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$cal_port/" && break; sleep 0.1; done
    curl -s -u pi:secret -X MKCOL "http://127.0.0.1:$cal_port/pi/" -o /dev/null || true
    curl -s -u pi:secret -X MKCALENDAR "http://127.0.0.1:$cal_port/pi/family/" -o /dev/null
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:w\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Swimming\r\nDTSTART;TZID=Europe/Berlin:%sT180000\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' \
        "$day" | curl -s -u pi:secret -X PUT -H 'Content-Type: text/calendar' \
        --data-binary @- "http://127.0.0.1:$cal_port/pi/family/w.ics" -o /dev/null
    printf 'secret\n' >"$work/calendar-password"
    chmod 600 "$work/calendar-password"

    python3 - "$work/immich" <<'PY'
import json, sys, os
from PIL import Image
root = sys.argv[1]
ids = ["%08d-aaaa-4bbb-8ccc-%012d" % (n, n) for n in range(1, 13)]
state = {"album": {"id": "a1b2c3d4-0000-4000-8000-000000000001", "albumName": "Bedside",
                   "assets": [{"id": i, "type": "IMAGE", "isTrashed": False} for i in ids]},
         "key": "bench-key", "version": [1, 112, 1], "previewType": "image/jpeg"}
json.dump(state, open(os.path.join(root, "state.json"), "w"))
# A gradient per photo.
for n, i in enumerate(ids):
    image = Image.linear_gradient("L").resize((1440, 960)).convert("RGB")
    image = Image.merge("RGB", (image.getchannel(0), image.getchannel(1).point(lambda v: (v + 20 * n) % 256),
                                image.getchannel(2).transpose(Image.FLIP_LEFT_RIGHT)))
    image.save(os.path.join(root, "assets", i + ".jpg"), quality=85)
PY
    # The interpreter itself, so that $! is the server's pid (python3 may be a pyenv shim, whose
    # child the server would be).
    "$(python3 -c 'import sys; print(sys.executable)')" \
        "$repo/Tests/StandbyViewsTests/Immich/immich-stand-in.py" "$work/immich" 0 >/dev/null 2>&1 &
    immich=$!
    for n in $(seq 50); do [ -e "$work/immich/port" ] && break; sleep 0.1; done
    immich_port=$(cat "$work/immich/port")
    printf 'bench-key\n' >"$work/immich-key"
    chmod 600 "$work/immich-key"
}

stop_remote_sources() {
    local server
    for server in ${radicale:-} ${immich:-}; do
        kill -9 "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    done
    radicale= immich=
}
