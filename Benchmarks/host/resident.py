#!/usr/bin/env python3
"""Which sections of a running nightstand's binary are resident: the present pages of its
mappings (/proc/PID/pagemap, readable by root), in KiB per ELF section.

    Benchmarks/host/resident.py PID

Run it against `nightstand run` (e.g. while Benchmarks/host/measure.sh idles, or on its own
with a headless config) to see what `scripts/build-release`'s function order does: `.text` is
the code the kernel mapped in, in 64 KiB windows around each page the program touched.
"""
import collections
import os
import re
import struct
import subprocess
import sys

pid = sys.argv[1]
binary = os.path.realpath(f"/proc/{pid}/exe")
mappings = []
for line in open(f"/proc/{pid}/maps"):
    fields = line.split()
    if len(fields) >= 6 and fields[5] == binary:
        low, high = (int(x, 16) for x in fields[0].split("-"))
        mappings.append((low, high, int(fields[2], 16)))
load_bias = min(low - offset for low, _, offset in mappings)

sections = []  # (address, size, name) from the section headers
for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout.splitlines():
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if m and int(m.group(2), 16):
        sections.append((int(m.group(2), 16), int(m.group(3), 16), m.group(1)))

resident = collections.Counter()
with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
    for low, high, _ in mappings:
        pagemap.seek(low // 4096 * 8)
        entries = pagemap.read((high - low) // 4096 * 8)
        for i in range((high - low) // 4096):
            if struct.unpack_from("<Q", entries, i * 8)[0] >> 63:  # bit 63: page present
                page = low + i * 4096 - load_bias
                name = next((n for a, s, n in sections if a < page + 4096 and page < a + s), "?")
                resident[name] += 4
for name, kib in resident.most_common():
    print(f"{kib:8d} KiB  {name}")
