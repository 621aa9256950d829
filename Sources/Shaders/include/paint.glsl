// Paints, mirroring `FineRasterizer.paintColor`, `focalT` and `sampleImage` in
// Sources/TileRender/Fine/Fine.swift. Needs the `ramps` and `images` buffers declared first.
#ifndef TILERENDER_PAINT_GLSL
#define TILERENDER_PAINT_GLSL

// The paint kinds compiled in (FEATURE_GRADIENTS, FEATURE_IMAGES): all unless the includer narrows
// them (fine.comp passes its specialization constant); a solid colour is always there.
#ifndef PAINT_FEATURES
#define PAINT_FEATURES FEATURE_ALL
#endif

// Bilinear, clamped to the edges, or wrapped around them with `repeats` (FineRasterizer.sampleImage);
// texel (i, j) is centred at (i + 0.5, j + 0.5). `nearest`: the texel (u, v) falls in.
vec4 sampleImage(uint start, uint width, uint height, float u, float v, bool repeats, bool nearest) {
    if (nearest) { u = floor(u) + 0.5; v = floor(v) + 0.5; }
    uint x0, y0, x1, y1;
    float fx, fy;
    if (repeats) {
        float w = float(width), h = float(height);
        float x = mod(u - 0.5, w), y = mod(v - 0.5, h);
        if (isnan(x) || isinf(x) || isnan(y) || isinf(y)) return vec4(0.0);
        float fx0 = floor(x), fy0 = floor(y);
        x0 = min(uint(fx0), width - 1u); y0 = min(uint(fy0), height - 1u);
        x1 = x0 + 1u == width ? 0u : x0 + 1u; y1 = y0 + 1u == height ? 0u : y0 + 1u;
        fx = x - fx0; fy = y - fy0;
    } else {
        float x = clamp(u - 0.5, 0.0, float(width - 1u)), y = clamp(v - 0.5, 0.0, float(height - 1u));
        x0 = min(uint(floor(x)), width - 1u); y0 = min(uint(floor(y)), height - 1u);
        x1 = min(x0 + 1u, width - 1u); y1 = min(y0 + 1u, height - 1u);
        fx = x - float(x0); fy = y - float(y0);
    }
    vec4 top = mix(unpackUnorm4x8(images[start + y0 * width + x0]), unpackUnorm4x8(images[start + y0 * width + x1]), fx);
    vec4 bottom = mix(unpackUnorm4x8(images[start + y1 * width + x0]), unpackUnorm4x8(images[start + y1 * width + x1]), fx);
    return mix(top, bottom, fy);
}

// The focal gradient's parameter (FineRasterizer.focalT); false where no circle passes through g.
bool focalT(float gx, float gy, float k, out float t) {
    float c = gx * gx + gy * gy, b = gx * k, a = k * k - 1.0;
    t = 0.0;
    if (a < 0.0) {
        float q = b + sqrt(b * b - a * c);
        t = q > 0.0 ? c / q : 0.0;
        return true;
    }
    if (a == 0.0) {
        if (b <= 0.0) return false;
        t = c / (2.0 * b);
        return true;
    }
    float disc = b * b - a * c;
    if (disc < 0.0 || b < 0.0) return false;
    t = (b + sqrt(disc)) / a;
    return true;
}

// The premultiplied colour of paint `p` at device point `position`.
vec4 paintColor(Paint p, vec2 position) {
    if (p.kind == PAINT_SOLID || (PAINT_FEATURES & (FEATURE_GRADIENTS | FEATURE_IMAGES)) == 0u) return p.color;
    float gx = p.map[0] * position.x + p.map[2] * position.y + p.map[4];
    float gy = p.map[1] * position.x + p.map[3] * position.y + p.map[5];
    if ((PAINT_FEATURES & FEATURE_IMAGES) != 0u && (p.kind == PAINT_IMAGE || p.kind == PAINT_TILED_IMAGE))
        return sampleImage(firstTexel(p), imageWidth(p), p.imageHeight, gx, gy, p.kind == PAINT_TILED_IMAGE,
                           uint(p.params[0]) == SAMPLING_NEAREST) * p.color.a;
    if ((PAINT_FEATURES & FEATURE_GRADIENTS) == 0u) return p.color;
    float t;
    if (p.kind == PAINT_LINEAR) t = gx;
    else if (p.kind == PAINT_RADIAL) t = (sqrt(gx * gx + gy * gy) - p.params[0]) * p.params[1];
    else if (p.kind == PAINT_FOCAL) {
        if (!focalT(gx, gy, p.params[0], t)) return vec4(0.0);
    } else {
        float turn = 6.28318530717958647692;
        float angle = atan(gy, gx) - p.params[0];
        angle -= turn * floor(angle / turn);
        t = angle * p.params[1];
    }
    if (isnan(t)) t = 0.0;
    if (p.spread == SPREAD_REPEAT) t -= floor(t);
    else if (p.spread == SPREAD_MIRROR) { t -= 2.0 * floor(t * 0.5); if (t > 1.0) t = 2.0 - t; }
    t = clamp(t, 0.0, 1.0);
    // The encoder keeps t finite; the index is clamped anyway, so no value of t can read outside
    // this gradient's ramp.
    return ramps[p.lutStart + min(uint(t * float(RAMP_SIZE - 1u) + 0.5), RAMP_SIZE - 1u)];
}

#endif
