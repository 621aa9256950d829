#!/usr/bin/env python3
"""Times skia-python drawing the glyphs of `tile-bench text` (the same font files, glyph ids and
positions, from `tile-bench text --glyphs-out FILE`), so that TileRender's glyphs per second have a
peer measured in the same run on the same machine.

Skia draws pre-shaped glyphs (a TextBlob per face and size: no shaping or line breaking is timed),
with its own glyph cache: "warm" draws the same blob again, "cold" builds the typefaces anew before
each frame (new typefaces, so nothing of the earlier frames' glyph cache is reused). Every frame
clears to white first, as TileRender's workloads do.

    python3 -m venv /tmp/textref-venv && . /tmp/textref-venv/bin/activate && pip install skia-python==144.1 numpy pillow
    .build/release/tile-bench text --repeat 20 --glyphs-out /tmp/glyphs.json
    python3 scripts/text-peers.py /tmp/glyphs.json --repeat 20 [-o FOLDER]
"""
import json
import os
import statistics
import sys
import time

import skia


def blobs(glyphs, typefaces):
    """One TextBlob per (font file, size)."""
    runs = {}
    for g in glyphs:
        runs.setdefault((g["file"], g["size"]), []).append(g)
    builder = skia.TextBlobBuilder()
    for (file, size), gs in runs.items():
        font = skia.Font(typefaces[file], size)
        font.setHinting(skia.FontHinting.kNone)
        font.setSubpixel(True)
        font.setLinearMetrics(True)
        font.setEdging(skia.Font.Edging.kAntiAlias)
        builder.allocRunPos(font, [g["glyph"] for g in gs], [skia.Point(g["x"], g["y"]) for g in gs])
    return builder.make()


def main(argv):
    path = argv[0]
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 20
    out = argv[argv.index("-o") + 1] if "-o" in argv else None
    with open(path) as f:
        workloads = json.load(f)
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK)
    print(f"skia-python {skia.__version__}")
    for name, w in sorted(workloads.items()):
        glyphs = w["glyphs"]
        surface = skia.Surface(w["width"], w["height"])
        files = sorted({g["file"] for g in glyphs})

        def frame(blob):
            with surface as canvas:
                canvas.clear(skia.ColorWHITE)
                canvas.drawTextBlob(blob, 0, 0, paint)
            surface.flushAndSubmit() if hasattr(surface, "flushAndSubmit") else None
            surface.makeImageSnapshot()

        for label in ["cold", "warm"]:
            times = []
            typefaces = {f: skia.Typeface.MakeFromFile(f) for f in files}
            blob = blobs(glyphs, typefaces)
            frame(blob)
            for _ in range(repeat):
                if label == "cold":
                    typefaces = {f: skia.Typeface.MakeFromFile(f) for f in files}
                    blob = blobs(glyphs, typefaces)
                start = time.perf_counter()
                frame(blob)
                times.append((time.perf_counter() - start) * 1000)
            m = statistics.median(times)
            print(f"skia text {name} {label}: median {m:.2f} ms, min {min(times):.2f} ms over {repeat} runs, "
                  f"{len(glyphs) / (m / 1000):.0f} glyphs/s ({len(glyphs)} glyphs, {w['width']}x{w['height']})")
        if out:
            os.makedirs(out, exist_ok=True)
            surface.makeImageSnapshot().save(os.path.join(out, f"skia-text-{name}.png"))


if __name__ == "__main__":
    main(sys.argv[1:])
