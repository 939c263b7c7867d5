#!/usr/bin/env bash
# Measures `nightstand run` at rest with a gps widget and two obd widgets (rpm, speed) on the
# headless backend (frames in memory), fed by a real gpsd (gpsfake replaying
# Tests/VehicleTests/Fixtures/drive.nmea in a loop, one fix a second) and ELM327-emulator's
# `car` scenario on a pseudo-terminal:
#  - with both: wake-ups per minute of all threads (voluntary context switches,
#    /proc/PID/task/*/status), CPU seconds per hour, peak RSS;
#  - with the adapter and gpsd gone (the emulator and gpsfake stopped).
#
#   Benchmarks/car/measure.sh [BINARY] [SECONDS]   # defaults: .build/release/nightstand, 60
#
# Needs gpsd, gpsd-tools and .build/elm327-emulator (scripts/deps --test).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${1:-.build/release/nightstand}"
seconds="${2:-60}"
work=$(mktemp -d)
pid= fake= elm=
trap 'for p in $pid $fake $elm; do kill $p 2>/dev/null || true; done; rm -rf "$work"' EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
gpsfake -q -P "$port" -c 1 Tests/VehicleTests/Fixtures/drive.nmea >/dev/null 2>&1 &
fake=$!
mkfifo "$work/elm-in"
(cd "$work" && exec "$OLDPWD/.build/elm327-emulator/bin/elm" -s car -b "$work/elm.txt") \
    <"$work/elm-in" >/dev/null 2>&1 &   # in $work: it writes elm.log where it runs
elm=$!
exec 3>"$work/elm-in"   # keeps the emulator's input open
for _ in $(seq 100); do [ -s "$work/elm.txt" ] && break; sleep 0.1; done
ln -s "$(head -1 "$work/elm.txt")" "$work/obd0"

cat > "$work/config.toml" <<TOML
[display]
backend = "headless"
size = "1280x480"
output = "none"
[ambient]
sensor = "none"
[[widget]]
kind = "gps"
host = "127.0.0.1:$port"
[[widget]]
id = "rpm"
kind = "obd"
pid = "rpm"
device = "$work/obd0"
[[widget]]
id = "speed"
kind = "obd"
pid = "speed"
device = "$work/obd0"
[[slot]]
widgets = ["gps"]
[[slot]]
widgets = ["rpm"]
[[slot]]
widgets = ["speed"]
TOML

"$bin" run --config "$work/config.toml" --socket "$work/control.sock" --log-level warning &
pid=$!

switches() { cat /proc/$pid/task/*/status | awk '/^voluntary_ctxt_switches/ {s += $2} END {print s}'; }
cpu_ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }
measure() {  # $1: label
    local s0 c0 t0 s1 c1 t1
    s0=$(switches); c0=$(cpu_ticks); t0=$(date +%s%N)
    sleep "$seconds"
    s1=$(switches); c1=$(cpu_ticks); t1=$(date +%s%N)
    awk -v l="$1" -v s=$((s1 - s0)) -v c=$((c1 - c0)) -v ms=$(( (t1 - t0) / 1000000 )) \
        -v hz="$(getconf CLK_TCK)" -v rss="$(awk '/VmHWM/ {print $2}' /proc/$pid/status)" 'BEGIN {
        printf "%s: wakeups_per_min=%.1f cpu_s_per_hour=%.2f peak_rss_mib=%.1f\n",
            l, s / (ms / 60000), (c / hz) / (ms / 3600000), rss / 1024 }'
}

sleep 10   # start-up: the clients connect, the adapter resets
measure "gps 1 Hz + obd rpm, speed 2 Hz"
kill "$elm" "$fake"; wait "$elm" "$fake" 2>/dev/null || true
elm= fake=
sleep 70   # the clients notice and back off to their longest retry (1, 2 … 32, then 60 s)
measure "adapter and gpsd gone"
