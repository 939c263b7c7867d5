#!/usr/bin/env bash
# Measures the memory of `nightstand run` on a real kernel's DRM driver: the QEMU end-to-end
# test's `run` case (Tests/EndToEndTests/qemu/run.sh) boots Debian's kernel with bochs-drm on a
# 1920x1080 bochs-display, runs the release binary with no config file (the default clock and
# date) as a service would, and reads /proc/PID/status once the widgets are drawn. The scanout
# buffers live in the device's video memory, as on a Raspberry Pi's vc4 (CMA), so they are not
# part of the process; the program's files sit in the initramfs, so they count as RssShmem.
# Then the same with [mqtt] connected to a Mosquitto broker in the VM and [http] listening, both
# on the VM's loopback (the `run-network` case).
#
#   Benchmarks/host/measure-drm.sh      # needs what the QEMU test needs (root, qemu, a kernel)
#
# Uses .build/release/nightstand (build it with `scripts/build-release` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(NIGHTSTAND_QEMU_ONLY=run NIGHTSTAND_QEMU_BINARY=.build/release/nightstand \
    Tests/EndToEndTests/qemu/run.sh 2>&1) || { echo "$out" >&2; exit 1; }
for case in run run-network; do
    echo "$out" | grep -m1 "run/$case memory:" | awk -v label="$case" '{
        for (i = 1; i <= NF; i++) value[$i] = $(i + 1)
        printf "drm 1920x1080%s: peak_rss_mib=%.1f anon_mib=%.1f files_mib=%.1f\n",
            label == "run" ? "" : " with [mqtt] and [http]",
            value["VmHWM:"] / 1024, value["RssAnon:"] / 1024,
            (value["RssFile:"] + value["RssShmem:"]) / 1024
    }'
done
