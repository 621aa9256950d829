#!/usr/bin/env python3
"""Renders the reference images of the small SVG case folders (SVGConformance, SVGEffects, SVGFeatures).

For every Tests/Fixtures/FOLDER/NAME.svg (FOLDER is given by --folder, default SVGConformance) this writes
NAME.png, rendered by **resvg** (PyPI `resvg-py` 0.5.0, which bundles resvg 0.48.1, the renderer of
Tests/Fixtures/Scenes' references), and compares it with a second, independent render by **Skia's
SVGDOM** (PyPI `skia-python` 144.1). The comparison gives each case a tolerance by the reference scenes'
rule (MANIFEST.md, imgdiff.py):

    mean_abs <= max(1, 2 x agreement.mean_abs), pct>8 <= max(1%, 2.5 x agreement.pct>8),
    local5 <= max(40, 1.5 x agreement.local5)

Where the two renderers disagree on a behaviour (a case in the folder's DISAGREE set below, with the
reason in Tests/Fixtures/FOLDER/README.md) the reference stays resvg's. The second opinion is then Skia's
render of explicit/NAME.svg, when there is one: the same drawing written out as its documented
meaning in forms Skia reads the same way (this also checks that resvg's render has that meaning).
Without an explicit file the tolerance is the rule's floor (1, 1%, 40): the disagreement is about
semantics, not antialiasing, and must not widen the limit.

Where resvg itself departs from the specification (a case in the folder's FROM_EXPLICIT set, reason in
README.md), the reference is resvg's render of explicit/NAME.svg (the case's meaning per the
specification, written in forms resvg reads correctly), and Skia renders the same explicit file as the
second opinion. Tolerances go to Tests/Fixtures/FOLDER/agreement.json (same keys as the scenes' file).

--mutants (for folders with MUTANTS rules below: SVGEffects, SVGFeatures) writes nothing. For every case it
removes the feature under test from NAME.svg (SVGEffects: filter_*, every filter reference; mask_*, every
mask reference; blend_*, every mix-blend-mode. SVGFeatures: pattern_*, every url() paint in fill/stroke
becomes none; marker_*, every marker property; style_*, every <style> element; image_*, every <image>),
renders that with resvg and compares it with the stored NAME.png. XML comments are dropped first (they do
not render, and may quote the markup the rules look for). Each mutant must FAIL the case's tolerance in
agreement.json (mean_abs, pct>8 or local5 over its tol_* limit); one that passes means the case does not
show its feature clearly, and the script exits 1.

The references are never made from TileRender's output.

Run (from the repository root):

    python3 -m venv /tmp/svgconf-venv && . /tmp/svgconf-venv/bin/activate
    pip install resvg-py==0.5.0 skia-python==144.1 numpy pillow
    python3 scripts/make-svg-conformance-references.py            # all SVGConformance cases
    python3 scripts/make-svg-conformance-references.py --check    # only report resvg vs Skia, write nothing
    python3 scripts/make-svg-conformance-references.py NAME ...   # some cases
    python3 scripts/make-svg-conformance-references.py --folder SVGEffects             # the effects cases
    python3 scripts/make-svg-conformance-references.py --folder SVGEffects --mutants   # tolerances can fail
    python3 scripts/make-svg-conformance-references.py --folder SVGFeatures            # patterns, markers, ...
    python3 scripts/make-svg-conformance-references.py --folder SVGFeatures --mutants
"""
import io
import json
import os
import re
import sys

import numpy as np
from PIL import Image
import resvg_py
import skia

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")

# Cases where resvg departs from the specification: the reference is resvg's render of explicit/NAME.svg.
FROM_EXPLICIT = {
    "SVGConformance": {"radial_href_inherit"},
    "SVGEffects": {"filter_blur_edge_duplicate"},
}

# Cases where Skia's SVGDOM differs from resvg in behaviour (not just antialiasing). resvg is followed;
# README.md in the fixture folder says why, case by case.
DISAGREE = {
    "SVGConformance": {
        "clip_bbox_units_transform", "clip_child_clip_path_transform", "clip_rule_from_ancestor",
        "colors_rgb_functions", "gradient_bbox_zero_size", "radial_focal_default_after_href",
        "radial_href_inherit", "rect_invalid", "stop_color_current_inherit", "stop_opacity_style",
        "style_comments", "clip_use_child", "clip_child_bbox_units", "radial_focal_bbox",
        "clip_invalid_children",
    },
    "SVGEffects": {
        "filter_flood_opacity", "filter_drop_shadow", "filter_shadow_chain", "filter_composite_operators",
        "filter_composite_arithmetic", "filter_merge_three", "filter_region_bbox", "filter_blend_modes",
        "filter_region_user_space", "filter_unknown_input", "mask_alpha", "blend_mix_blend_modes",
        "blend_isolation",
    },
    # Skia's SVGDOM draws no markers, ignores <style>, cannot load images (no resource provider in
    # skia-python), reads only xlink:href, ignores a pattern's viewBox, does not offset the tile content by
    # the pattern's x/y and gets objectBoundingBox patterns wrong. Every case here has an explicit file.
    "SVGFeatures": {
        "pattern_user_space", "pattern_bbox_units", "pattern_content_units_bbox", "pattern_viewbox",
        "pattern_href", "pattern_stroke",
        "marker_start_mid_end", "marker_orient_auto", "marker_auto_start_reverse", "marker_units_stroke_width",
        "marker_viewbox_ref", "marker_overflow", "marker_property_shorthand",
        "style_type_class_id", "style_specificity", "style_combinations", "style_cdata",
        "image_png_data", "image_jpeg_data", "image_aspect_ratio",
    },
}

# --mutants: per case-name prefix, the patterns whose removal takes the feature under test out of a case
# (attribute form and style-declaration form); a (pattern, replacement) pair replaces instead of removing.
_URL = r"url\([^)]*\)"
_MARKER = r"marker(?:-start|-mid|-end)?"
MUTANTS = {
    "SVGEffects": {
        "filter_": [r'\sfilter\s*=\s*"' + _URL + '"', r"(?<![-\w])filter\s*:\s*" + _URL + r"\s*;?"],
        "mask_": [r'\smask\s*=\s*"' + _URL + '"', r"(?<![-\w])mask\s*:\s*" + _URL + r"\s*;?"],
        "blend_": [r'\smix-blend-mode\s*=\s*"[^"]*"', r"(?<![-\w])mix-blend-mode\s*:\s*[\w-]+\s*;?"],
    },
    "SVGFeatures": {
        "pattern_": [(r'(\s(?:fill|stroke)\s*=\s*")' + _URL, r"\1none"),
                     (r"((?<![-\w])(?:fill|stroke)\s*:\s*)" + _URL, r"\1none")],
        "marker_": [r'\s' + _MARKER + r'\s*=\s*"[^"]*"', r"(?<![-\w])" + _MARKER + r"\s*:\s*[^;\"]*;?"],
        "style_": [r"(?s)<style\b[^>]*>.*?</style\s*>"],
        "image_": [r"(?s)<image\b[^>]*>(?:\s*</image\s*>)?"],
    },
}


def premul(a):
    f = a.astype(np.float64)
    alpha = f[..., 3:4] / 255.0
    return np.concatenate([f[..., :3] * alpha, f[..., 3:4]], axis=-1)


def compare(a, b):
    """mean_abs, pct_over8, max_abs, local5 between two RGBA uint8 arrays (as Tests/Fixtures/Scenes/imgdiff.py)."""
    d = np.abs(premul(a) - premul(b))
    per_px = d.max(axis=-1)
    h, w = per_px.shape
    k = min(5, h, w)
    c = np.pad(per_px, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    s = c[k:, k:] - c[:-k, k:] - c[k:, :-k] + c[:-k, :-k]
    return (float(d.mean()), float((per_px > 8.0).mean() * 100.0), float(per_px.max()), float(s.max() / (k * k)))


def render_resvg(path=None, text=None):
    png = resvg_py.svg_to_bytes(svg_path=path) if text is None else resvg_py.svg_to_bytes(svg_string=text)
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGBA"), dtype=np.uint8)


def render_skia(path, w, h):
    dom = skia.SVGDOM.MakeFromStream(skia.Stream.MakeFromFile(path))
    dom.setContainerSize(skia.Size(w, h))
    surface = skia.Surface(w, h)
    with surface as canvas:
        canvas.clear(skia.ColorTRANSPARENT)
        dom.render(canvas)
    return surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                               alphaType=skia.kUnpremul_AlphaType)


def parse_args(argv):
    folder, flags, names = "SVGConformance", set(), []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--folder":
            if i + 1 >= len(argv):
                sys.exit("--folder needs a folder name under Tests/Fixtures")
            folder = argv[i + 1]
            i += 1
        elif a.startswith("--folder="):
            folder = a.split("=", 1)[1]
        elif a.startswith("--"):
            flags.add(a)
        else:
            names.append(a)
        i += 1
    unknown = flags - {"--check", "--mutants"}
    if unknown:
        sys.exit("unknown option(s): " + " ".join(sorted(unknown)))
    return folder, flags, names


def run_mutants(folder_name, folder, names):
    """Renders each case without its effect; returns 1 if any such mutant passes the case's tolerance."""
    rules = MUTANTS.get(folder_name)
    if rules is None:
        sys.exit("no --mutants rules for " + folder_name)
    with open(os.path.join(folder, "agreement.json")) as f:
        agreement = json.load(f)
    passing = []
    for name in names:
        patterns = next((p for prefix, p in rules.items() if name.startswith(prefix)), None)
        if patterns is None:
            sys.exit(name + ": no mutant rule for its prefix")
        with open(os.path.join(folder, name + ".svg")) as f:
            text = re.sub(r"(?s)<!--.*?-->", "", f.read())
        mutant = text
        for p in patterns:
            mutant = re.sub(p[0], p[1], mutant) if isinstance(p, tuple) else re.sub(p, "", mutant)
        if mutant == text:
            sys.exit(name + ": nothing to remove for the mutant")
        ref = np.asarray(Image.open(os.path.join(folder, name + ".png")).convert("RGBA"), dtype=np.uint8)
        mean, pct, mx, local = compare(ref, render_resvg(text=mutant))
        a = agreement[name]
        over = [k for k, v, t in (("mean", mean, a["tol_mean_abs"]), ("pct>8", pct, a["tol_pct_over8"]),
                                 ("local5", local, a["tol_local5"])) if v > t]
        verdict = "fails (" + ", ".join(over) + " over)" if over else "PASSES: effect not visible enough"
        if not over:
            passing.append(name)
        print(f"{name:36s} mutant vs ref: mean {mean:7.3f} (tol {a['tol_mean_abs']:g}) "
              f"pct>8 {pct:6.2f}% (tol {a['tol_pct_over8']:g}) local5 {local:6.1f} (tol {a['tol_local5']:g})  {verdict}")
    print(f"{len(names) - len(passing)} of {len(names)} mutants fail their case's tolerance"
          + ("; passing: " + ", ".join(passing) if passing else ""))
    return 1 if passing else 0


def main(argv):
    folder_name, flags, names = parse_args(argv)
    folder = os.path.join(FIXTURES, folder_name)
    if not os.path.isdir(folder):
        sys.exit("no folder " + folder)
    check_only = "--check" in flags
    from_explicit_cases = FROM_EXPLICIT.get(folder_name, set())
    disagree_cases = DISAGREE.get(folder_name, set())
    if not names:
        names = sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".svg"))
    if "--mutants" in flags:
        return run_mutants(folder_name, folder, names)
    agreement_path = os.path.join(folder, "agreement.json")
    agreement = {}
    if os.path.exists(agreement_path):
        with open(agreement_path) as f:
            agreement = json.load(f)
    print(f"resvg {getattr(resvg_py, '__resvg_version__', '?')} (resvg_py), skia-python {skia.__version__}")
    for name in names:
        path = os.path.join(folder, name + ".svg")
        explicit = os.path.join(folder, "explicit", name + ".svg")
        from_explicit = name in from_explicit_cases
        ref = render_resvg(explicit if from_explicit else path)
        h, w = ref.shape[:2]
        differs = name in disagree_cases or from_explicit
        use_explicit = differs and os.path.exists(explicit)
        second = render_skia(explicit if use_explicit else path, w, h)
        mean, pct, mx, local = compare(ref, second)
        if use_explicit:
            tol = (max(1.0, 2 * mean), max(1.0, 2.5 * pct), max(40.0, 1.5 * local))
        elif differs:
            tol = (1.0, 1.0, 40.0)
        else:
            tol = (max(1.0, 2 * mean), max(1.0, 2.5 * pct), max(40.0, 1.5 * local))
        flag = "  <- vs Skia on explicit/" if use_explicit else "  <- differ (resvg followed)" if differs else ("  <- DISAGREE?" if local > 40 or mean > 1 else "")
        print(f"{name:36s} resvg vs skia: mean {mean:6.3f} pct>8 {pct:6.2f}% local5 {local:6.1f} max {mx:3.0f}{flag}")
        if check_only:
            continue
        Image.fromarray(ref, "RGBA").save(os.path.join(folder, name + ".png"))
        agreement[name] = {
            "reference": "resvg on explicit/" + name + ".svg" if from_explicit else "resvg on " + name + ".svg",
            "compared": ("resvg vs Skia SVGDOM on explicit/" + name + ".svg" if use_explicit else
                         "resvg vs Skia SVGDOM" + (" (they differ in behaviour: rule floors)" if differs else "")),
            "mean_abs": round(mean, 4), "pct_over8": round(pct, 4), "local5": round(local, 2), "max_abs": mx,
            "tol_mean_abs": round(tol[0], 4), "tol_pct_over8": round(tol[1], 4), "tol_local5": round(tol[2], 2),
        }
    if not check_only:
        with open(agreement_path, "w") as f:
            json.dump(dict(sorted(agreement.items())), f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
