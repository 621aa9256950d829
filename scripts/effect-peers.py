#!/usr/bin/env python3
"""Times skia-python blurring a 1024x1024 layer with SwiftUI's blur(radius: 10) (a Gaussian of sigma 5),
so that TileRender's blur has a peer measured in the same run on the same machine.

Each frame clears a 1024x1024 raster canvas to white, then draws 64 circles of radius 40 on an 8x8
grid (centres at 64 + 128 i), their colours cycling through red, orange, yellow, green, blue and
purple, into a saveLayer whose image filter is SkImageFilters.Blur(5, 5) (decal tiles), and restores
it. The same scene without the blur (the circles drawn straight onto the canvas) is timed too, on its
own line, so the blur's own cost is the difference. A frame's time runs from the clear to a
readPixels of the whole surface, so the work is really done (Skia's raster backend draws as it goes;
the flush is there for a GPU surface).

    python3 -m venv /tmp/textref-venv && . /tmp/textref-venv/bin/activate && pip install skia-python==144.1 numpy pillow
    python3 scripts/effect-peers.py --repeat 20 [-o FOLDER]

With -o FOLDER, the last blurred frame is written as FOLDER/skia_blur.png.
"""
import os
import statistics
import sys
import time

import numpy as np
import skia

SIZE = 1024
RADIUS = 10          # SwiftUI's blur radius; sigma = radius / 2
COLORS = [(255, 59, 48), (255, 149, 0), (255, 204, 0), (52, 199, 89), (0, 122, 255), (175, 82, 222)]


def draw(canvas, blurred):
    canvas.clear(skia.ColorWHITE)
    if blurred:
        sigma = RADIUS / 2
        canvas.saveLayer(None, skia.Paint(ImageFilter=skia.ImageFilters.Blur(sigma, sigma, skia.TileMode.kDecal)))
    paint = skia.Paint(AntiAlias=True)
    for i in range(8):
        for j in range(8):
            r, g, b = COLORS[(8 * j + i) % len(COLORS)]
            paint.setColor(skia.ColorSetARGB(255, r, g, b))
            canvas.drawCircle(64 + 128 * i, 64 + 128 * j, 40, paint)
    if blurred:
        canvas.restore()


def main(argv):
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 20
    out = argv[argv.index("-o") + 1] if "-o" in argv else None
    print(f"skia-python {skia.__version__}")
    info = skia.ImageInfo.Make(SIZE, SIZE, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
    surface = skia.Surface(info)
    canvas = surface.getCanvas()
    pixels = np.empty((SIZE, SIZE, 4), dtype=np.uint8)

    def frame(blurred):
        draw(canvas, blurred)
        surface.flushAndSubmit() if hasattr(surface, "flushAndSubmit") else None
        if not surface.readPixels(info, pixels, SIZE * 4, 0, 0):
            raise RuntimeError("readPixels failed")

    for label, blurred in [("without blur", False), (f"blur radius {RADIUS} (sigma {RADIUS / 2:g})", True)]:
        frame(blurred)  # warm up
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            frame(blurred)
            times.append((time.perf_counter() - start) * 1000)
        print(f"skia {SIZE}x{SIZE} 64 circles, {label}: median {statistics.median(times):.2f} ms, "
              f"min {min(times):.2f} ms over {repeat} runs")
    if out:
        os.makedirs(out, exist_ok=True)
        surface.makeImageSnapshot().save(os.path.join(out, "skia_blur.png"))


if __name__ == "__main__":
    main(sys.argv[1:])
