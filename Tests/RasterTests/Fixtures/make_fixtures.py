#!/usr/bin/env python3
"""Writes the tiny PNG fixtures PNGDecoderTests decodes, one per color type and bit depth.

Run from anywhere: python3 Tests/RasterTests/Fixtures/make_fixtures.py
The PNGs are written next to this script and committed; the expected pixel values are spelled
out in PNGDecoderTests.swift. Only the standard library is used (zlib, struct), so the bytes are
exactly what the PNG specification says, independent of any image library.
"""

import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

GRAY, RGB, PALETTE, GRAY_ALPHA, RGBA = 0, 2, 3, 4, 6
CHANNELS = {GRAY: 1, RGB: 3, PALETTE: 1, GRAY_ALPHA: 2, RGBA: 4}

# Adam7 passes: (x start, y start, x step, y step).
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Packs one row of samples (ints) at the bit depth, big-endian, MSB first."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def image_data(pixels, color_type, depth, interlace):
    """Filter type 0 (None) scanlines, for the whole image or for each Adam7 pass."""
    height, width = len(pixels), len(pixels[0])
    flat = lambda row: [s for px in row for s in (px if isinstance(px, tuple) else (px,))]
    if not interlace:
        return b"".join(b"\x00" + pack_row(flat(row), depth) for row in pixels)
    out = b""
    for x0, y0, dx, dy in ADAM7:
        for y in range(y0, height, dy):
            row = [pixels[y][x] for x in range(x0, width, dx)]
            if row:
                out += b"\x00" + pack_row(flat(row), depth)
    return out


def write_png(name, pixels, color_type, depth, palette=None, trns=None, interlace=False):
    height, width = len(pixels), len(pixels[0])
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, int(interlace)))
    if palette is not None:
        png += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns is not None:
        png += chunk(b"tRNS", trns)
    png += chunk(b"IDAT", zlib.compress(image_data(pixels, color_type, depth, interlace), 9))
    png += chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png)


PALETTE4 = [(255, 0, 0), (200, 100, 3), (0, 0, 255), (10, 20, 30)]


def main():
    # 8-bit RGB and RGBA; RGBA holds half-transparent colors whose premultiplication rounds.
    write_png("rgb8.png", [[(255, 0, 0), (0, 255, 0)], [(0, 0, 255), (10, 20, 30)]], RGB, 8)
    write_png("rgba8.png", [[(255, 0, 0, 255), (0, 255, 0, 128)], [(200, 100, 3, 128), (50, 60, 70, 0)]], RGBA, 8)
    # 16-bit: 0x00FF and 0xFF00 tell rounding (v / 257) from truncation (v >> 8).
    write_png("rgb16.png", [[(0xFFFF, 0x0000, 0x8080), (0x00FF, 0xFF00, 0x1234)]], RGB, 16)
    write_png("rgba16.png", [[(0xFFFF, 0x0000, 0x0000, 0xFFFF), (0xFFFF, 0xFFFF, 0xFFFF, 0x8080)]], RGBA, 16)
    # Gray at 1, 8 and 16 bits; gray + alpha at 8 and 16; gray with a tRNS key.
    write_png("gray1.png", [[1, 0, 1, 1, 0, 0, 0, 1, 1]], GRAY, 1)
    write_png("gray8.png", [[0, 128, 255]], GRAY, 8)
    write_png("gray16.png", [[0x00FF, 0xFF00]], GRAY, 16)
    write_png("gray8-trns.png", [[0, 128, 255]], GRAY, 8, trns=struct.pack(">H", 128))
    write_png("gray-alpha8.png", [[(200, 128), (255, 0)]], GRAY_ALPHA, 8)
    write_png("gray-alpha16.png", [[(0xFFFF, 0x8080)]], GRAY_ALPHA, 16)
    # Palette at 8 and 2 bits, without and with tRNS (entry 1 half transparent, 2 clear, 3
    # beyond the tRNS entries and so opaque).
    indices = [[0, 1], [2, 3]]
    write_png("palette8.png", indices, PALETTE, 8, palette=PALETTE4)
    write_png("palette8-trns.png", indices, PALETTE, 8, palette=PALETTE4, trns=bytes([255, 128, 0]))
    write_png("palette2.png", [[3, 2, 1, 0, 1]], PALETTE, 2, palette=PALETTE4)
    # Adam7 interlacing, 3×3: every pass but 2 and 3 has pixels.
    grid = [[(x * 100, y * 100, 7) for x in range(3)] for y in range(3)]
    write_png("rgb8-interlaced.png", grid, RGB, 8, interlace=True)
    # The picture ImageDrawingTests scales: 4×2 (2:1), distinct colors, one half-transparent.
    write_png(
        "draw-source.png",
        [
            [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)],
            [(0, 0, 0, 255), (0, 255, 255, 255), (255, 0, 255, 255), (255, 255, 0, 128)],
        ],
        RGBA,
        8,
    )


if __name__ == "__main__":
    main()
