#!/usr/bin/env bash
# A display of a fleet at rest: `nightstand run` (release build, headless at SIZE with frames
# kept in memory, `output = "none"`, as Benchmarks/host/measure.sh measures the host) with
# [mqtt] connected to a Mosquitto on loopback (default keep-alive, 60 s) and [fleet] with
# accept_config, having applied a configuration document taken from the broker (retained on
# nightstand/fleet/all/config) and keeping it in its state directory. Over SECONDS:
#   - wake-ups per minute: voluntary context switches of all its threads (/proc/PID/task/*);
#   - CPU seconds per hour (/proc/PID/stat);
#   - resident memory: peak (VmHWM) and now (VmRSS).
# Then the same with the broker reached over TLS (`mqtts://` and a `ca_file`: `fleet-tls`).
#
#   Benchmarks/fleet/at-rest.sh [SIZE] [SECONDS] [BINARY]   # 1920x1080, 180, .build/release/nightstand
#
# Needs mosquitto, mosquitto-clients and openssl (scripts/deps --test). docs/fleet.md ("At rest").
set -euo pipefail
cd "$(dirname "$0")/../.."
size="${1:-1920x1080}"
seconds="${2:-180}"
bin="${3:-.build/release/nightstand}"
[[ -x $bin ]] || { echo "at-rest.sh: no $bin (scripts/build-release, or pass the binary)" >&2; exit 1; }
work=$(mktemp -d)
chmod 700 "$work"
pid=
broker=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; [ -n "$broker" ] && kill $broker 2>/dev/null; sleep 0.5; rm -rf "$work"' EXIT
source Benchmarks/host/rest.sh
source Benchmarks/host/broker.sh
start_broker "$work"
sleep 0.5
document=$'[layout]\nviews = ["clock", "widgets"]\n'
mosquitto_pub -h 127.0.0.1 -p "$mqtt_port" -q 1 -r -t nightstand/fleet/all/config -m "$document"
mkdir -m 700 "$work/state"

run() {  # $1: label, $2: url, $3: more [mqtt] lines
    cat > "$work/config.toml" <<TOML
[display]
backend = "headless"
size = "$size"
output = "none"
[ambient]
sensor = "none"
[mqtt]
url = "$2"
$3
[fleet]
id = "rest"
groups = ["bedrooms"]
accept_config = true
TOML
    STATE_DIRECTORY="$work/state" "$bin" run --config "$work/config.toml" \
        --socket "$work/control.sock" --log-level warning &
    pid=$!
    # Until it has applied the document (its state says so), then settle.
    local deadline=$((SECONDS + 30))
    until mosquitto_sub -h 127.0.0.1 -p "$mqtt_port" -t nightstand/rest/state -C 1 -W 2 2>/dev/null |
        grep -q '"layers":{"all"'; do
        [ $SECONDS -lt $deadline ] || { echo "at-rest.sh: the display never applied the document" >&2; exit 1; }
        sleep 0.5
    done
    # Its first diagnostics (apt-cache on a thread of its own) and the reload done.
    warmup=20 idle "$1"
}

echo "size=$size seconds=$seconds binary=$bin"
run fleet "mqtt://127.0.0.1:$mqtt_port" ""
run fleet-tls "mqtts://127.0.0.1:$tls_port" "ca_file = \"$work/ca.crt\""
