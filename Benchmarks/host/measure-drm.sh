#!/usr/bin/env bash
# Measures the memory of `nightstand run` on a real kernel's DRM driver: the QEMU end-to-end
# test's `run` case (Tests/EndToEndTests/qemu/run.sh) boots Debian's kernel with bochs-drm on a
# 1920x1080 bochs-display, runs the release binary with no config file (the default clock and
# date) as a service would, and reads /proc/PID/status once the widgets are drawn. The scanout
# buffers live in the device's video memory, as on a Raspberry Pi's vc4 (CMA), so they are not
# part of the process; the program's files sit in the initramfs, so they count as RssShmem.
# Then the same with [mqtt] connected to a Mosquitto broker in the VM and [http] listening, both
# on the VM's loopback (the `run-network` case), and with the broker reached over TLS
# (`mqtts://` with a `ca_file`: the `run-network-tls` case), and with five alarms set on ALSA's
# `null` device (libasound and libsndfile loaded: the `run-alarms` case).
#
#   Benchmarks/host/measure-drm.sh      # needs what the QEMU test needs (root, qemu, a kernel)
#   Benchmarks/host/measure-drm.sh --mappings   # and what the network adds, mapping by mapping
#
# --mappings: each mapping's resident KiB (Rss in /proc/PID/smaps) without and with the
# network, and the difference, largest first (files by path and permissions, anonymous
# mappings together).
#
# Uses .build/release/nightstand (build it with `scripts/build-release` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
mappings=0
[ "${1:-}" = --mappings ] && mappings=1
out=$(NIGHTSTAND_QEMU_ONLY=run NIGHTSTAND_QEMU_BINARY=.build/release/nightstand \
    NIGHTSTAND_QEMU_MAPPINGS=$mappings Tests/EndToEndTests/qemu/run.sh 2>&1) || { echo "$out" >&2; exit 1; }
for case in run run-network run-network-tls run-alarms; do
    grep -m1 "run/$case memory:" <<<"$out" | awk -v label="$case" '{
        for (i = 1; i <= NF; i++) value[$i] = $(i + 1)
        printf "drm 1920x1080%s: peak_rss_mib=%.1f anon_mib=%.1f files_mib=%.1f\n",
            label == "run" ? "" : label == "run-network" ? " with [mqtt] and [http]" \
                : label == "run-alarms" ? " with five alarms" : " with [mqtt] over TLS and [http]",
            value["VmHWM:"] / 1024, value["RssAnon:"] / 1024,
            (value["RssFile:"] + value["RssShmem:"]) / 1024
    }'
done
[ $mappings = 1 ] || exit 0
echo "$out" | grep -a '^@@SMAPS ' | tr -d '\r' | awk '
    $3 ~ /^[0-9a-f]+-[0-9a-f]+$/ { name = (NF >= 8 ? $8 " " $4 : "[anonymous] " $4); next }
    $3 == "Rss:" { kib[$2, name] += $4; names[name] = 1 }
    END {
        for (name in names) {
            before = kib["rss", name] + 0; after = kib["rss-network", name] + 0
            if (before != after) printf "%8d %8d %8d  %s\n", before, after, after - before, name
        }
    }' | sort -k3,3nr | { echo "  run KiB  network  difference  mapping"; cat; }
