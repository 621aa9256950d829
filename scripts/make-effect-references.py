#!/usr/bin/env python3
"""Writes the effect reference scenes: Tests/Fixtures/Effects/NAME.svg, NAME.png and NAME.skia.png.

Each scene is described once, in SCENES (colour filters) and EFFECT_SCENES (blur and shadow) below,
and written to Tests/Fixtures/Effects/scenes.json, which Tests/TileRenderTests/Effects/ColorFilterTests.swift
draws through `GraphicsContext.addFilter` with SwiftUI's filters. A colour scene is a few overlapping
shapes (translucent circles, a rectangle, a linear gradient) over white, filtered either as one group
(`drawLayer`) or each shape on its own (filters added to the context), by a chain of SwiftUI filters.
A blur or shadow scene is one shape (or the seed's cogs) with SwiftUI's blur or shadow on each
filtered shape, radius r read as a Gaussian of sigma r / 2.

* NAME.svg and NAME.png, **the reference**: resvg (PyPI `resvg-py` 0.5.0) renders the scene as SVG,
  each SwiftUI filter written as the SVG primitive that defines it, with color-interpolation-filters
  sRGB: brightness, contrast, colorInvert and colorMultiply as feComponentTransfer (linear slopes and
  intercepts), saturation and grayscale as feColorMatrix type="saturate", hueRotation as type="hueRotate",
  luminanceToAlpha as type="luminanceToAlpha". resvg computes those matrices itself. Blur is
  feGaussianBlur; shadow is feGaussianBlur of SourceAlpha, feOffset, feFlood, feComposite "in" and
  feMerge (shadow, then SourceGraphic), without the feMerge for `.shadowOnly`. The filter region is
  the canvas.
* NAME.skia.png, the second opinion: skia-python 144.1 draws the shapes into a saveLayer (or each
  with its own paint) whose colour filter is the chain of 4x5 matrices written out here from the
  Filter Effects spec; blur and shadow are Skia image filters (Blur with decal tiles, DropShadow,
  DropShadowOnly) on each filtered shape's paint.

The agreement of the two gives each scene's tolerance by the reference scenes' rule
(Tests/Fixtures/Scenes/public/MANIFEST.md, Tests/Fixtures/Scenes/imgdiff.py), written to
agreement.json. `--mutants` checks the rule both ways: each colour scene with its first filter's
amount off by 0.15 (or 25 degrees), or without its last filter, must fail; each blur or shadow scene
with its radius x 1.5, its shadow's offset 3 px off, or without its blur or shadow must fail (the
seed's screened black shadow, invisible by construction, instead with the shadow blended normally
or the stroke screened too), and its second opinion, drawn again, must pass. References are never
made from TileRender's output.

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
from reference_rule import ROOT, agreement_entry, compare, load_png, mutant_passes, passes, save_scene, write_json  # noqa: E402
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


# MARK: Blur and shadow scenes
#
# SwiftUI's reading, TileRender's contract: a blur or shadow radius r is a Gaussian with sigma r / 2
# (1 point = 1 pixel), run on premultiplied sRGB-encoded values. shadow(color: C, radius: r, x: dx, y: dy)
# draws C's colour with alpha C.opacity x (the content's alpha blurred with sigma r / 2, offset by
# (dx, dy)) beneath the content, then the content over it; `.shadowOnly` draws the shadow alone, and a
# shadow's blend mode composites the shadow (not the content) onto the backdrop. The filter region is
# the whole canvas. Each scene's filter is applied to each of its shapes marked "filtered" on its own
# (SwiftUI's context.addFilter: every later draw is filtered by itself).

RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE = "#ff3b30", "#ff9500", "#ffcc00", "#34c759", "#007aff", "#af52de"
SWIFT_COLORS = {RED: "Color(red: 1, green: 59/255, blue: 48/255)", ORANGE: "Color(red: 1, green: 149/255, blue: 0)",
                YELLOW: "Color(red: 1, green: 204/255, blue: 0)", GREEN: "Color(red: 52/255, green: 199/255, blue: 89/255)",
                BLUE: "Color(red: 0, green: 122/255, blue: 1)", PURPLE: "Color(red: 175/255, green: 82/255, blue: 222/255)"}
COGS_SVG = os.path.join("Tests", "Fixtures", "Scenes", "public", "cogs_interlocking.svg")


def blur(radius):
    return {"kind": "blur", "radius": radius, "sigma": radius / 2}


def shadow(color, opacity, radius, x, y, options=(), blend_mode="normal"):
    return {"kind": "shadow", "color": color, "opacity": opacity, "radius": radius, "sigma": radius / 2,
            "x": x, "y": y, "options": list(options), "blendMode": blend_mode}


def positional(f):
    """The filter in the colour scenes' `filters` form: [name, arguments...] (numbers or strings)."""
    if f["kind"] == "blur":
        return ["blur", f["radius"]]
    return ["shadow", f["color"], f["opacity"], f["radius"], f["x"], f["y"], f["blendMode"]] + f["options"]


def star_path(cx, cy, outer, inner, points=5):
    """A star polygon: the first outer point straight up, then inner and outer points every 180/points
    degrees with the angle increasing (clockwise on screen, y down)."""
    pts = []
    for k in range(2 * points):
        a = math.radians(-90 + k * 180 / points)
        r = outer if k % 2 == 0 else inner
        pts.append((round(cx + r * math.cos(a), 4) + 0.0, round(cy + r * math.sin(a), 4) + 0.0))
    def num(v):
        return f"{v:.4f}".rstrip("0").rstrip(".")
    return "M " + " L ".join(f"{num(x)} {num(y)}" for x, y in pts) + " Z", pts


def cog_paths():
    """The public cogs_interlocking scene's four paths, in drawing order, with their fill rules."""
    import re
    with open(os.path.join(ROOT, COGS_SVG)) as f:
        text = f.read()
    paths = re.findall(r'<path d="([^"]*)" fill="(#[0-9a-f]{6})"( fill-rule="evenodd")?', text)
    assert len(paths) == 4, len(paths)
    roles = ["red cog fill (even-odd)", "red cog 1pt stroke, as its filled outline",
             "blue cog fill (even-odd)", "blue cog 1pt stroke, as its filled outline"]
    return [{"kind": "path", "d": d, "fillRule": "evenodd" if eo else "nonzero", "fill": fill, "opacity": 1.0,
             "filtered": i % 2 == 1, "role": role}
            for i, ((d, fill, eo), role) in enumerate(zip(paths, roles))]


def effect_scene(width, height, shapes, f, description, swiftui, notes, background="#ffffff"):
    return {"width": width, "height": height, "background": background, "description": description,
            "swiftUI": swiftui, "notes": notes, "shapes": shapes, "filter": f,
            "filters": [positional(f)], "perDraw": True}


def circle(cx, cy, r, fill, filtered=True):
    return {"kind": "circle", "cx": cx, "cy": cy, "r": r, "fill": fill, "opacity": 1.0, "filtered": filtered}


STAR_D, STAR_POINTS = star_path(120, 120, 90, 40)
COGS = cog_paths()
COGS_SWIFTUI = (
    "let big = CogShape4(points: 30, rotationAngle: .zero).path(in: CGRect(x: 4, y: 18, width: 240, height: 240)); "
    "let small = CogShape4(points: 15, rotationAngle: .zero).path(in: CGRect(x: 190, y: 150, width: 120, height: 120)); "
    "var inner = context; inner.addFilter(.shadow(color: .black, radius: 3, x: 3, y: 3{mode})); "
    "context.fill(big, with: .color(.red), style: FillStyle(eoFill: true)); "
    "inner.stroke(big, with: .color(.red), lineWidth: 1); "
    "context.fill(small, with: .color(.blue), style: FillStyle(eoFill: true)); "
    "inner.stroke(small, with: .color(.blue), lineWidth: 1)")
COGS_NOTES = (f"The paths are {COGS_SVG}'s (a byte copy of the public scene), in its order: red fill, red stroke, "
              "blue fill, blue stroke; each stroke is written as its filled outline (nonzero), so a port fills "
              "the 'd' of each shape instead of stroking. Only the strokes are filtered, each on its own.")
EFFECT_SCENES = {
    "blur_circle": effect_scene(
        200, 200, [circle(100, 100, 50, RED)], blur(8),
        "A red circle (centre (100,100), radius 50) blurred with radius 8 (sigma 4) over white.",
        f"context.addFilter(.blur(radius: 8)); context.fill(Path(ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100)), with: .color({SWIFT_COLORS[RED]}))",
        "Gaussian sigma = radius / 2."),
    "blur_large_radius": effect_scene(
        256, 256, [{"kind": "rect", "x": 64, "y": 64, "w": 128, "h": 128, "fill": BLUE, "opacity": 1.0, "filtered": True}],
        blur(40),
        "A blue square (64,64,128,128) blurred with radius 40 (sigma 20) over white: the blur spreads to the canvas edges.",
        f"context.addFilter(.blur(radius: 40)); context.fill(Path(CGRect(x: 64, y: 64, width: 128, height: 128)), with: .color({SWIFT_COLORS[BLUE]}))",
        "Gaussian sigma 20; 3 sigma reaches 4 px past the canvas edge, which the filter region (the canvas) cuts off "
        "as transparent (decal) input."),
    "blur_transparent": effect_scene(
        200, 160, [{"kind": "ellipse", "x": 30, "y": 30, "w": 140, "h": 100, "fill": GREEN, "opacity": 1.0, "filtered": True}],
        blur(12),
        "A green ellipse in the rect (30,30,140,100) blurred with radius 12 (sigma 6) on a transparent canvas.",
        f"context.addFilter(.blur(radius: 12)); context.fill(Path(ellipseIn: CGRect(x: 30, y: 30, width: 140, height: 100)), with: .color({SWIFT_COLORS[GREEN]}))",
        "No background: the PNGs keep the blur's partial alpha (unpremultiplied in the files, compared premultiplied).",
        background=None),
    "shadow_rounded_rect": effect_scene(
        240, 200, [{"kind": "roundedRect", "x": 40, "y": 40, "w": 140, "h": 100, "cornerRadius": 16, "style": "circular",
                    "fill": ORANGE, "opacity": 1.0, "filtered": True}],
        shadow("#000000", 0.5, 6, 8, 10),
        "An orange rounded rect (40,40,140,100), circular corners of radius 16, with a half-transparent black shadow "
        "of radius 6 (sigma 3) offset (8,10), over white.",
        "context.addFilter(.shadow(color: Color(white: 0, opacity: 0.5), radius: 6, x: 8, y: 10)); "
        "context.fill(Path(roundedRect: CGRect(x: 40, y: 40, width: 140, height: 100), cornerRadius: 16, style: .circular), "
        f"with: .color({SWIFT_COLORS[ORANGE]}))",
        "The shadow's alpha is 0.5 x the blurred, offset alpha of the shape; the shape is drawn over it."),
    "shadow_star": effect_scene(
        240, 240, [{"kind": "path", "d": STAR_D, "points": [list(p) for p in STAR_POINTS], "fillRule": "nonzero",
                    "fill": YELLOW, "opacity": 1.0, "filtered": True}],
        shadow(PURPLE, 1.0, 10, -6, 6),
        "A yellow 5-point star (centre (120,120), outer radius 90, inner radius 40, first point straight up) with an "
        "opaque purple shadow of radius 10 (sigma 5) offset (-6,6), over white.",
        f"context.addFilter(.shadow(color: {SWIFT_COLORS[PURPLE]}, radius: 10, x: -6, y: 6)); "
        f"context.fill(star, with: .color({SWIFT_COLORS[YELLOW]}))  // star: the 10 points, outer/inner every 36 degrees from -90",
        "Points at angle -90 + 36 k degrees (y down, so clockwise on screen), radius 90 for even k and 40 for odd k; "
        "'d' and 'points' give them rounded to 4 decimals."),
    "shadow_only_circle": effect_scene(
        200, 200, [circle(100, 100, 60, BLUE)], shadow("#000000", 1.0, 4, 0, 0, options=["shadowOnly"]),
        "A blue circle (centre (100,100), radius 60) through an opaque black shadow of radius 4 (sigma 2), offset (0,0), "
        "with .shadowOnly: only the blurred black disc is drawn, over white.",
        "context.addFilter(.shadow(color: .black, radius: 4, x: 0, y: 0, options: .shadowOnly)); "
        f"context.fill(Path(ellipseIn: CGRect(x: 40, y: 40, width: 120, height: 120)), with: .color({SWIFT_COLORS[BLUE]}))",
        "The content's colour never shows: only its alpha makes the shadow."),
    "cogs_shadow_visible": effect_scene(
        330, 400, COGS, shadow("#000000", 1.0, 3, 3, 3),
        "The seed's interlocking cogs (red and blue, filled even-odd and stroked 1pt), each stroke with an opaque black "
        "shadow of radius 3 (sigma 1.5) offset (3,3) drawn beneath it, blended normally so that it shows.",
        COGS_SWIFTUI.format(mode=""),
        COGS_NOTES + " Unlike the seed, the shadow's blend mode is normal: the shadow is visible."),
    "cogs_shadow_seed": effect_scene(
        330, 400, COGS, shadow("#000000", 1.0, 3, 3, 3, blend_mode="screen"),
        "The seed's interlocking cogs exactly as the seed draws them: each stroke with a black shadow of radius 3 offset "
        "(3,3) composited with blend mode screen onto the backdrop, then the stroke drawn normally over it.",
        COGS_SWIFTUI.format(mode=", blendMode: .screen"),
        COGS_NOTES + " Black screened onto anything leaves it unchanged (screen(s, d) = s + d - s d, with s = 0), so the "
        "resvg reference is simply the cogs drawn without shadows; the Skia second opinion really draws each shadow "
        "(DropShadowOnly composited with kScreen) and then the stroke, so the agreement is a real check. (resvg drawing the screened shadow, mix-blend-mode: screen, gives the "
        "reference's pixels exactly.)"),
}


# MARK: SVG (the reference)

def effect_svg_primitives(f):
    cif = 'color-interpolation-filters="sRGB"'
    if f["kind"] == "blur":
        return f'<feGaussianBlur {cif} stdDeviation="{f["sigma"]:g}"/>'
    prims = (f'<feGaussianBlur {cif} in="SourceAlpha" stdDeviation="{f["sigma"]:g}" result="blur"/>'
             f'<feOffset {cif} in="blur" dx="{f["x"]:g}" dy="{f["y"]:g}" result="offset"/>'
             f'<feFlood {cif} flood-color="{f["color"]}" flood-opacity="{f["opacity"]:g}" result="flood"/>'
             f'<feComposite {cif} in="flood" in2="offset" operator="in" result="shadow"/>')
    if "shadowOnly" not in f["options"]:
        prims += f'<feMerge {cif}><feMergeNode in="shadow"/><feMergeNode in="SourceGraphic"/></feMerge>'
    return prims


def effect_svg_shape(s, attrs):
    fill = f'fill="{s["fill"]}"' + ("" if s["opacity"] == 1 else f' fill-opacity="{s["opacity"]}"')
    k = s["kind"]
    if k == "circle":
        return f'<circle cx="{s["cx"]}" cy="{s["cy"]}" r="{s["r"]}" {fill}{attrs}/>'
    if k == "ellipse":
        return (f'<ellipse cx="{s["x"] + s["w"] / 2:g}" cy="{s["y"] + s["h"] / 2:g}" rx="{s["w"] / 2:g}" ry="{s["h"] / 2:g}" '
                f'{fill}{attrs}/>')
    if k in ("rect", "roundedRect"):
        corner = f' rx="{s["cornerRadius"]}" ry="{s["cornerRadius"]}"' if k == "roundedRect" else ""
        return f'<rect x="{s["x"]}" y="{s["y"]}" width="{s["w"]}" height="{s["h"]}"{corner} {fill}{attrs}/>'
    if k == "path":
        rule = ' fill-rule="evenodd"' if s["fillRule"] == "evenodd" else ""
        return f'<path d="{s["d"]}" {fill}{rule}{attrs}/>'
    raise ValueError(k)


def effect_svg(name, sc):
    w, h, f = sc["width"], sc["height"], sc["filter"]
    # The seed's shadow is black screened onto the backdrop, which leaves the backdrop as it was: the
    # reference draws no shadow (the Skia second opinion draws it).
    unchanged = f["kind"] == "shadow" and f["blendMode"] == "screen" and f["color"] == "#000000"
    if f["kind"] == "shadow" and not unchanged and f["blendMode"] != "normal":
        raise ValueError(f"{name}: only normal shadows, or black screened ones, are written as SVG")
    comment = ("<!-- The seed's shadow (black, composited with blend mode screen) leaves the backdrop unchanged, "
               "so it is drawn as no shadow at all. -->") if unchanged else ""
    defs = ("" if unchanged else
            # The filter region covers the canvas, so nothing is cut at a shape's bounding box.
            f'<defs><filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="{w}" height="{h}">'
            f'{effect_svg_primitives(f)}</filter></defs>')
    background = f'<rect width="100%" height="100%" fill="{sc["background"]}"/>' if sc["background"] else ""
    body = "".join(effect_svg_shape(s, ' filter="url(#f)"' if s["filtered"] and not unchanged else "")
                   for s in sc["shapes"])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
            f'<title>{name}</title>{comment}{defs}{background}{body}</svg>\n')


# MARK: Skia (the second opinion): image filters on each filtered shape's paint.

def skia_path(d):
    """SVG path data with absolute M, L, H, V, C, Q, A and Z commands as a skia.Path."""
    import re
    toks = re.findall(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)
    path, i, cmd, cur = skia.Path(), 0, None, (0.0, 0.0)

    def num(n):
        nonlocal i
        vals = [float(t) for t in toks[i:i + n]]
        i += n
        return vals
    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
            if cmd == "Z":
                path.close()
                continue
        if cmd == "M":
            x, y = num(2)
            path.moveTo(x, y)
            cmd = "L"
        elif cmd == "L":
            x, y = num(2)
            path.lineTo(x, y)
        elif cmd == "H":
            x, y = num(1)[0], cur[1]
            path.lineTo(x, y)
        elif cmd == "V":
            x, y = cur[0], num(1)[0]
            path.lineTo(x, y)
        elif cmd == "Q":
            x1, y1, x, y = num(4)
            path.quadTo(x1, y1, x, y)
        elif cmd == "C":
            x1, y1, x2, y2, x, y = num(6)
            path.cubicTo(x1, y1, x2, y2, x, y)
        elif cmd == "A":
            rx, ry, rot, large, sweep, x, y = num(7)
            path.arcTo(rx, ry, rot, skia.Path.kLarge_ArcSize if large else skia.Path.kSmall_ArcSize,
                       skia.PathDirection.kCW if sweep else skia.PathDirection.kCCW, x, y)
        else:
            raise ValueError(f"path command {cmd}")
        cur = (x, y)
    return path


def skia_color(hexstr, opacity):
    r, g, b = (round(c * 255) for c in rgb(hexstr))
    return skia.ColorSetARGB(round(opacity * 255), r, g, b)


def image_filter(f, shadow_only=False):
    if f["kind"] == "blur":
        return skia.ImageFilters.Blur(f["sigma"], f["sigma"], skia.TileMode.kDecal)
    make = skia.ImageFilters.DropShadowOnly if shadow_only or "shadowOnly" in f["options"] else skia.ImageFilters.DropShadow
    return make(f["x"], f["y"], f["sigma"], f["sigma"], skia_color(f["color"], f["opacity"]))


def draw_effect_shape(canvas, s, paint):
    k = s["kind"]
    if k == "circle":
        canvas.drawCircle(s["cx"], s["cy"], s["r"], paint)
    elif k == "ellipse":
        canvas.drawOval(skia.Rect.MakeXYWH(s["x"], s["y"], s["w"], s["h"]), paint)
    elif k == "rect":
        canvas.drawRect(skia.Rect.MakeXYWH(s["x"], s["y"], s["w"], s["h"]), paint)
    elif k == "roundedRect":
        canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(s["x"], s["y"], s["w"], s["h"]),
                                               s["cornerRadius"], s["cornerRadius"]), paint)
    elif k == "path":
        path = skia_path(s["d"])
        path.setFillType(skia.PathFillType.kEvenOdd if s["fillRule"] == "evenodd" else skia.PathFillType.kWinding)
        canvas.drawPath(path, paint)
    else:
        raise ValueError(k)


def render_skia_effect(sc, screen_content=False):
    """Draws the scene with Skia. A shadow with blend mode screen is drawn as the seed does it: the shadow
    alone (DropShadowOnly) composited with kScreen, then the content normally over it; `screen_content`
    (a mutant) screens the content too. A filter of None draws the shapes unfiltered (a mutant)."""
    w, h, f = sc["width"], sc["height"], sc["filter"]
    surface = skia.Surface(skia.ImageInfo.Make(w, h, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color4f(*rgb(sc["background"]), 1) if sc["background"] else skia.Color4f(0, 0, 0, 0))
    for s in sc["shapes"]:
        def paint(**kw):
            return skia.Paint(AntiAlias=True, Color4f=skia.Color4f(*rgb(s["fill"]), s["opacity"]), **kw)
        if not s["filtered"] or f is None:
            draw_effect_shape(canvas, s, paint())
        elif f["kind"] == "shadow" and f["blendMode"] != "normal":
            mode = {"screen": skia.BlendMode.kScreen}[f["blendMode"]]
            draw_effect_shape(canvas, s, paint(ImageFilter=image_filter(f, shadow_only=True), BlendMode=mode))
            if "shadowOnly" not in f["options"]:
                draw_effect_shape(canvas, s, paint(BlendMode=mode) if screen_content else paint())
        else:
            draw_effect_shape(canvas, s, paint(ImageFilter=image_filter(f)))
    return np.asarray(surface.makeImageSnapshot().toarray(), dtype=np.uint8).copy()


def effect_mutants(sc):
    """Deliberately wrong variants (label, scene, render_skia_effect's options); each must fail."""
    f = sc["filter"]
    if f["kind"] == "shadow" and f["blendMode"] == "screen":
        # Black screened is invisible, whatever its radius or offset, so those variants (and leaving the
        # shadow out) draw the reference itself; the blend mode is what this scene tests.
        yield "shadow blended normally", dict(sc, filter=dict(f, blendMode="normal")), {}
        yield "stroke screened too", sc, {"screen_content": True}
        return
    yield "radius x 1.5", dict(sc, filter=dict(f, radius=f["radius"] * 1.5, sigma=f["sigma"] * 1.5)), {}
    if f["kind"] == "shadow":
        yield "offset x off by 3 px", dict(sc, filter=dict(f, x=f["x"] + 3)), {}
    yield f"{f['kind']} left out", dict(sc, filter=None), {}


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
        seconds = 0
        for name, sc in EFFECT_SCENES.items():
            ref = load_png(os.path.join(FOLDER, name + ".png"))
            # The second opinion, drawn again, must pass (the rule is not too tight for an honest render).
            d = compare(render_skia_effect(sc), ref)
            ok = passes(d, agreement[name])
            seconds += ok
            print(f"{name:28s} {'second opinion':24s} mean {d[0]:6.3f} pct>8 {d[1]:6.2f}% local5 {d[3]:6.1f}  "
                  f"{'passes' if ok else 'FAILS (bad)'}")
            for label, m, options in effect_mutants(sc):
                passed += mutant_passes(f"{name:28s} {label:24s}", render_skia_effect(m, **options), ref, agreement[name])
                total += 1
        print(f"{passed} of {total} mutant(s) passed; {seconds} of {len(EFFECT_SCENES)} blur/shadow second opinion(s) passed")
        return
    agreement = {}
    for name, sc in SCENES.items():
        text = svg(sc)
        ref = render_resvg(text)
        second = render_skia(sc)
        save_scene(FOLDER, name, text, ref, second)
        agreement[name] = agreement_entry(ref, second, f"{name:28s} resvg vs skia", "resvg on " + name + ".svg",
                                          "resvg vs Skia colour-filter matrices in a saveLayer")
    for name, sc in EFFECT_SCENES.items():
        text = effect_svg(name, sc)
        ref = render_resvg(text)
        second = render_skia_effect(sc)
        save_scene(FOLDER, name, text, ref, second)
        agreement[name] = agreement_entry(ref, second, f"{name:28s} resvg vs skia", "resvg on " + name + ".svg",
                                          "resvg feGaussianBlur/feOffset/feFlood/feComposite/feMerge vs Skia image "
                                          "filters (Blur, DropShadow, DropShadowOnly) on each shape's paint")
    write_json(os.path.join(FOLDER, "agreement.json"), agreement)
    write_json(os.path.join(FOLDER, "scenes.json"), {**SCENES, **EFFECT_SCENES})

if __name__ == "__main__":
    main(sys.argv[1:])
