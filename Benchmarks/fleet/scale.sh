#!/usr/bin/env bash
# A fleet at scale on one machine: N real `nightstand run --backend headless` processes
# (distinct ids d0…, groups g0–g3 in turn) on one Mosquitto on 127.0.0.1, and the operator's
# side timed against them:
#   - `nightstand fleet list`: its wall time (5 runs), and that it lists N;
#   - a group command (g0, N/4 displays) published once with an id: each display's answer
#     time, from the publish to its state document at a subscriber, timestamped by
#     mosquitto_sub (%U): p50, p99, max;
#   - `nightstand fleet command --all mode day`: its wall time (connecting, hearing every
#     display, sending, waiting for every answer) and its N/N line;
#   - the displays' resident memory (VmRSS), mean and max.
#
#   Benchmarks/fleet/scale.sh [N] [BINARY]   # default 100 and .build/release/nightstand
#
# Needs mosquitto and mosquitto-clients (scripts/deps --test). Everything it starts is stopped
# on exit. docs/fleet.md ("At scale") has the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-100}"
bin="${2:-.build/release/nightstand}"
[[ -x $bin ]] || { echo "scale.sh: no $bin (scripts/build-release, or pass the binary)" >&2; exit 1; }
work=$(mktemp -d)
chmod 700 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [[ -f $work/mosquitto.pid ]] && kill "$(cat "$work/mosquitto.pid")" 2>/dev/null || true
    sleep 1
    rm -rf "$work"
}
trap cleanup EXIT
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
# Whether more than $2 seconds have passed since $1.
over() { awk -v a="$1" -v b="$(now)" -v limit="$2" 'BEGIN { exit !(b - a > limit) }'; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > "$work/mosquitto.conf" <<CONF
listener $port 127.0.0.1
allow_anonymous true
persistence false
pid_file $work/mosquitto.pid
log_dest file $work/mosquitto.log
$([[ $(id -u) == 0 ]] && echo "user root")
CONF
mosquitto -c "$work/mosquitto.conf" -d
broker="mqtt://127.0.0.1:$port"
sleep 0.5

for ((i = 0; i < n; i++)); do
    cat > "$work/d$i.toml" <<TOML
[display]
backend = "headless"
size = "320x240"
output = "$work/d$i.png"
[ambient]
sensor = "none"
[mqtt]
url = "$broker"
[fleet]
id = "d$i"
groups = ["g$((i % 4))"]
TOML
    "$bin" run --config "$work/d$i.toml" --socket "$work/d$i.sock" 2> "$work/d$i.log" &
    pids+=($!)
done

start=$(now)
while true; do
    online=$("$bin" fleet list --broker "$broker" 2>/dev/null | grep -c " online " || true)
    [[ $online -ge $n ]] && break
    if over "$start" 300; then
        echo "scale.sh: only $online of $n online after 300 s" >&2
        exit 1
    fi
    sleep 1
done
echo "displays online: $n (after $(elapsed "$start" "$(now)") s)"

times=()
for _ in 1 2 3 4 5; do
    a=$(now)
    listed=$("$bin" fleet list --broker "$broker" | tail -1)
    times+=("$(elapsed "$a" "$(now)")")
done
echo "fleet list: $listed; wall time of 5 runs: ${times[*]} s"

mosquitto_sub -h 127.0.0.1 -p "$port" -t 'nightstand/+/state' -F '%U %t %p' > "$work/states" &
pids+=($!)
sleep 1
group=$(( (n + 3) / 4 ))  # d0, d4, d8 …
sent=$(now)
mosquitto_pub -h 127.0.0.1 -p "$port" -q 1 -t nightstand/fleet/group/g0/command \
    -m '{"version":1,"command":"mode night","id":"bench-g0"}'
# Each display's first state document with the command's answer (a later one, with the new
# appearance, carries the same answer).
answers() { grep '"id":"bench-g0"' "$work/states" | awk '!seen[$2]++'; }
while [[ $(answers | wc -l) -lt $group ]] && ! over "$sent" 30; do sleep 0.05; done
answers | awk -v t0="$sent" '{ print $1 - t0 }' | sort -n > "$work/latencies"
count=$(wc -l < "$work/latencies")
pick() { awk -v q="$1" '{ v[NR] = $1 } END { i = int(q * NR + 0.999999); if (i < 1) i = 1; printf "%.3f", v[i] }' "$work/latencies"; }
echo "group command to g0: $count/$group answered; latency p50 $(pick 0.5) s, p99 $(pick 0.99) s, max $(pick 1) s"

a=$(now)
summary=$("$bin" fleet command --all --broker "$broker" mode day | tail -1) || true
echo "fleet command --all mode day: $summary in $(elapsed "$a" "$(now)") s"

rss=()
for pid in "${pids[@]:0:$n}"; do
    rss+=("$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)")
done
printf '%s\n' "${rss[@]}" | awk '{ s += $1; if ($1 > m) m = $1 } END {
    printf "resident memory per display: mean %.1f MiB, max %.1f MiB\n", s / NR / 1024, m / 1024 }'
