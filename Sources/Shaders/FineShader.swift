// The fine stage as a Vulkan compute shader: one workgroup per 16x16 tile, one invocation per pixel.
// Mirrors Sources/TileRender/Fine/FineRasterizer.swift (same coverage, paints, layers and
// compositing); change both together. Buffer layouts mirror the std430 structs of the binned scene
// (Sources/TileRender/Bin/BinnedScene.swift, Encoding/EncodedScene.swift).
//
// Coverage per pixel: the backdrop of the pixel's row plus, for each segment piece in the tile, its
// signed height within the pixel row times the average share of the pixel lying right of it; this is
// the closed form of the CPU's accumulate-then-prefix-sum.

public enum FineShader {
    /// Deepest layer nesting the shader supports (the CPU has no limit).
    public static let maxLayerDepth = 8

    public static var source: String {
        "#version 450\n" + TileLayout.glslHeader + "#define MAX_LAYER_DEPTH \(maxLayerDepth)\n" + body
    }

    private static let body = #"""
    layout(local_size_x = TILE_SIZE, local_size_y = TILE_SIZE) in;

    struct Segment { float x0; float y0; float x1; float y1; };
    struct PathTile { uint drawIndex; uint tileIndex; uint segmentStart; uint segmentCount; uint backdropStart; };
    struct Draw { uint paintIndex; uint rule; uint layer; uint flags; };
    struct Layer { uint parent; uint clipDraw; uint flags; float opacity; };
    struct Paint { uint kind; uint lutStart; uint spread; uint pad; vec4 color; float m[6]; float p0; float p1; };

    layout(std430, binding = 0) readonly buffer Starts { uint tileCommandStart[]; };
    layout(std430, binding = 1) readonly buffer Commands { uint tileCommands[]; };
    layout(std430, binding = 2) readonly buffer PathTiles { PathTile pathTiles[]; };
    layout(std430, binding = 3) readonly buffer Draws { Draw draws[]; };
    layout(std430, binding = 4) readonly buffer Layers { Layer layers[]; };
    layout(std430, binding = 5) readonly buffer Paints { Paint paints[]; };
    layout(std430, binding = 6) readonly buffer Ramps { vec4 ramps[]; };
    layout(std430, binding = 7) readonly buffer Segments { Segment segments[]; };
    layout(std430, binding = 8) readonly buffer Backdrops { float backdrops[]; };
    layout(std430, binding = 9) buffer Pixels { uint pixels[]; };
    layout(std430, binding = 10) readonly buffer Images { uint images[]; };

    // tileRowStart: the first tile row of the band being drawn (workgroup y counts from it); the pixel
    // buffer holds the band's pixel rows only, from tileRowStart * TILE_SIZE.
    layout(push_constant) uniform Config { uint width; uint height; uint tilesX; uint rampSize; uint tileRowStart; } config;

    const uint NO_BACKDROP = 0xFFFFFFFFu;
    const uint NO_LAYER = 0xFFFFFFFFu;
    const uint KIND_MASK = 3u << 30;
    const uint INDEX_MASK = (1u << 30) - 1u;
    const uint PUSH_LAYER = 1u << 30;
    const uint POP_LAYER = 2u << 30;

    // Integral of clamp(u, 0, 1) from 0 to u.
    float H(float u) {
        if (u <= 0.0) return 0.0;
        if (u <= 1.0) return 0.5 * u * u;
        return u - 0.5;
    }

    float fold(float w, bool evenOdd) {
        float a = abs(w);
        if (!evenOdd) return min(a, 1.0);
        float f = a - 2.0 * floor(a * 0.5);
        return f > 1.0 ? 2.0 - f : f;
    }

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
            float x0 = clamp(xa + (y0 - ya) * dxdy, 0.0, 16.0), x1 = clamp(xa + (y1 - ya) * dxdy, 0.0, 16.0);
            float share;
            if (abs(x1 - x0) < 1e-6) share = clamp(right - 0.5 * (x0 + x1), 0.0, 1.0);
            else share = (H(right - x0) - H(right - x1)) / (x1 - x0);
            w += dir * (y1 - y0) * share;
        }
        return fold(w, evenOdd);
    }

    // Blend modes (W3C Compositing and Blending; CoreGraphics' numbering), mirroring Paint/BlendMode.swift.
    float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
    vec3 clipColor(vec3 c) {
        float l = lum(c), n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
        if (n < 0.0) c = l + (c - l) * l / (l - n);
        if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
        return c;
    }
    vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
    float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
    vec3 setSat(vec3 c, float s) {
        float n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
        if (x <= n) return vec3(0.0);
        return (c - n) * s / (x - n);
    }
    float hardLight(float b, float s) { return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0); }
    float colorDodge(float b, float s) { return b == 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s))); }
    float colorBurn(float b, float s) { return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s)); }
    float softLight(float b, float s) {
        if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
        float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
        return b + (2.0 * s - 1.0) * (d - b);
    }
    vec3 mixMode(uint mode, vec3 cb, vec3 cs) {
        switch (mode) {
        case 1u: return cb * cs;
        case 2u: return cb + cs - cb * cs;
        case 3u: return vec3(hardLight(cs.r, cb.r), hardLight(cs.g, cb.g), hardLight(cs.b, cb.b));
        case 4u: return min(cb, cs);
        case 5u: return max(cb, cs);
        case 6u: return vec3(colorDodge(cb.r, cs.r), colorDodge(cb.g, cs.g), colorDodge(cb.b, cs.b));
        case 7u: return vec3(colorBurn(cb.r, cs.r), colorBurn(cb.g, cs.g), colorBurn(cb.b, cs.b));
        case 8u: return vec3(softLight(cb.r, cs.r), softLight(cb.g, cs.g), softLight(cb.b, cs.b));
        case 9u: return vec3(hardLight(cb.r, cs.r), hardLight(cb.g, cs.g), hardLight(cb.b, cs.b));
        case 10u: return abs(cb - cs);
        case 11u: return cb + cs - 2.0 * cb * cs;
        case 12u: return setLum(setSat(cs, sat(cb)), lum(cb));
        case 13u: return setLum(setSat(cb, sat(cs)), lum(cb));
        case 14u: return setLum(cs, lum(cb));
        case 15u: return setLum(cb, lum(cs));
        default: return cs;
        }
    }
    vec4 blendApply(uint mode, vec4 s, vec4 d) {
        float sa = s.a, da = d.a;
        switch (mode) {
        case 16u: return vec4(0.0);
        case 17u: return s;
        case 18u: return s * da;
        case 19u: return s * (1.0 - da);
        case 20u: return s * da + d * (1.0 - sa);
        case 21u: return s * (1.0 - da) + d;
        case 22u: return d * sa;
        case 23u: return d * (1.0 - sa);
        case 24u: return s * (1.0 - da) + d * sa;
        case 25u: return s * (1.0 - da) + d * (1.0 - sa);
        case 26u: {
            float a = min(1.0, sa + da);
            vec3 c = max(vec3(0.0), vec3(a) - ((vec3(da) - d.rgb) + (vec3(sa) - s.rgb)));
            return vec4(c, a);
        }
        case 27u: return min(s + d, vec4(1.0));
        default: break;
        }
        vec3 cs = sa > 0.0 ? s.rgb / sa : vec3(0.0);
        vec3 cb = da > 0.0 ? d.rgb / da : vec3(0.0);
        vec3 rgb = s.rgb * (1.0 - da) + d.rgb * (1.0 - sa) + mixMode(mode, cb, cs) * (sa * da);
        return vec4(rgb, sa + da * (1.0 - sa));
    }

    // Bilinear, clamped to the edges; texel (i, j) is centred at (i + 0.5, j + 0.5).
    vec4 sampleImage(uint start, uint width, uint height, float u, float v) {
        float x = clamp(u - 0.5, 0.0, float(width - 1u)), y = clamp(v - 0.5, 0.0, float(height - 1u));
        uint x0 = min(uint(floor(x)), width - 1u), y0 = min(uint(floor(y)), height - 1u);
        uint x1 = min(x0 + 1u, width - 1u), y1 = min(y0 + 1u, height - 1u);
        float fx = x - float(x0), fy = y - float(y0);
        vec4 top = mix(unpackUnorm4x8(images[start + y0 * width + x0]), unpackUnorm4x8(images[start + y0 * width + x1]), fx);
        vec4 bottom = mix(unpackUnorm4x8(images[start + y1 * width + x0]), unpackUnorm4x8(images[start + y1 * width + x1]), fx);
        return mix(top, bottom, fy);
    }

    vec4 paintColor(Paint p, vec2 position) {
        if (p.kind == 0u) return p.color;
        float gx = p.m[0] * position.x + p.m[2] * position.y + p.m[4];
        float gy = p.m[1] * position.x + p.m[3] * position.y + p.m[5];
        if (p.kind == 4u) return sampleImage(p.lutStart, p.spread, p.pad, gx, gy) * p.color.a;
        float t;
        if (p.kind == 1u) t = gx;
        else if (p.kind == 2u) t = (sqrt(gx * gx + gy * gy) - p.p0) * p.p1;
        else if (p.kind == 5u) {
            // Focal radial: FineRasterizer.focalT.
            float c = gx * gx + gy * gy, b = gx * p.p0, a = p.p0 * p.p0 - 1.0;
            if (a < 0.0) {
                float q = b + sqrt(b * b - a * c);
                t = q > 0.0 ? c / q : 0.0;
            } else if (a == 0.0) {
                if (b <= 0.0) return vec4(0.0);
                t = c / (2.0 * b);
            } else {
                float disc = b * b - a * c;
                if (disc < 0.0 || b < 0.0) return vec4(0.0);
                t = (b + sqrt(disc)) / a;
            }
        } else {
            float turn = 6.28318530717958647692;
            float angle = atan(gy, gx) - p.p0;
            angle -= turn * floor(angle / turn);
            t = angle * p.p1;
        }
        if (isnan(t)) t = 0.0;
        if (p.spread == 1u) t -= floor(t);
        else if (p.spread == 2u) { t -= 2.0 * floor(t * 0.5); if (t > 1.0) t = 2.0 - t; }
        t = clamp(t, 0.0, 1.0);
        // The encoder keeps t finite; the index is clamped anyway, so no value of t can read outside
        // this gradient's ramp.
        return ramps[p.lutStart + min(uint(t * float(config.rampSize - 1u) + 0.5), config.rampSize - 1u)];
    }

    void main() {
        uint tileY = gl_WorkGroupID.y + config.tileRowStart;
        uint tile = tileY * config.tilesX + gl_WorkGroupID.x;
        uint px = gl_LocalInvocationID.x, py = gl_LocalInvocationID.y;
        uint x = gl_WorkGroupID.x * TILE_SIZE + px, y = tileY * TILE_SIZE + py;
        if (x >= config.width || y >= config.height) return;
        uint lo = tileCommandStart[tile], hi = tileCommandStart[tile + 1u];
        if (lo == hi) return;
        uint index = (y - config.tileRowStart * TILE_SIZE) * config.width + x;
        vec4 color = unpackUnorm4x8(pixels[index]);
        vec4 saved[MAX_LAYER_DEPTH];
        float mask[MAX_LAYER_DEPTH];
        int depth = 0;
        vec2 position = vec2(float(x) + 0.5, float(y) + 0.5);
        for (uint c = lo; c < hi; c++) {
            uint word = tileCommands[c];
            uint kind = word & KIND_MASK;
            if (kind == PUSH_LAYER) {
                Layer layer = layers[word & INDEX_MASK];
                saved[depth] = color;
                mask[depth] = (layer.clipDraw == NO_LAYER || (layer.flags & 1u) != 0u) ? 1.0 : 0.0;
                color = vec4(0.0);
                depth++;
            } else if (kind == POP_LAYER) {
                depth--;
                Layer layer = layers[word & INDEX_MASK];
                float m = mask[depth] * layer.opacity;
                uint mode = (layer.flags >> 8) & 0xFFu;
                if (mode == 0u) color = color * m + saved[depth] * (1.0 - color.a * m);
                else color = m == 0.0 ? saved[depth] : saved[depth] + (blendApply(mode, color, saved[depth]) - saved[depth]) * m;
            } else {
                PathTile t = pathTiles[word];
                Draw d = draws[t.drawIndex];
                float k = coverage(t, d.rule == 1u, px, py);
                if ((d.flags & 1u) != 0u) {
                    if (depth > 0) mask[depth - 1] = (layers[d.layer].flags & 1u) != 0u ? 1.0 - k : k;
                    continue;
                }
                if (k == 0.0) continue;
                vec4 s = paintColor(paints[d.paintIndex], position);
                uint mode = (d.flags >> 8) & 0xFFu;
                if (mode == 0u) color = s * k + color * (1.0 - s.a * k);
                else color = color + (blendApply(mode, s, color) - color) * k;
            }
        }
        pixels[index] = packUnorm4x8(clamp(color, 0.0, 1.0));
    }
    """#
}
