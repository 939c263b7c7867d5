#!/usr/bin/env bash
# Measures the memory of `nightstand run` on a real kernel's DRM driver: the QEMU end-to-end
# test's `run` case (Tests/EndToEndTests/qemu/run.sh) boots Debian's kernel with bochs-drm on a
# 1920x1080 bochs-display, runs the release binary with no config file (the default clock and
# date) as a service would, and reads /proc/PID/status once the widgets are drawn. The scanout
# buffers live in the device's video memory, as on a Raspberry Pi's vc4 (CMA), so they are not
# part of the process; the program's files sit in the initramfs, so they count as RssShmem.
# Then the same with [mqtt] connected to a Mosquitto broker in the VM (Home Assistant's
# discovery and the screen's picture on, as by default), [fleet] having applied a configuration
# document from the broker, and [http] listening, all on the VM's loopback (the `run-network`
# case), and with the broker reached over TLS (`mqtts://` with a `ca_file`: the
# `run-network-tls` case), and with five alarms set on ALSA's `null` device (the `run-alarms`
# case). Then the car VM (car.sh): the car bar board as shipped (boards/car-bar-1280x480.toml:
# a gps widget and two OBD gauges, here on vcan0 with an engine ECU answering) at 1280x480.
# Then the sources VM (sources.sh): 1920x1080 with a calendar widget whose source is a CalDAV
# collection behind a password on Radicale (`run-calendar`), and the same with an Immich album
# (`[photos] immich`, the widgets view showing: `run-sources`), both servers on this machine
# reached over QEMU's user-mode network, read once the calendar and the album's 12 photos are
# fetched and the display has rested 60 s (whose wake-ups it prints too).
#
#   Benchmarks/host/measure-drm.sh      # needs what the QEMU test needs (root, qemu, a kernel)
#   Benchmarks/host/measure-drm.sh --mappings [LABEL]  # and what a case adds, mapping by mapping
#
# --mappings: each mapping's resident KiB (Rss in /proc/PID/smaps) of the display alone and of
# the case LABEL (rss-network, the default; rss-network-tls, rss-alarms, rss-car-board,
# rss-calendar, rss-sources), and
# the difference, largest first (files by path and permissions, anonymous mappings together).
#
# Uses .build/release/nightstand (build it with `scripts/build-release` first), or the binary
# NIGHTSTAND_QEMU_BINARY names; the sources VM needs Debian's radicale and curl, python3 and
# python3-pil (scripts/deps --test).
set -euo pipefail
cd "$(dirname "$0")/../.."
mappings=0
with=rss-network
[ "${1:-}" = --mappings ] && { mappings=1; with=${2:-rss-network}; }
out=$(NIGHTSTAND_QEMU_ONLY=run,car,sources \
    NIGHTSTAND_QEMU_BINARY=${NIGHTSTAND_QEMU_BINARY:-.build/release/nightstand} \
    NIGHTSTAND_QEMU_MAPPINGS=$mappings Tests/EndToEndTests/qemu/run.sh 2>&1) || { echo "$out" >&2; exit 1; }
for case in run/run run/run-network run/run-network-tls run/run-alarms car/run-car-board \
    sources/run-calendar sources/run-sources; do
    grep -m1 "$case memory:" <<<"$out" | awk -v label="${case#*/}" '{
        for (i = 1; i <= NF; i++) value[$i] = $(i + 1)
        printf "drm %s: peak_rss_mib=%.1f rss_mib=%.1f anon_mib=%.1f files_mib=%.1f\n",
            label == "run" ? "1920x1080" \
                : label == "run-network" ? "1920x1080 with [mqtt], [fleet] and [http]" \
                : label == "run-network-tls" ? "1920x1080 with [mqtt] over TLS, [fleet] and [http]" \
                : label == "run-alarms" ? "1920x1080 with five alarms" \
                : label == "run-calendar" ? "1920x1080 with a CalDAV calendar" \
                : label == "run-sources" ? "1920x1080 with a CalDAV calendar and an Immich album" \
                : "1280x480 car bar board",
            value["VmHWM:"] / 1024, value["VmRSS:"] / 1024, value["RssAnon:"] / 1024,
            (value["RssFile:"] + value["RssShmem:"]) / 1024
    }'
done
grep -a "sources/run-[a-z]* at rest: " <<<"$out" | sed 's/^qemu end-to-end: /drm /'
[ $mappings = 1 ] || exit 0
echo "$out" | grep -a '^@@SMAPS ' | tr -d '\r' | awk -v with="$with" '
    $3 ~ /^[0-9a-f]+-[0-9a-f]+$/ { name = (NF >= 8 ? $8 " " $4 : "[anonymous] " $4); next }
    $3 == "Rss:" { kib[$2, name] += $4; names[name] = 1 }
    END {
        for (name in names) {
            before = kib["rss", name] + 0; after = kib[with, name] + 0
            if (before != after) printf "%8d %8d %8d  %s\n", before, after, after - before, name
        }
    }' | sort -k3,3nr | { echo "  run KiB  $with KiB  difference  mapping"; cat; }
