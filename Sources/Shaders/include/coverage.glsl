// Coverage, mirroring `FineRasterizer.computeCoverage` and `fold` in Sources/TileRender/Fine/Fine.swift.
// Needs the `segments` and `backdrops` buffers declared first.
#ifndef TILERENDER_COVERAGE_GLSL
#define TILERENDER_COVERAGE_GLSL

// Winding number to coverage: nonzero clamps |w| to 1, even-odd folds it with period 2.
float fold(float w, bool evenOdd) {
    float a = abs(w);
    if (!evenOdd) return min(a, 1.0);
    float f = a - 2.0 * floor(a * 0.5);
    return f > 1.0 ? 2.0 - f : f;
}

// Integral of clamp(u, 0, 1) from 0 to u.
float H(float u) {
    if (u <= 0.0) return 0.0;
    if (u <= 1.0) return 0.5 * u * u;
    return u - 0.5;
}

// The backdrop of the pixel's row plus, for each segment piece in the tile, its signed height within
// the pixel row times the average share of the pixel lying right of it.
float coverage(PathTile t, bool evenOdd, uint px, uint py) {
    float w = 0.0;
    if (t.backdropStart != NO_BACKDROP) w = backdrops[t.backdropStart + py];
    float top = float(py), bottom = top + 1.0, right = float(px) + 1.0;
    for (uint i = 0u; i < t.segmentCount; i++) {
        Segment s = segments[t.segmentStart + i];
        if (s.y0 == s.y1) continue;
        float dir = s.y0 < s.y1 ? 1.0 : -1.0;
        float xa = s.y0 < s.y1 ? s.x0 : s.x1, ya = min(s.y0, s.y1);
        float xb = s.y0 < s.y1 ? s.x1 : s.x0, yb = max(s.y0, s.y1);
        float y0 = max(ya, top), y1 = min(yb, bottom);
        if (y1 <= y0) continue;
        float dxdy = (xb - xa) / (yb - ya);
        float x0 = clamp(xa + (y0 - ya) * dxdy, 0.0, float(TILE_SIZE)), x1 = clamp(xa + (y1 - ya) * dxdy, 0.0, float(TILE_SIZE));
        float share;
        if (abs(x1 - x0) < 1e-6) share = clamp(right - 0.5 * (x0 + x1), 0.0, 1.0);
        else share = (H(right - x0) - H(right - x1)) / (x1 - x0);
        w += dir * (y1 - y0) * share;
    }
    return fold(w, evenOdd);
}

#endif
