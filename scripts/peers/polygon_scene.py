#!/usr/bin/env python3
"""Writes the polygons that render_peers.py's `blend2d-ir` peer draws for an SVG (curves flattened at --tol
px, strokes expanded to fills by Skia's stroker, all in device space) as an SVG of plain polygons, so that
TileRender and Blend2D can be timed drawing the same lines (`tile-bench compare-peers --polygons` does
all of it):

    python3 scripts/peers/polygon_scene.py Benchmarks/Ghostscript_Tiger.svg /tmp/tiger-polygons.svg --size 1024x1024
    .build/release/tile-bench render /tmp/tiger-polygons.svg --size 1024x1024 --backend cpu --repeat 15 --threads 1
    python3 scripts/peers/render_peers.py /tmp/tiger-polygons.svg OUT --size 1024x1024 --peers blend2d-ir

Blend2D's figure for the original SVG leaves out flattening and stroking (done before its timed call);
TileRender's includes them. On the polygon scene neither has curves or strokes to expand, so the two
times compare the rasterizers alone. Needs skia-python and numpy, and render_peers.py next to it.
"""
import argparse
import os
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("svg")
    ap.add_argument("out")
    ap.add_argument("--size", required=True, help="WxH in px, as given to render_peers.py")
    ap.add_argument("--tol", type=float, default=0.1, help="flattening tolerance in px (render_peers.py's default 0.1)")
    a = ap.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import skia
    import render_peers
    import svgscene

    width, height = (int(v) for v in a.size.lower().split("x"))
    ir = svgscene.load(open(a.svg).read(), width, height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    vertices = 0
    for op in ir.ops:
        if op.fill_rule == "evenodd":
            sys.exit("the blend2d-ir peer draws non-zero fills only; this scene has an even-odd fill")
        # The same steps as render_peers.peer_blend2d_ir.
        p = render_peers._skia_path(op.segs)
        m = render_peers._skia_matrix(op.xform)
        if op.kind == "stroke":
            outline = skia.Path()
            scale = abs(op.xform[0] * op.xform[3] - op.xform[1] * op.xform[2]) ** 0.5
            render_peers._skia_paint(op).getFillPath(p, outline, None, scale)
            p = outline
        p.transform(m)
        d = []
        for poly in render_peers._flatten_skia_path(p, a.tol):
            d.append("M" + " L".join(f"{x:.4f} {y:.4f}" for x, y in poly) + "Z")
            vertices += len(poly)
        if not d:
            continue
        r, g, b, alpha = op.rgba
        out.append(f'<path d="{"".join(d)}" fill="rgb({r},{g},{b})" fill-opacity="{alpha:.6f}"/>')
    out.append("</svg>")
    with open(a.out, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{a.out}: {len(ir.ops)} paths, {vertices} vertices")


if __name__ == "__main__":
    main()
