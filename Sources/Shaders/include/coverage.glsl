// Coverage, the same algorithm as the CPU's `FineRasterizer.computeCoverage` and `accumulate` in
// Sources/TileRender/Fine/Fine.swift: each segment adds its signed area to an accumulator row per pixel
// row, then a prefix sum along each row, started from the row's backdrop, gives the winding number
// averaged over each pixel. Here the accumulator is shared memory, one plane per command of a batch,
// and the prefix sum replaces it with the coverage in place; invocation j * TILE_SIZE + r is the worker
// for pixel row r of the batch's command j. A path tile without segments has the same
// coverage across each row, its folded backdrop (the CPU's rows outside the segments' range), which
// every invocation reads itself (`backdropCoverage`). Needs `segments` and `backdrops` declared.
#ifndef TILERENDER_COVERAGE_GLSL
#define TILERENDER_COVERAGE_GLSL

// Coverage is computed for a batch of up to COVERAGE_BATCH commands at a time, one plane each, so the
// workgroup meets at a barrier twice per batch instead of once per draw, and 8 x 16 row workers run at
// once. 8 planes (9 KiB) stay under Vulkan's minimum shared-memory limit of 16 KiB.
#define COVERAGE_BATCH 8u
#define PLANE_FLOATS (TILE_SIZE * ACCUMULATOR_STRIDE)
shared float accumulator[COVERAGE_BATCH * PLANE_FLOATS];

// Winding number to coverage: nonzero clamps |w| to 1, even-odd folds it with period 2 (`fold`).
float fold(float w, bool evenOdd) {
    float a = abs(w);
    if (!evenOdd) return min(a, 1.0);
    float f = a - 2.0 * floor(a * 0.5);
    return f > 1.0 ? 2.0 - f : f;
}

// Adds the signed area of segment `s`'s piece in pixel row `row` to the accumulator row starting at
// `line`: one iteration of the row loop of the CPU's `accumulate`.
void accumulateRow(Segment s, uint row, uint line) {
    if (s.y0 == s.y1) return;
    float dir = s.y0 < s.y1 ? 1.0 : -1.0;
    float x0 = s.y0 < s.y1 ? s.x0 : s.x1, y0 = min(s.y0, s.y1);
    float x1 = s.y0 < s.y1 ? s.x1 : s.x0, y1 = max(s.y0, s.y1);
    float top = float(row), bottom = top + 1.0;
    if (y1 <= top || y0 >= bottom) return;
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
    if (xbInt <= xaInt + 1u) {
        // The segment stays within one pixel column in this row.
        float xMid = 0.5 * (x + xNext) - xaFloor;
        accumulator[line + xaInt] += d - d * xMid;
        accumulator[line + xaInt + 1u] += d * xMid;
    } else {
        float s = 1.0 / (xb - xa);
        float xaFrac = xa - xaFloor;
        float a0 = 0.5 * s * (1.0 - xaFrac) * (1.0 - xaFrac);
        float xbFrac = xb - xbCeil + 1.0;
        float aEnd = 0.5 * s * xbFrac * xbFrac;
        accumulator[line + xaInt] += d * a0;
        if (xbInt == xaInt + 2u) {
            accumulator[line + xaInt + 1u] += d * (1.0 - a0 - aEnd);
        } else {
            float a1 = s * (1.5 - xaFrac);
            accumulator[line + xaInt + 1u] += d * (a1 - a0);
            for (uint xi = xaInt + 2u; xi + 1u < xbInt; xi++) accumulator[line + xi] += d * s;
            float a2 = a1 + float(xbInt - xaInt - 3u) * s;
            accumulator[line + xbInt - 1u] += d * (1.0 - a2 - aEnd);
        }
        accumulator[line + xbInt] += d * aEnd;
    }
}

// The worker of pixel row `row` of plane `plane`: accumulates the row's piece of every segment of the
// path tile, then replaces the row with its coverage (the prefix sum of `computeCoverage`).
void rowCoverage(PathTile t, bool evenOdd, uint row, uint plane) {
    uint line = plane * PLANE_FLOATS + row * ACCUMULATOR_STRIDE;
    for (uint i = 0u; i < ACCUMULATOR_STRIDE; i++) accumulator[line + i] = 0.0;
    for (uint i = 0u; i < t.segmentCount; i++) accumulateRow(segments[t.segmentStart + i], row, line);
    float sum = t.backdropStart != NO_BACKDROP ? backdrops[t.backdropStart + row] : 0.0;
    for (uint x = 0u; x < TILE_SIZE; x++) {
        sum += accumulator[line + x];
        accumulator[line + x] = fold(sum, evenOdd);
    }
}

// The coverage `rowCoverage` left for pixel (px, py) in plane `plane`.
float planeCoverage(uint plane, uint px, uint py) {
    return accumulator[plane * PLANE_FLOATS + py * ACCUMULATOR_STRIDE + px];
}

// Coverage of pixel row `row` of a path tile without segments.
float backdropCoverage(PathTile t, bool evenOdd, uint row) {
    return t.backdropStart != NO_BACKDROP ? fold(backdrops[t.backdropStart + row], evenOdd) : 0.0;
}

#endif
