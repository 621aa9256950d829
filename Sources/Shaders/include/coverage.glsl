// Coverage, the same algorithm as the CPU's `FineRasterizer.computeCoverage` and `accumulate` in
// Sources/TileRenderPipeline/Fine/Fine.swift: each segment adds its signed area to an accumulator row
// per pixel row, then a prefix sum along each row, started from the row's backdrop, gives the winding
// number averaged over each pixel. The prefix sum is linear, so here each invocation (a run of pixels in one row)
// takes it segment by segment: `piecePrefix` is the sum, over the cells up to the pixel's column, of
// what one iteration of `accumulate`'s row loop adds to the row (the same cell formulas), and the
// pixel's coverage is the fold of the row's backdrop plus those sums. No shared memory and no barriers:
// every invocation works alone, which keeps lavapipe's 8-lane chunks busy and suits a GPU's SIMD lanes
// (invocations of one row take the same branches). Needs `segments`, `backdrops` and
// `PIXELS_PER_INVOCATION` (a constant) declared.
#ifndef TILERENDER_COVERAGE_GLSL
#define TILERENDER_COVERAGE_GLSL

// Winding number to coverage: nonzero clamps |w| to 1, even-odd folds it with period 2 (`fold`).
float fold(float w, bool evenOdd) {
    float a = abs(w);
    if (!evenOdd) return min(a, 1.0);
    float f = a - 2.0 * floor(a * 0.5);
    return f > 1.0 ? 2.0 - f : f;
}

// What segment `s`'s piece in pixel row `row` adds to the row (one iteration of the row loop of the
// CPU's `accumulate`): its signed height d over columns xaInt...xbInt, and the cell formulas' terms.
struct RowPiece {
    float d;       // 0 when the segment misses the row
    uint xaInt, xbInt;
    bool oneColumn;
    float single;  // oneColumn: cell xaInt holds d - single, cell xaInt + 1 holds single
    float a0, aEnd, a1, sInv;
};

// Both functions below compute every case and select the one that applies, with no branch and no
// early return. lavapipe (Mesa's llvmpipe) runs both sides of a branch under a lane mask anyway, and
// the mask bookkeeping of nested returns cost more than the arithmetic; on a GPU the selects are a
// handful of instructions where a branch could diverge. The values selected are the CPU's formulas.
RowPiece rowPiece(Segment s, uint row) {
    bool down = s.y0 < s.y1;
    float dir = down ? 1.0 : -1.0;
    float x0 = down ? s.x0 : s.x1, y0 = min(s.y0, s.y1);
    float x1 = down ? s.x1 : s.x0, y1 = max(s.y0, s.y1);
    float top = float(row), bottom = top + 1.0;
    // A horizontal segment, or one that misses the row, adds nothing (its other terms may be
    // infinite or NaN; none of them is selected).
    bool hits = s.y0 != s.y1 && y1 > top && y0 < bottom;
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
    RowPiece p;
    p.d = hits ? d : 0.0;
    p.xaInt = hits ? min(uint(xaFloor), TILE_SIZE) : TILE_SIZE;
    p.xbInt = hits ? min(uint(xbCeil), TILE_SIZE) : TILE_SIZE;
    p.oneColumn = p.xbInt <= p.xaInt + 1u;
    // oneColumn: the segment stays within one pixel column in this row (cells xaInt and xaInt + 1).
    p.single = d * (0.5 * (x + xNext) - xaFloor);
    p.sInv = 1.0 / (xb - xa);
    float xaFrac = xa - xaFloor;
    p.a0 = 0.5 * p.sInv * (1.0 - xaFrac) * (1.0 - xaFrac);
    float xbFrac = xb - xbCeil + 1.0;
    p.aEnd = 0.5 * p.sInv * xbFrac * xbFrac;
    p.a1 = p.sInv * (1.5 - xaFrac);
    return p;
}

// The sum of accumulator cells 0...px that piece `p` adds: 0 left of the piece, d right of it, the
// running sum of the cell formulas inside it. The later selects take precedence.
float piecePrefix(RowPiece p, uint px) {
    // Cells xaInt (a0), xaInt + 1 (a1 - a0) and then sInv each.
    float v = p.d * (p.a1 + float(int(px) - int(p.xaInt) - 1) * p.sInv);
    // Cell xbInt holds d * aEnd, so every cell before it sums to d - d * aEnd.
    v = px + 1u == p.xbInt ? p.d - p.d * p.aEnd : v;
    v = px == p.xaInt ? p.d * p.a0 : v;
    v = p.oneColumn ? p.d - p.single : v;
    v = px >= p.xbInt && px > p.xaInt ? p.d : v;
    return px < p.xaInt ? 0.0 : v;
}

// Coverage of pixels (px0 + i, py), i < PIXELS_PER_INVOCATION, of path tile `t`: the row's backdrop
// plus every segment's prefix, folded. Each segment's piece in the row is found once for them all.
void pixelCoverage(PathTile t, bool evenOdd, uint px0, uint py, out float k[PIXELS_PER_INVOCATION]) {
    float backdrop = t.backdropStart != NO_BACKDROP ? backdrops[t.backdropStart + py] : 0.0;
    float sum[PIXELS_PER_INVOCATION];
    for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) sum[i] = backdrop;
    for (uint s = 0u; s < t.segmentCount; s++) {
        RowPiece p = rowPiece(segments[t.segmentStart + s], py);
        for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) sum[i] += piecePrefix(p, px0 + i);
    }
    for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) k[i] = fold(sum[i], evenOdd);
}

#endif
