# What Benchmarks/host/measure.sh and measure-remote.sh share: a free loopback port, and
# `idle LABEL`, which measures the running `nightstand` ($pid) at rest after a warm-up of
# ${warmup:-5} seconds, over $seconds (peak_rss_mib: VmHWM; rss_mib: VmRSS at the end), then
# ends it.

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

switches() { cat /proc/$pid/task/*/status | awk '/^voluntary_ctxt_switches/ {s += $2} END {print s}'; }
cpu_ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }

idle() {  # $1: label
    sleep "${warmup:-5}"   # start-up: provider fetches, the first minute's frame
    local s0 c0 t0 s1 c1 t1
    s0=$(switches); c0=$(cpu_ticks); t0=$(date +%s%N)
    sleep "$seconds"
    s1=$(switches); c1=$(cpu_ticks); t1=$(date +%s%N)
    awk -v l="$1" -v s=$((s1 - s0)) -v c=$((c1 - c0)) -v ms=$(( (t1 - t0) / 1000000 )) \
        -v hz="$(getconf CLK_TCK)" -v rss="$(awk '/VmHWM/ {print $2}' /proc/$pid/status)" \
        -v now="$(awk '/VmRSS/ {print $2}' /proc/$pid/status)" 'BEGIN {
        printf "%s: wakeups_per_min=%.1f cpu_s_per_hour=%.2f peak_rss_mib=%.1f rss_mib=%.1f\n",
            l, s / (ms / 60000), (c / hz) / (ms / 3600000), rss / 1024, now / 1024
    }'
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
}
