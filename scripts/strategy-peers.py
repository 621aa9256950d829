#!/usr/bin/env python3
"""Times Skia and Blend2D filling the paths of `tile-bench strategies --static`' canvas scene (the seed's 50 cards
of 147 diamonds: 7,401 fills), so that TileRender's "canvas, render only" has peers measured in the same
run on the same machine. The paths come from `tile-bench strategies --static --scene-out FILE`, in device
pixels; building them is not timed, each frame fills all of them in order onto a cleared canvas.

- skia-python: one skia.Path per fill (curves kept), anti-aliased, on a raster surface.
- blend2d-py: it takes only polygons (move_to/line_to/close), so the cards' rounded corners and the
  diamonds (the seed's are quadratic curves) are flattened here (0.1 px), outside the timed call: its
  figure is a lower bound for Blend2D.

    python3 -m venv /tmp/peers && . /tmp/peers/bin/activate && pip install skia-python blend2d-py numpy pillow
    .build/release/tile-bench strategies --static --repeat 20 --scene-out /tmp/cards.json -o /tmp/strategies
    python3 scripts/strategy-peers.py /tmp/cards.json --repeat 20 [--compare /tmp/strategies/canvas-cpu.png]

With --compare, each peer's picture is compared with TileRender's (mean absolute difference per
channel, and the share of channels more than 8 levels apart).
"""
import json
import statistics
import sys
import time

import numpy as np


def flatten(elements, tolerance=0.1):
    """The elements as polygons, curves cut into chords within `tolerance` pixels."""
    polygons, current, start = [], [], None
    for e in elements:
        kind, pts = e[0], e[1:]
        if kind == "M":
            if len(current) > 1:
                polygons.append(current)
            current = [(pts[0], pts[1])]
            start = current[0]
        elif kind == "L":
            current.append((pts[0], pts[1]))
        elif kind in ("Q", "C"):
            x0, y0 = current[-1]
            ctrl = [(pts[i], pts[i + 1]) for i in range(0, len(pts), 2)]
            hull = [(x0, y0)] + ctrl
            length = sum(((hull[i + 1][0] - hull[i][0]) ** 2 + (hull[i + 1][1] - hull[i][1]) ** 2) ** 0.5
                         for i in range(len(hull) - 1))
            n = max(1, int((length / tolerance) ** 0.5) + 1)
            for k in range(1, n + 1):
                t, u = k / n, 1 - k / n
                if kind == "Q":
                    (cx, cy), (px, py) = ctrl
                    current.append((u * u * x0 + 2 * u * t * cx + t * t * px, u * u * y0 + 2 * u * t * cy + t * t * py))
                else:
                    (c1x, c1y), (c2x, c2y), (px, py) = ctrl
                    current.append((u ** 3 * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t ** 3 * px,
                                    u ** 3 * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t ** 3 * py))
        elif kind == "Z" and start is not None:
            if len(current) > 1:
                polygons.append(current)
            current = [start]
    if len(current) > 1:
        polygons.append(current)
    return polygons


def bench(frame, repeat):
    frame()  # warm-up
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        frame()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times), min(times)


def skia_peer(scene, repeat):
    import skia
    paths = []
    for f in scene["fills"]:
        p = skia.Path()
        p.setFillType(skia.PathFillType.kEvenOdd if f["evenOdd"] else skia.PathFillType.kWinding)
        for e in f["elements"]:
            k = e[0]
            if k == "M":
                p.moveTo(e[1], e[2])
            elif k == "L":
                p.lineTo(e[1], e[2])
            elif k == "Q":
                p.quadTo(*e[1:])
            elif k == "C":
                p.cubicTo(*e[1:])
            else:
                p.close()
        r, g, b, a = f["rgba"]
        paint = skia.Paint(AntiAlias=True, Color=skia.Color4f(r, g, b, a).toColor())
        paths.append((p, paint))
    surface = skia.Surface(scene["width"], scene["height"])
    canvas = surface.getCanvas()

    def frame():
        canvas.clear(skia.ColorTRANSPARENT)
        for p, paint in paths:
            canvas.drawPath(p, paint)
    med, low = bench(frame, repeat)
    pixels = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)
    return f"skia-python {skia.__version__}", med, low, pixels


def blend2d_peer(scene, repeat):
    import blend2d
    items = []
    for f in scene["fills"]:
        if f["evenOdd"]:
            raise RuntimeError("blend2d-py has no fill-rule setter (non-zero only)")
        bp = blend2d.Path()
        for poly in flatten(f["elements"]):
            bp.move_to(*poly[0])
            for x, y in poly[1:]:
                bp.line_to(x, y)
            bp.close()
        r, g, b, a = f["rgba"]
        items.append((bp, tuple(int(round(v * 255)) for v in (r, g, b, a))))
    image = blend2d.Image(scene["width"], scene["height"])

    def frame():
        c = blend2d.Context(image)
        c.set_fill_style_rgba(0, 0, 0, 0)
        c.fill_all()
        for bp, rgba in items:
            c.set_fill_style_rgba(*rgba)
            c.fill_path(bp)
        c.end()
    med, low = bench(frame, repeat)
    pixels = image.asarray()[..., [2, 1, 0, 3]].copy()
    return f"blend2d-py {blend2d.version()} (polygons)", med, low, pixels


def main(argv):
    path = argv[0]
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 20
    reference = argv[argv.index("--compare") + 1] if "--compare" in argv else None
    with open(path) as f:
        scene = json.load(f)
    ours = None
    if reference:
        from PIL import Image
        ours = np.asarray(Image.open(reference).convert("RGBA")).astype(np.int16)
    print(f"{len(scene['fills'])} fills, {scene['width']}x{scene['height']}, medians of {repeat}")
    for peer in (skia_peer, blend2d_peer):
        try:
            name, med, low, pixels = peer(scene, repeat)
        except Exception as error:  # a peer that is not installed is skipped, not fatal
            print(f"{peer.__name__}: skipped ({error})")
            continue
        line = f"{name}: median {med:.2f} ms, min {low:.2f} ms"
        if ours is not None and pixels.shape[:2] == ours.shape[:2]:
            diff = np.abs(pixels.astype(np.int16) - ours)
            line += f" (vs TileRender: mean |diff| {diff.mean():.3f}, {100 * (diff > 8).mean():.3f}% over 8)"
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
