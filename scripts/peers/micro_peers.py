#!/usr/bin/env python3
"""Blend2D's side of `tile-bench micro`: Blend2D's bl_bench matrix, timed with blend2d-py.

The shapes come from the same seeded generator as tile-bench's (Sources/tile-bench/MicroBench.swift):
SplitMix64, the same draws in the same order, so both renderers draw the same shapes. Change both together;
the tests compare the two generators' output (`--dump-shapes`).

    micro_peers.py --tests FillRectU,FillPolyNZi40 --sizes 8,64,256 [--count 1000] [--runs 5] [--seed 1]
        prints {"FillRectU/8": ms, ...}: the best of --runs times to draw --count shapes, in ms, solid
        source-over onto a transparent 512x600 canvas, one thread (Python's call overhead included).
        A test blend2d-py cannot express (rounded rectangles, even-odd fills, strokes) maps to null.
    micro_peers.py --dump-shapes TEST SIZE [--count N] [--seed 1]
        prints the shapes as JSON (needs no Blend2D): [{"color": [r, g, b, a], "points": [[x, y], ...]}, ...],
        a rectangle as its four corners (rotated ones too), a rounded rectangle's "radius" beside them.
"""
import argparse
import json
import math
import sys
import time

WIDTH, HEIGHT = 512, 600
MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def unit(self):
        """A double in [0, 1): the top 53 bits."""
        return (self.next() >> 11) * (1.0 / (1 << 53))

    def color(self):
        """Straight RGBA bytes, alpha at least 1."""
        v = self.next()
        return [v & 255, (v >> 8) & 255, (v >> 16) & 255, max(1, (v >> 24) & 255)]


def vertex_count(test):
    for n in (10, 20, 40):
        if test.endswith("i%d" % n):
            return n
    return 3 if test.endswith("Triangle") else 0


def shapes(test, size, count, seed):
    """The shapes of `test` at `size`, in the order tile-bench draws them."""
    rng = SplitMix64(seed * 1_000_003 + size)
    s = float(size)
    out = []
    kind = test.replace("Fill", "").replace("Stroke", "")
    for _ in range(count):
        color = rng.color()
        if kind in ("RectA", "RectU", "RoundU"):
            x, y = rng.unit() * (WIDTH - s), rng.unit() * (HEIGHT - s)
            if kind == "RectA":
                x, y = math.floor(x), math.floor(y)
            shape = {"color": color, "points": [[x, y], [x + s, y], [x + s, y + s], [x, y + s]]}
            if kind == "RoundU":
                shape["radius"] = min(s / 2, 4 + rng.unit() * 36)
        elif kind in ("RectRot", "RoundRot"):
            cx, cy, angle = rng.unit() * WIDTH, rng.unit() * HEIGHT, rng.unit() * 2 * math.pi
            c, sn = math.cos(angle), math.sin(angle)
            h = s / 2
            corners = [(-h, -h), (h, -h), (h, h), (-h, h)]
            shape = {"color": color, "points": [[cx + px * c - py * sn, cy + px * sn + py * c] for px, py in corners],
                     "center": [cx, cy], "angle": angle}
            if kind == "RoundRot":
                shape["radius"] = min(s / 2, 4 + rng.unit() * 36)
        else:
            n = vertex_count(test)
            if n == 0:
                raise SystemExit("unknown test %s" % test)
            x0, y0 = rng.unit() * (WIDTH - s), rng.unit() * (HEIGHT - s)
            shape = {"color": color, "points": [[x0 + rng.unit() * s, y0 + rng.unit() * s] for _ in range(n)]}
        out.append(shape)
    return out


def expressible(test):
    """What blend2d-py can draw: solid non-zero fills of rectangles and polygons (no strokes, no even-odd,
    no rounded rectangles, no gradients)."""
    return test.startswith("Fill") and "EO" not in test and "Round" not in test


def time_blend2d(test, size, count, runs, seed):
    import blend2d
    items = shapes(test, size, count, seed)
    kind = test.replace("Fill", "")
    paths = []
    for shape in items:
        if kind in ("RectA", "RectU", "RectRot"):
            paths.append(None)
        else:
            p = blend2d.Path()
            pts = shape["points"]
            p.move_to(*pts[0])
            for q in pts[1:]:
                p.line_to(*q)
            p.close()
            paths.append(p)
    best = math.inf
    image = blend2d.Image(WIDTH, HEIGHT)
    for _ in range(runs):
        ctx = blend2d.Context(image)
        ctx.set_comp_op(blend2d.CompOp.SRC_COPY)  # transparent, as TileRender's canvas starts
        ctx.set_fill_style_rgba(0, 0, 0, 0)
        ctx.fill_all()
        ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        start = time.perf_counter()
        for shape, path in zip(items, paths):
            ctx.set_fill_style_rgba(*shape["color"])
            if kind == "RectRot":
                ctx.save()
                ctx.translate(*shape["center"])
                ctx.rotate(shape["angle"])
                ctx.fill_rect(-size / 2, -size / 2, size, size)
                ctx.restore()
            elif path is None:
                x, y = shape["points"][0]
                ctx.fill_rect(x, y, size, size)
            else:
                ctx.fill_path(path)
        ctx.end()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tests", default="")
    ap.add_argument("--sizes", default="8,16,32,64,128,256")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dump-shapes", nargs=2, metavar=("TEST", "SIZE"))
    a = ap.parse_args()
    if a.dump_shapes:
        json.dump(shapes(a.dump_shapes[0], int(a.dump_shapes[1]), a.count, a.seed), sys.stdout)
        return
    results = {}
    for test in [t for t in a.tests.split(",") if t]:
        for size in [int(s) for s in a.sizes.split(",") if s]:
            key = "%s/%d" % (test, size)
            results[key] = time_blend2d(test, size, a.count, max(1, a.runs), a.seed) if expressible(test) else None
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
