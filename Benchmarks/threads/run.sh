#!/usr/bin/env bash
# Builds and runs handoff.c: microseconds to touch every cache line of 4 MiB that this core
# wrote last (solo_us) against that the other core wrote last (handoff_us). Needs 2 CPUs and
# a C compiler (cc).
set -euo pipefail
cd "$(dirname "$0")"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
cc -O2 -pthread -o "$out" handoff.c
for _ in 1 2 3; do "$out"; done
