#!/usr/bin/env python3
"""Writes the colour-filter reference scenes: Tests/Fixtures/Effects/NAME.svg, NAME.png and NAME.skia.png.

Each scene is described once, in SCENES below, and written to Tests/Fixtures/Effects/scenes.json,
which Tests/TileRenderTests/Effects/ColorFilterReferenceTests.swift draws through
`GraphicsContext.addFilter` with SwiftUI's filters. A scene is a few overlapping shapes (translucent
circles, a rectangle, a linear gradient) over white, filtered either as one group (`drawLayer`) or
each shape on its own (filters added to the context), by a chain of SwiftUI filters.

* NAME.svg and NAME.png, **the reference**: resvg (PyPI `resvg-py` 0.5.0) renders the scene as SVG,
  each SwiftUI filter written as the SVG primitive that defines it, with color-interpolation-filters
  sRGB: brightness, contrast, colorInvert and colorMultiply as feComponentTransfer (linear slopes and
  intercepts), saturation and grayscale as feColorMatrix type="saturate", hueRotation as type="hueRotate",
  luminanceToAlpha as type="luminanceToAlpha". resvg computes those matrices itself.
* NAME.skia.png, the second opinion: skia-python 144.1 draws the shapes into a saveLayer (or each
  with its own paint) whose colour filter is the chain of 4x5 matrices written out here from the
  Filter Effects spec.

The agreement of the two gives each scene's tolerance by the reference scenes' rule
(Tests/Fixtures/Scenes/public/MANIFEST.md, Tests/Fixtures/Scenes/imgdiff.py), written to
agreement.json. `--mutants` checks the rule both ways: each scene with its first filter's amount
off by 0.15 (or 25 degrees), or without its last filter, must fail. References are never made
from TileRender's output.

    python3 -m venv /tmp/textref-venv && . /tmp/textref-venv/bin/activate
    pip install resvg-py==0.5.0 skia-python==144.1 numpy pillow
    python3 scripts/make-effect-references.py [--mutants]
"""
import io
import json
import math
import os
import sys

import numpy as np
from PIL import Image
import resvg_py
import skia

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_rule import ROOT, agreement_entry, load_png, mutant_passes, save_scene, write_json  # noqa: E402
FOLDER = os.path.join(ROOT, "Tests", "Fixtures", "Effects")

W, H = 220, 150
# The shapes, in drawing order: kind, geometry, fill (hex), opacity; "gradient" runs x0 -> x1.
SHAPES = [
    {"kind": "rect", "x": 10, "y": 70, "w": 200, "h": 60, "gradient": ["#ffd23f", "#6a0dad"]},
    {"kind": "circle", "cx": 70, "cy": 60, "r": 45, "fill": "#e63946", "opacity": 0.85},
    {"kind": "circle", "cx": 125, "cy": 75, "r": 45, "fill": "#2a9d8f", "opacity": 0.7},
    {"kind": "rect", "x": 140, "y": 15, "w": 60, "h": 50, "fill": "#1d3557", "opacity": 1.0},
]


def scene(filters, per_draw=False):
    return {"width": W, "height": H, "shapes": SHAPES, "filters": filters, "perDraw": per_draw}


SCENES = {
    "filter_brightness_contrast": scene([["brightness", 0.25], ["contrast", 1.6]]),
    "filter_grayscale": scene([["grayscale", 0.6]]),
    "filter_saturation": scene([["saturation", 0.35]]),
    "filter_hue_rotation": scene([["hueRotation", 120]]),
    "filter_invert_multiply": scene([["colorInvert", 1.0], ["colorMultiply", "#ffcc66", 0.8]]),
    "filter_luminance_to_alpha": scene([["luminanceToAlpha"]]),
    "filter_per_draw": scene([["colorMultiply", "#80ff80", 0.5], ["contrast", 0.6]], per_draw=True),
}


def rgb(hexstr):
    v = int(hexstr[1:], 16)
    return ((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255


# MARK: SVG (the reference)

def svg_primitive(f, result):
    kind = f[0]
    cif = 'color-interpolation-filters="sRGB"'

    def transfer(slopes, intercepts):
        funcs = "".join(f'<feFunc{c} type="linear" slope="{s}" intercept="{i}"/>'
                        for c, s, i in zip("RGBA", slopes, intercepts))
        return f'<feComponentTransfer {cif} result="{result}">{funcs}</feComponentTransfer>'
    if kind == "brightness":
        return transfer([1, 1, 1, 1], [f[1], f[1], f[1], 0])
    if kind == "contrast":
        k = f[1]
        return transfer([k, k, k, 1], [0.5 - 0.5 * k] * 3 + [0])
    if kind == "colorInvert":
        a = f[1]
        return transfer([1 - 2 * a] * 3 + [1], [a, a, a, 0])
    if kind == "colorMultiply":
        r, g, b = rgb(f[1])
        return transfer([r, g, b, f[2]], [0, 0, 0, 0])
    if kind == "saturation":
        return f'<feColorMatrix {cif} type="saturate" values="{f[1]}" result="{result}"/>'
    if kind == "grayscale":
        return f'<feColorMatrix {cif} type="saturate" values="{1 - f[1]}" result="{result}"/>'
    if kind == "hueRotation":
        return f'<feColorMatrix {cif} type="hueRotate" values="{f[1]}" result="{result}"/>'
    if kind == "luminanceToAlpha":
        return f'<feColorMatrix {cif} type="luminanceToAlpha" result="{result}"/>'
    raise ValueError(kind)


def svg_shape(s, attrs=""):
    if "gradient" in s:
        fill = 'fill="url(#g)"'
    else:
        fill = f'fill="{s["fill"]}" fill-opacity="{s["opacity"]}"'
    if s["kind"] == "rect":
        return f'<rect x="{s["x"]}" y="{s["y"]}" width="{s["w"]}" height="{s["h"]}" {fill}{attrs}/>'
    return f'<circle cx="{s["cx"]}" cy="{s["cy"]}" r="{s["r"]}" {fill}{attrs}/>'


def svg(sc):
    g = next(s for s in sc["shapes"] if "gradient" in s)
    prims = "".join(svg_primitive(f, f"r{i}") for i, f in enumerate(sc["filters"]))
    defs = (f'<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="{g["x"]}" y1="0" x2="{g["x"] + g["w"]}" y2="0">'
            f'<stop offset="0" stop-color="{g["gradient"][0]}"/><stop offset="1" stop-color="{g["gradient"][1]}"/></linearGradient>'
            # The filter region covers the canvas, so no primitive is cut at the shapes' bounding boxes.
            f'<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="{sc["width"]}" height="{sc["height"]}">{prims}</filter></defs>')
    if sc["perDraw"]:
        body = "".join(svg_shape(s, ' filter="url(#f)"') for s in sc["shapes"])
    else:
        body = '<g filter="url(#f)">' + "".join(svg_shape(s) for s in sc["shapes"]) + "</g>"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{sc["width"]}" height="{sc["height"]}" '
            f'viewBox="0 0 {sc["width"]} {sc["height"]}">{defs}<rect width="100%" height="100%" fill="#ffffff"/>{body}</svg>\n')


def render_resvg(text):
    png = resvg_py.svg_to_bytes(svg_string=text, skip_system_fonts=True)
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGBA"), dtype=np.uint8)


# MARK: Skia (the second opinion): the Filter Effects spec's matrices, 4 rows of 5, offsets in 0...1.

def matrix(f):
    kind = f[0]

    def diag(k, t, ka=1.0, ta=0.0):
        return [k[0], 0, 0, 0, t[0], 0, k[1], 0, 0, t[1], 0, 0, k[2], 0, t[2], 0, 0, 0, ka, ta]

    def saturate(s):
        return [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
                0, 0, 0, 1, 0]
    if kind == "brightness":
        return diag([1] * 3, [f[1]] * 3)
    if kind == "contrast":
        return diag([f[1]] * 3, [0.5 - 0.5 * f[1]] * 3)
    if kind == "colorInvert":
        return diag([1 - 2 * f[1]] * 3, [f[1]] * 3)
    if kind == "colorMultiply":
        return diag(list(rgb(f[1])), [0] * 3, f[2], 0)
    if kind == "saturation":
        return saturate(f[1])
    if kind == "grayscale":
        return saturate(1 - f[1])
    if kind == "hueRotation":
        c, s = math.cos(math.radians(f[1])), math.sin(math.radians(f[1]))
        return [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
                0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
                0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
                0, 0, 0, 1, 0]
    if kind == "luminanceToAlpha":
        return [0] * 15 + [0.2125, 0.7154, 0.0721, 0, 0]
    raise ValueError(kind)


def color_filter(filters):
    cf = None
    for f in filters:
        m = skia.ColorFilters.Matrix([float(v) for v in matrix(f)])
        cf = m if cf is None else skia.ColorFilters.Compose(m, cf)  # outer(inner): later filters run last
    return cf


def render_skia(sc):
    surface = skia.Surface(skia.ImageInfo.Make(sc["width"], sc["height"], skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color4f(1, 1, 1, 1))
    cf = color_filter(sc["filters"])
    if not sc["perDraw"]:
        canvas.saveLayer(None, skia.Paint(ColorFilter=cf))
    for s in sc["shapes"]:
        paint = skia.Paint(AntiAlias=True)
        if "gradient" in s:
            c0, c1 = (skia.Color4f(*rgb(h), 1.0) for h in s["gradient"])
            paint.setShader(skia.GradientShader.MakeLinear([skia.Point(s["x"], 0), skia.Point(s["x"] + s["w"], 0)],
                                                           [c0.toColor(), c1.toColor()]))
        else:
            paint.setColor4f(skia.Color4f(*rgb(s["fill"]), s["opacity"]))
        if sc["perDraw"]:
            # Filtered on its own: drawn into its own layer, as TileRender does with a context's filters.
            canvas.saveLayer(None, skia.Paint(ColorFilter=cf))
        if s["kind"] == "rect":
            canvas.drawRect(skia.Rect.MakeXYWH(s["x"], s["y"], s["w"], s["h"]), paint)
        else:
            canvas.drawCircle(s["cx"], s["cy"], s["r"], paint)
        if sc["perDraw"]:
            canvas.restore()
    if not sc["perDraw"]:
        canvas.restore()
    return np.asarray(surface.makeImageSnapshot().toarray(), dtype=np.uint8).copy()


def mutants(sc):
    first = list(sc["filters"][0])
    if len(first) > 1 and isinstance(first[1], (int, float)):
        first[1] = first[1] + (25 if first[0] == "hueRotation" else 0.15)
        yield "first amount off", dict(sc, filters=[first] + sc["filters"][1:])
    if sc["perDraw"]:
        yield "one group instead", dict(sc, perDraw=False)
    if len(sc["filters"]) > 1:
        yield "last filter left out", dict(sc, filters=sc["filters"][:-1])
    else:
        yield "no filter", dict(sc, filters=[["brightness", 0.0]])


def main(argv):
    os.makedirs(FOLDER, exist_ok=True)
    print(f"resvg_py {getattr(resvg_py, '__version__', '?')}, skia-python {skia.__version__}")
    if "--mutants" in argv:
        with open(os.path.join(FOLDER, "agreement.json")) as f:
            agreement = json.load(f)
        passed = total = 0
        for name, sc in SCENES.items():
            ref = load_png(os.path.join(FOLDER, name + ".png"))
            for label, m in mutants(sc):
                passed += mutant_passes(f"{name:28s} {label:22s}", render_skia(m), ref, agreement[name])
                total += 1
        print(f"{passed} of {total} mutant(s) passed")
        return
    agreement = {}
    for name, sc in SCENES.items():
        text = svg(sc)
        ref = render_resvg(text)
        second = render_skia(sc)
        save_scene(FOLDER, name, text, ref, second)
        agreement[name] = agreement_entry(ref, second, f"{name:28s} resvg vs skia", "resvg on " + name + ".svg",
                                          "resvg vs Skia colour-filter matrices in a saveLayer")
    write_json(os.path.join(FOLDER, "agreement.json"), agreement)
    write_json(os.path.join(FOLDER, "scenes.json"), SCENES)


if __name__ == "__main__":
    main(sys.argv[1:])
