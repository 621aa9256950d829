// Coverage, the same algorithm as the CPU's `FineRasterizer.computeCoverage` and `accumulate` in
// Sources/TileRenderPipeline/Fine/Fine.swift: each segment adds its signed area to an accumulator row
// per pixel row, then a prefix sum along each row, started from the row's backdrop, gives the winding
// number averaged over each pixel. The prefix sum is linear, so here each invocation (one per pixel)
// takes it segment by segment: `segmentPrefix` is the sum, over the cells up to the pixel's column, of
// what one iteration of `accumulate`'s row loop adds to the row (the same cell formulas), and the
// pixel's coverage is the fold of the row's backdrop plus those sums. No shared memory and no barriers:
// every invocation works alone, which keeps lavapipe's 8-lane chunks busy and suits a GPU's SIMD lanes
// (invocations of one row take the same branches). Needs `segments` and `backdrops` declared.
#ifndef TILERENDER_COVERAGE_GLSL
#define TILERENDER_COVERAGE_GLSL

// Winding number to coverage: nonzero clamps |w| to 1, even-odd folds it with period 2 (`fold`).
float fold(float w, bool evenOdd) {
    float a = abs(w);
    if (!evenOdd) return min(a, 1.0);
    float f = a - 2.0 * floor(a * 0.5);
    return f > 1.0 ? 2.0 - f : f;
}

// The sum of accumulator cells 0...px that segment `s`'s piece in pixel row `row` adds (one iteration
// of the row loop of the CPU's `accumulate`, whose cells xaInt...xbInt sum to the piece's signed
// height d): 0 left of the piece, d right of it, the running sum of the cell formulas inside it.
float segmentPrefix(Segment s, uint row, uint px) {
    if (s.y0 == s.y1) return 0.0;
    float dir = s.y0 < s.y1 ? 1.0 : -1.0;
    float x0 = s.y0 < s.y1 ? s.x0 : s.x1, y0 = min(s.y0, s.y1);
    float x1 = s.y0 < s.y1 ? s.x1 : s.x0, y1 = max(s.y0, s.y1);
    float top = float(row), bottom = top + 1.0;
    if (y1 <= top || y0 >= bottom) return 0.0;
    float dxdy = (x1 - x0) / (y1 - y0);
    float edge = float(TILE_SIZE);
    float dy = min(bottom, y1) - max(top, y0);
    float x = x0 + (max(top, y0) - y0) * dxdy;
    // Pieces lie inside the tile; clamping removes float error that could step outside it.
    float xNext = clamp(x + dxdy * dy, 0.0, edge);
    x = clamp(x, 0.0, edge);
    float d = dy * dir;
    float xa = min(x, xNext), xb = max(x, xNext);
    float xaFloor = floor(xa), xbCeil = ceil(xb);
    uint xaInt = min(uint(xaFloor), TILE_SIZE), xbInt = min(uint(xbCeil), TILE_SIZE);
    if (px < xaInt) return 0.0;
    if (px >= xbInt && px > xaInt) return d;
    if (xbInt <= xaInt + 1u) {
        // The segment stays within one pixel column in this row: cells xaInt and xaInt + 1.
        float xMid = 0.5 * (x + xNext) - xaFloor;
        return d - d * xMid;
    }
    float sInv = 1.0 / (xb - xa);
    float xaFrac = xa - xaFloor;
    float a0 = 0.5 * sInv * (1.0 - xaFrac) * (1.0 - xaFrac);
    if (px == xaInt) return d * a0;
    float xbFrac = xb - xbCeil + 1.0;
    float aEnd = 0.5 * sInv * xbFrac * xbFrac;
    // Cell xbInt holds d * aEnd, so every cell before it sums to d - d * aEnd.
    if (px + 1u == xbInt) return d - d * aEnd;
    // Cells xaInt (a0), xaInt + 1 (a1 - a0) and then sInv each.
    float a1 = sInv * (1.5 - xaFrac);
    return d * (a1 + float(px - xaInt - 1u) * sInv);
}

// Coverage of pixel (px, py) of path tile `t`: the row's backdrop plus every segment's prefix, folded.
float pixelCoverage(PathTile t, bool evenOdd, uint px, uint py) {
    float sum = t.backdropStart != NO_BACKDROP ? backdrops[t.backdropStart + py] : 0.0;
    for (uint i = 0u; i < t.segmentCount; i++) sum += segmentPrefix(segments[t.segmentStart + i], py, px);
    return fold(sum, evenOdd);
}

#endif
