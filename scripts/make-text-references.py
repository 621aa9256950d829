#!/usr/bin/env python3
"""Writes the text reference scenes: Tests/Fixtures/Text/NAME.svg, NAME.png and NAME.skia.png.

Each scene is described once, in SCENES below, and written to Tests/Fixtures/Text/scenes.json, which
the Swift tests read to draw the same scene through TileRender's Text API (Tests/TileRenderTests/Text/
TextReferenceTests.swift). From the same description this script writes

* NAME.svg: the scene as SVG `<text>` (font-family Inter, weights, italics, sizes, anchors, tspans,
  letter-spacing, fill opacity, a userSpaceOnUse gradient, rotation, clip);
* NAME.png, **the reference**: resvg's render of the SVG (PyPI `resvg-py` 0.5.0, resvg 0.48.1, its
  own shaper rustybuzz), with `font_files` set to the bundled Inter files
  (Sources/TileRenderText/Fonts/Inter) and `skip_system_fonts`, so only those fonts are used;
* NAME.skia.png, the second opinion: Skia (PyPI `skia-python` 144.1) filling the glyph outlines of
  the same font files (unhinted, `Font.getPath`) at positions shaped by HarfBuzz (PyPI `uharfbuzz`),
  one path per text item, as resvg does.

The agreement of the two renders gives each scene's tolerance by the reference scenes' rule
(Tests/Fixtures/Scenes/public/MANIFEST.md, computed by Tests/Fixtures/Scenes/imgdiff.py): mean_abs <=
max(1, 2 x agreement), pct>8 <= max(1%, 2.5 x agreement), local5 <= max(40, 1.5 x agreement), written
to agreement.json. `--mutants` checks
the rule both ways: the scenes set in DejaVu Sans, shifted 1.5 px, one weight off, or without
kerning must fail against the references (reported, nothing written). References are never made
from TileRender's output.

Run (from the repository root):

    python3 -m venv /tmp/textref-venv && . /tmp/textref-venv/bin/activate
    pip install resvg-py==0.5.0 skia-python==144.1 uharfbuzz numpy pillow
    python3 scripts/make-text-references.py            # write everything
    python3 scripts/make-text-references.py --mutants  # check that wrong renders fail
"""
import glob
import io
import json
import os
import sys

import numpy as np
from PIL import Image
import resvg_py
import skia
import uharfbuzz as hb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_rule import ROOT, agreement_entry, load_png, mutant_passes, save_scene, write_json  # noqa: E402
FOLDER = os.path.join(ROOT, "Tests", "Fixtures", "Text")
FONTS = os.path.join(ROOT, "Sources", "TileRenderText", "Fonts", "Inter")
WEIGHT_NAMES = {100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium",
                600: "SemiBold", 700: "Bold", 800: "ExtraBold", 900: "Black"}

PANGRAM = "Sphinx of black quartz, judge my vow"


def item(spans, x, y, size, anchor="start", letter_spacing=0.0, rotate=None, clip=None, gradient=None, stroke=None):
    """A line of text: `spans` is a list of (string, weight, italic, fill, opacity); (x, y) is the
    baseline's start (or middle/end, by `anchor`). `stroke` is {"color", "width"} (SVG only: SwiftUI's
    Text has no stroke; fill "none" leaves the glyphs unfilled)."""
    return {"spans": [{"text": s, "weight": w, "italic": i, "fill": f, "opacity": o} for (s, w, i, f, o) in spans],
            "x": x, "y": y, "size": size, "anchor": anchor, "letterSpacing": letter_spacing,
            "rotate": rotate, "clip": clip, "gradient": gradient, "stroke": stroke}


def plain(text, x, y, size, weight=400, italic=False, fill="#000000", opacity=1.0, **kw):
    return item([(text, weight, italic, fill, opacity)], x, y, size, **kw)


SCENES = {
    "text_weights": {"width": 330, "height": 290, "items": [
        plain(f"{WEIGHT_NAMES[w]} {w} Hamburgefonstiv", 12, 28 + 30 * k, 22, weight=w)
        for k, w in enumerate(range(100, 1000, 100))]},
    "text_sizes": {"width": 360, "height": 330, "items": [
        plain(PANGRAM, 8, y, s) for (s, y) in
        [(6, 12), (8, 24), (10, 38), (12, 54), (14, 72), (17, 94), (22, 122), (28, 158), (34, 200), (48, 256), (64, 320)]]},
    "text_kerning": {"width": 360, "height": 170, "items": [
        plain("AVATAR Wavy Type", 10, 50, 44),
        plain("To Yo LT VA P. Tr", 10, 100, 36, weight=600),
        plain("1:30 12–24 (H)", 10, 150, 36)]},
    "text_accents": {"width": 380, "height": 130, "items": [
        plain("Crème brûlée · naïve façade", 10, 36, 26),
        plain("Ångström, Œuvre, ẞ, Łódź", 10, 76, 26, weight=500),
        plain("cafe\u0301 n\u0303 a\u030a", 10, 116, 26)]},
    "text_italic": {"width": 340, "height": 190, "items": [
        plain("Italic text, Regular", 10, 40, 26, italic=True),
        plain("Bold Italic 0123", 10, 90, 30, weight=700, italic=True),
        plain("Black Italic AV", 10, 150, 40, weight=900, italic=True)]},
    "text_anchors": {"width": 300, "height": 160, "items": [
        plain("start here", 150, 40, 22, anchor="start"),
        plain("middle", 150, 85, 22, anchor="middle", weight=600),
        plain("end here", 150, 130, 22, anchor="end")]},
    "text_spans": {"width": 340, "height": 120, "items": [
        item([("Bold", 700, False, "#000000", 1.0), (" and ", 400, False, "#000000", 1.0),
              ("blue", 400, False, "#007aff", 1.0), (" text", 400, True, "#ff3b30", 1.0)], 10, 44, 28),
        plain("Tracked out", 10, 96, 24, letter_spacing=3.0)]},
    "text_paint": {"width": 320, "height": 230, "items": [
        plain("Gradient", 10, 60, 56, weight=800,
              gradient={"x1": 10, "y1": 0, "x2": 250, "y2": 0, "stops": [[0, "#ff3b30"], [1, "#007aff"]]}),
        plain("Translucent", 20, 110, 40, weight=700, fill="#34c759", opacity=0.5),
        plain("Translucent", 30, 118, 40, weight=700, fill="#af52de", opacity=0.5),
        plain("Rotated -12°", 40, 190, 28, weight=500, rotate=[-12, 40, 190]),
        plain("Clipped", 190, 215, 40, weight=900, clip=[190, 180, 110, 25])]},
    # SVG only (the Swift API test skips scenes with strokes).
    "text_stroked": {"width": 340, "height": 170, "items": [
        plain("Outline", 10, 60, 56, weight=800, fill="none", stroke={"color": "#007aff", "width": 1.5}),
        plain("Fill + stroke", 10, 140, 44, weight=600, fill="#ffcc00", stroke={"color": "#000000", "width": 2})]},
}


def font_file(weight, italic, family="Inter"):
    if family != "Inter":
        return "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" if weight < 600 else "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    name = WEIGHT_NAMES[weight]
    if italic:
        name = "Italic" if name == "Regular" else name + "Italic"
    return os.path.join(FONTS, f"Inter-{name}.otf")


def escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg(scene, family="Inter"):
    w, h = scene["width"], scene["height"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
           f'<rect width="{w}" height="{h}" fill="#ffffff"/>']
    defs = []
    for k, it in enumerate(scene["items"]):
        attrs = [f'x="{it["x"]}"', f'y="{it["y"]}"', f'font-family="{family}"', f'font-size="{it["size"]}"']
        if it["anchor"] != "start":
            attrs.append(f'text-anchor="{it["anchor"]}"')
        if it["letterSpacing"]:
            attrs.append(f'letter-spacing="{it["letterSpacing"]}"')
        if it["rotate"]:
            a, cx, cy = it["rotate"]
            attrs.append(f'transform="rotate({a} {cx} {cy})"')
        if it["clip"]:
            x, y, cw, ch = it["clip"]
            defs.append(f'<clipPath id="c{k}"><rect x="{x}" y="{y}" width="{cw}" height="{ch}"/></clipPath>')
            attrs.append(f'clip-path="url(#c{k})"')
        if it["gradient"]:
            g = it["gradient"]
            stops = "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in g["stops"])
            defs.append(f'<linearGradient id="g{k}" gradientUnits="userSpaceOnUse" x1="{g["x1"]}" y1="{g["y1"]}" '
                        f'x2="{g["x2"]}" y2="{g["y2"]}">{stops}</linearGradient>')
        spans = []
        for sp in it["spans"]:
            fill = f'url(#g{k})' if it["gradient"] else sp["fill"]
            sa = [f'font-weight="{sp["weight"]}"', f'fill="{fill}"']
            if sp["italic"]:
                sa.append('font-style="italic"')
            if sp["opacity"] != 1:
                sa.append(f'fill-opacity="{sp["opacity"]}"')
            if it["stroke"]:
                sa.append(f'stroke="{it["stroke"]["color"]}" stroke-width="{it["stroke"]["width"]}"')
            spans.append(f'<tspan {" ".join(sa)}>{escape(sp["text"])}</tspan>')
        out.append(f'<text {" ".join(attrs)} xml:space="preserve">{"".join(spans)}</text>')
    if defs:
        out.insert(2, "<defs>" + "".join(defs) + "</defs>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def render_resvg(text, family="Inter"):
    files = sorted(glob.glob(os.path.join(FONTS, "*.otf")))
    if family != "Inter":
        files = sorted(glob.glob("/usr/share/fonts/truetype/dejavu/DejaVuSans*.ttf"))
    png = resvg_py.svg_to_bytes(svg_string=text, skip_system_fonts=True, font_files=files)
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGBA"), dtype=np.uint8)


def color(hexstr, opacity=1.0):
    v = int(hexstr[1:], 16)
    return skia.Color4f(((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255, opacity)


def shaped(text, file, size, kerning=True):
    blob = hb.Blob.from_file_path(file)
    face = hb.Face(blob)
    font = hb.Font(face)
    upem = face.upem
    font.scale = (upem, upem)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {} if kerning else {"kern": False})
    s = size / upem
    return [(g.codepoint, g.cluster, p.x_advance * s, p.x_offset * s, p.y_offset * s)
            for g, p in zip(buf.glyph_infos, buf.glyph_positions)]


def render_skia(scene, family="Inter", shift=0.0, weight_delta=0, kerning=True):
    w, h = scene["width"], scene["height"]
    surface = skia.Surface(w, h)
    with surface as canvas:
        canvas.clear(skia.ColorWHITE)
        for it in scene["items"]:
            size = it["size"]
            pieces = []  # (path, span)
            pen = 0.0
            for sp in it["spans"]:
                weight = min(900, max(100, sp["weight"] + weight_delta))
                file = font_file(weight, sp["italic"], family)
                tf = skia.Typeface.MakeFromFile(file)
                font = skia.Font(tf, size)
                font.setHinting(skia.FontHinting.kNone)
                font.setSubpixel(True)
                font.setLinearMetrics(True)
                path = skia.Path()
                last_cluster = None
                for gid, cluster, adv, xo, yo in shaped(sp["text"], file, size, kerning):
                    gp = font.getPath(gid)
                    if gp is not None:
                        path.addPath(gp, skia.Matrix.Translate(pen + xo, -yo))
                    pen += adv
                    if cluster != last_cluster:
                        pen += it["letterSpacing"]
                        last_cluster = cluster
                pieces.append((path, sp))
            # letter-spacing is added after every character, the last included (as resvg).
            width = pen
            x0 = it["x"] - (width / 2 if it["anchor"] == "middle" else width if it["anchor"] == "end" else 0)
            canvas.save()
            if it["rotate"]:
                a, cx, cy = it["rotate"]
                canvas.rotate(a, cx, cy)
            if it["clip"]:
                x, y, cw, ch = it["clip"]
                canvas.clipRect(skia.Rect.MakeXYWH(x, y, cw, ch), doAntiAlias=True)
            canvas.translate(x0 + shift, it["y"] + shift)
            for path, sp in pieces:
                paint = skia.Paint(AntiAlias=True)
                if it["gradient"]:
                    g = it["gradient"]
                    paint.setShader(skia.GradientShader.MakeLinear(
                        [skia.Point(g["x1"] - x0 - shift, g["y1"] - it["y"] - shift), skia.Point(g["x2"] - x0 - shift, g["y2"] - it["y"] - shift)],
                        [color(c).toColor() for _, c in g["stops"]], [o for o, _ in g["stops"]]))
                elif sp["fill"] != "none":
                    paint.setColor4f(color(sp["fill"], sp["opacity"]))
                if it["gradient"] or sp["fill"] != "none":
                    canvas.drawPath(path, paint)
                if it["stroke"]:
                    # SVG's default miter limit is 4.
                    pen = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=it["stroke"]["width"],
                                     StrokeMiter=4)
                    pen.setColor4f(color(it["stroke"]["color"]))
                    canvas.drawPath(path, pen)
            canvas.restore()
    return surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType)


def main(argv):
    os.makedirs(FOLDER, exist_ok=True)
    print(f"resvg {getattr(resvg_py, '__resvg_version__', '?')} (resvg_py {getattr(resvg_py, '__version__', '?')}), "
          f"skia-python {skia.__version__}, uharfbuzz {hb.__version__}")
    if "--mutants" in argv:
        with open(os.path.join(FOLDER, "agreement.json")) as f:
            agreement = json.load(f)
        failures = 0
        for name, scene in SCENES.items():
            ref = load_png(os.path.join(FOLDER, name + ".png"))
            for label, mutant in [("DejaVu Sans", lambda: render_resvg(svg(scene, "DejaVu Sans"), "DejaVu Sans")),
                                  ("shifted 1.5 px", lambda: render_skia(scene, shift=1.5)),
                                  ("one weight heavier", lambda: render_skia(scene, weight_delta=100)),
                                  ("no kerning", lambda: render_skia(scene, kerning=False))]:
                failures += mutant_passes(f"{name:14s} {label:20s}", mutant(), ref, agreement[name])
        print(f"{failures} mutant(s) passed")
        return
    agreement = {}
    for name, scene in SCENES.items():
        text = svg(scene)
        ref = render_resvg(text)
        second = render_skia(scene)
        save_scene(FOLDER, name, text, ref, second)
        agreement[name] = agreement_entry(ref, second, f"{name:14s} resvg vs skia+harfbuzz", "resvg on " + name + ".svg (bundled Inter only)",
                                          "resvg vs Skia glyph outlines at HarfBuzz positions")
    write_json(os.path.join(FOLDER, "agreement.json"), agreement)
    write_json(os.path.join(FOLDER, "scenes.json"), SCENES, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1:])
