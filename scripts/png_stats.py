#!/usr/bin/env python3
"""Prints what a PNG picture holds, for tests of rendered pictures (scripts/svg_test.sh).

    scripts/png_stats.py FILE.png

prints `width= height= dark= blue= grey= light= yellow= red= green= orange=`: the size in pixels, then how many pixels are dark
(every channel below 100: lines, givens), blue (blue above 150 and 60 above red: the digits a
solution adds) and mid grey (every channel within 15 of the others and between 60 and 200:
thin lines, pencil marks) and light grey (the same, between 201 and 245: the shaded cells of
variants); then the colours of a step's picture: yellow (the cells it rests on), red (struck
candidates), green (a placement) and orange (a chain's arrows). Reads 8-bit RGB and RGBA, non-interlaced, the PNGs headless
Chromium writes; the standard library only (zlib and the PNG filters of the specification).
"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: {depth}-bit colour type {colour}, interlace {interlace}: not read here")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def main():
    width, height, bpp, rows = pixels(sys.argv[1])
    dark = blue = grey = light = yellow = red = green = orange = 0
    for line in rows:
        for x in range(width):
            r, g, b = line[x * bpp], line[x * bpp + 1], line[x * bpp + 2]
            if r < 100 and g < 100 and b < 100:
                dark += 1
            elif b > 150 and b - r > 60:
                blue += 1
            elif max(r, g, b) - min(r, g, b) <= 15 and 60 <= r <= 200:
                grey += 1
            elif max(r, g, b) - min(r, g, b) <= 15 and 200 < r <= 245:
                light += 1
            elif r > 240 and g > 225 and b < 200:
                yellow += 1
            elif r > 180 and g < 90 and b < 90:
                red += 1
            elif g > 110 and r < 90 and b < 110:
                green += 1
            elif r > 220 and 110 <= g <= 180 and b < 80:
                orange += 1
    print(
        f"width={width} height={height} dark={dark} blue={blue} grey={grey} light={light} "
        f"yellow={yellow} red={red} green={green} orange={orange}"
    )


if __name__ == "__main__":
    main()
