"""Draw the app icons in ``icons/`` from the design of ``icon.svg`` (standard library only).

``python tools/build/make_icons.py [--out icons]`` writes

* ``icon-192.png`` and ``icon-512.png``: the felt-green rounded square with a
  white card and a red heart, transparent outside the rounded corners
  (manifest ``purpose: any``);
* ``maskable-512.png``: the same on a full square, the card shrunk into the
  safe zone (the central circle of 80 % diameter) so any mask shape keeps it
  whole (``purpose: maskable``).

The shapes are those of ``icon.svg`` in its 64×64 view box; the heart, a text
glyph there, is drawn here as the curve (x² + y² − 1)³ = x² y³. Edges are
anti-aliased by sampling each pixel that straddles an edge on a 4×4 grid. The
PNGs are committed; run this again only when the design changes.
"""

from __future__ import annotations

import argparse
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RGBA = tuple[int, int, int, int]
FELT: RGBA = (0x1D, 0x5A, 0x3C, 255)  # --felt in css/rommi.css
CARD: RGBA = (0xFF, 0xFD, 0xF8, 255)  # --card
EDGE: RGBA = (0xB9, 0xB3, 0xA6, 255)  # --card-edge
HEART: RGBA = (0xC4, 0x16, 0x1C, 255)  # --red-suit
CLEAR: RGBA = (0, 0, 0, 0)

SAMPLES = 4  # per axis, for pixels on an edge


def in_rounded_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_heart(x: float, y: float, cx: float, cy: float, size: float) -> bool:
    """Inside a heart about ``size`` wide centred near (cx, cy) (y grows downwards)."""
    u = (x - cx) / (size / 2.3)
    v = -(y - cy) / (size / 2.3) + 0.15
    return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0


def design(maskable: bool) -> Callable[[float, float], RGBA]:
    """The colour at a point of the 64×64 view box."""
    scale = 0.8 if maskable else 1.0

    def at(x: float, y: float) -> RGBA:
        if maskable:
            # Everything but the background shrinks about the centre into the safe zone.
            x, y = 32 + (x - 32) / scale, 32 + (y - 32) / scale
        elif not in_rounded_rect(x, y, 0, 0, 64, 64, 12):
            return CLEAR
        if in_heart(x, y, 32, 33, 22):
            return HEART
        if in_rounded_rect(x, y, 14.75, 8.75, 49.25, 55.25, 4.25):
            return CARD
        if in_rounded_rect(x, y, 13.25, 7.25, 50.75, 56.75, 5.75):
            return EDGE
        return FELT

    return at


def render(size: int, maskable: bool) -> list[list[RGBA]]:
    at = design(maskable)
    k = 64 / size
    corners = [[at(i * k, j * k) for i in range(size + 1)] for j in range(size + 1)]
    rows = []
    for j in range(size):
        row = []
        for i in range(size):
            c = corners[j][i]
            if c == corners[j][i + 1] == corners[j + 1][i] == corners[j + 1][i + 1]:
                row.append(c)
                continue
            acc = [0.0, 0.0, 0.0, 0.0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    r, g, b, a = at((i + (si + 0.5) / SAMPLES) * k, (j + (sj + 0.5) / SAMPLES) * k)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3] / SAMPLES**2
            if alpha == 0:
                row.append(CLEAR)
            else:
                row.append(
                    (
                        round(acc[0] / acc[3]),
                        round(acc[1] / acc[3]),
                        round(acc[2] / acc[3]),
                        round(alpha),
                    )
                )
        rows.append(row)
    return rows


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _filtered(raw: bytes, prev: bytes, bpp: int) -> bytes:
    """The row under whichever PNG filter gives the smallest sum (the usual heuristic)."""
    n = len(raw)
    left = bytes(bpp) + raw[:-bpp]
    upleft = bytes(bpp) + prev[:-bpp]
    candidates = [
        bytes([0]) + raw,
        bytes([1]) + bytes((raw[i] - left[i]) & 255 for i in range(n)),
        bytes([2]) + bytes((raw[i] - prev[i]) & 255 for i in range(n)),
        bytes([3]) + bytes((raw[i] - (left[i] + prev[i]) // 2) & 255 for i in range(n)),
        bytes([4]) + bytes((raw[i] - _paeth(left[i], prev[i], upleft[i])) & 255 for i in range(n)),
    ]
    return min(candidates, key=lambda row: sum(b if b < 128 else 256 - b for b in row[1:]))


def png(pixels: list[list[RGBA]]) -> bytes:
    """An 8-bit RGBA (or RGB, when nothing is transparent) PNG of ``pixels``."""
    height, width = len(pixels), len(pixels[0])
    opaque = all(p[3] == 255 for row in pixels for p in row)
    bpp = 3 if opaque else 4
    data = bytearray()
    prev = bytes(width * bpp)
    for row in pixels:
        raw = bytes(v for p in row for v in (p[:3] if opaque else p))
        data += _filtered(raw, prev, bpp)
        prev = raw

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(data), 9))
        + chunk(b"IEND", b"")
    )


ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "maskable-512.png": (512, True)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "icons", help="output folder (default: icons/)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        data = png(render(size, maskable))
        (args.out / name).write_bytes(data)
        print(f"make_icons: {name} {size}x{size}, {len(data)} bytes")


if __name__ == "__main__":
    main()
