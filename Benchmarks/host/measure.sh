#!/usr/bin/env bash
# Measures `nightstand run` idling with the default clock and date on the headless backend:
#  - first_frame_ms: process start to the first PNG on disk;
#  - then, with frames kept in memory (`output = "none"`, what a DRM display costs minus the
#    copy to the framebuffer), over SECONDS: wake-ups per minute (voluntary context switches
#    of all threads, /proc/PID/task/*/status), CPU seconds per hour (/proc/PID/stat), and
#    peak RSS (VmHWM);
#  - the same three with a PNG written per change (the headless backend as CI uses it);
#  - the same three in memory with the default `sensor = "auto"` on a machine without a light
#    sensor (the host then listens for one to appear instead of looking every 30 s);
#  - the same three in memory with `[mqtt]` connected to a Mosquitto broker the script starts
#    on loopback (default keep-alive, 60 s) and `[http]` listening on loopback (`network`;
#    needs `mosquitto`, which `scripts/deps --test` installs);
#  - the same with the broker reached over TLS (`mqtts://` and a `ca_file`, certificates made
#    with openssl: `network-tls`);
#  - the same three in memory with five alarms set, hours ahead, on ALSA's `null` device
#    (`alarms`), then with one of them ringing (`alarm test`) through the built-in chime:
#    CPU while ringing (`ringing`; the sound thread writes 20 ms chunks, so its wake-ups are
#    the sound's, not the loop's).
#
#   Benchmarks/host/measure.sh [SIZE] [SECONDS]      # defaults: 1920x1080, 180
#
# Uses .build/release/nightstand (build it with `scripts/build-release` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
size="${1:-1920x1080}"
seconds="${2:-180}"
bin=.build/release/nightstand
work=$(mktemp -d)
pid=
broker=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; [ -n "$broker" ] && kill $broker 2>/dev/null; rm -rf "$work"' EXIT

config() {  # $1: output, $2: sensor
    cat > "$work/config.toml" <<TOML
[display]
backend = "headless"
size = "$size"
output = "$1"
[ambient]
sensor = "${2:-none}"
TOML
}

start_run() {
    "$bin" run --config "$work/config.toml" --socket "$work/control.sock" --log-level warning &
    pid=$!
}

source Benchmarks/host/rest.sh
source Benchmarks/host/broker.sh

echo "size=$size seconds=$seconds"
config "$work/screen.png"
t0=$(date +%s%N)
start_run
while [ ! -e "$work/screen.png" ]; do sleep 0.001; done
echo "first_frame_ms=$(( ($(date +%s%N) - t0) / 1000000 ))"
idle "png"
config none
start_run
idle "memory"
config none auto
start_run
idle "no-sensor"
start_broker "$work"
openssl rand -hex 32 > "$work/token"
config none
cat >> "$work/config.toml" <<TOML
[mqtt]
url = "mqtt://127.0.0.1:$mqtt_port"
[http]
listen = "127.0.0.1:$(free_port)"
token_file = "$work/token"
TOML
start_run
idle "network"
sed -i "s|^url = .*|url = \"mqtts://127.0.0.1:$tls_port\"\nca_file = \"$work/ca.crt\"|" "$work/config.toml"
start_run
idle "network-tls"
config none
for hours in 2 3 4 5 6; do
    cat >> "$work/config.toml" <<TOML
[[alarm]]
id = "a$hours"
time = "$(date -d "+$hours hours" +%H:%M)"
light_before = "20m"
TOML
done
printf '[audio]\ndevice = "null"\n' >> "$work/config.toml"
start_run
idle "alarms"
start_run
sleep 5
"$bin" alarm test a2 --socket "$work/control.sock" >/dev/null
idle "ringing"
