"""The reference scenes' agreement and tolerance rule, shared by the scripts that make references.

The rule is Tests/Fixtures/Scenes/public/MANIFEST.md's, computed by Tests/Fixtures/Scenes/imgdiff.py
(a byte copy of the shared one, imported from there): a reference and a second, independent render
give the agreement figures; each scene's tolerance follows from them.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Fixtures", "Scenes"))
from imgdiff import compare, tolerance  # noqa: E402,F401


def passes(diff, tol):
    """True when a render's difference `diff` (imgdiff.compare's tuple) is within `tol`."""
    return diff[0] <= tol["tol_mean_abs"] and diff[1] <= tol["tol_pct_over8"] and diff[3] <= tol["tol_local5"]


def agreement_entry(ref, second, label, reference, compared):
    """The agreement.json entry for one scene, printing its figures under `label`."""
    mean, pct, mx, local = compare(ref, second)
    tol = tolerance(mean, pct, local)
    print(f"{label}: mean {mean:6.3f} pct>8 {pct:6.2f}% local5 {local:6.1f} max {mx:3.0f}")
    return {
        "reference": reference, "compared": compared,
        "mean_abs": round(mean, 4), "pct_over8": round(pct, 4), "local5": round(local, 2), "max_abs": mx,
        "tol_mean_abs": round(tol[0], 4), "tol_pct_over8": round(tol[1], 4), "tol_local5": round(tol[2], 2),
    }


def write_json(path, value, ensure_ascii=True):
    with open(path, "w") as f:
        json.dump(value, f, indent=1, ensure_ascii=ensure_ascii)
        f.write("\n")


def load_png(path):
    """An RGBA PNG as a uint8 array."""
    import numpy as np
    from PIL import Image
    return np.asarray(Image.open(path).convert("RGBA"), dtype=np.uint8)


def save_scene(folder, name, svg_text, ref, second):
    """Writes NAME.svg, NAME.png (the reference) and NAME.skia.png (the second opinion)."""
    from PIL import Image
    with open(os.path.join(folder, name + ".svg"), "w") as f:
        f.write(svg_text)
    Image.fromarray(ref, "RGBA").save(os.path.join(folder, name + ".png"))
    Image.fromarray(second, "RGBA").save(os.path.join(folder, name + ".skia.png"))


def mutant_passes(label, render, ref, tol):
    """Compares a deliberately wrong render with the reference, prints the line, True if it passes (bad)."""
    d = compare(render, ref)
    ok = passes(d, tol)
    print(f"{label} mean {d[0]:6.3f} pct>8 {d[1]:6.2f}% local5 {d[3]:6.1f}  {'PASSES (bad)' if ok else 'fails'}")
    return ok
