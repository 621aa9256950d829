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
    struct Layer { uint parent; uint clipDraw; uint inverse; float opacity; };
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

    layout(push_constant) uniform Config { uint width; uint height; uint tilesX; uint rampSize; } config;

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

    vec4 paintColor(Paint p, vec2 position) {
        if (p.kind == 0u) return p.color;
        float gx = p.m[0] * position.x + p.m[2] * position.y + p.m[4];
        float gy = p.m[1] * position.x + p.m[3] * position.y + p.m[5];
        float t;
        if (p.kind == 1u) t = gx;
        else if (p.kind == 2u) t = (sqrt(gx * gx + gy * gy) - p.p0) * p.p1;
        else {
            float turn = 6.28318530717958647692;
            float angle = atan(gy, gx) - p.p0;
            angle -= turn * floor(angle / turn);
            t = angle * p.p1;
        }
        if (isnan(t)) t = 0.0;
        if (p.spread == 1u) t -= floor(t);
        else if (p.spread == 2u) { t -= 2.0 * floor(t * 0.5); if (t > 1.0) t = 2.0 - t; }
        t = clamp(t, 0.0, 1.0);
        return ramps[p.lutStart + uint(t * float(config.rampSize - 1u) + 0.5)];
    }

    void main() {
        uint tile = gl_WorkGroupID.y * config.tilesX + gl_WorkGroupID.x;
        uint px = gl_LocalInvocationID.x, py = gl_LocalInvocationID.y;
        uint x = gl_WorkGroupID.x * TILE_SIZE + px, y = gl_WorkGroupID.y * TILE_SIZE + py;
        if (x >= config.width || y >= config.height) return;
        uint lo = tileCommandStart[tile], hi = tileCommandStart[tile + 1u];
        if (lo == hi) return;
        uint index = y * config.width + x;
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
                mask[depth] = (layer.clipDraw == NO_LAYER || layer.inverse != 0u) ? 1.0 : 0.0;
                color = vec4(0.0);
                depth++;
            } else if (kind == POP_LAYER) {
                depth--;
                Layer layer = layers[word & INDEX_MASK];
                float m = mask[depth] * layer.opacity;
                color = color * m + saved[depth] * (1.0 - color.a * m);
            } else {
                PathTile t = pathTiles[word];
                Draw d = draws[t.drawIndex];
                float k = coverage(t, d.rule == 1u, px, py);
                if ((d.flags & 1u) != 0u) {
                    if (depth > 0) mask[depth - 1] = layers[d.layer].inverse != 0u ? 1.0 - k : k;
                    continue;
                }
                if (k == 0.0) continue;
                vec4 s = paintColor(paints[d.paintIndex], position);
                color = s * k + color * (1.0 - s.a * k);
            }
        }
        pixels[index] = packUnorm4x8(clamp(color, 0.0, 1.0));
    }
    """#
}
