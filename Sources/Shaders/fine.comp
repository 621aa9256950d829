#version 450
// The fine stage on the GPU: one workgroup per tile with commands, a run of pixels of a row per
// invocation. The CPU half is Sources/TileRenderPipeline/Fine/Fine.swift: the same coverage algorithm
// (include/coverage.glsl: per-row signed-area accumulation and a prefix sum, here each pixel's prefix
// taken segment by segment, with no shared memory or barriers), paints, layers and compositing. The
// ABI (constants, buffer bindings, struct layouts) is include/abi.glsl, generated from GPUABI.swift.
#include "abi.glsl"

// Each invocation draws PIXELS_PER_INVOCATION pixels side by side in one row of the tile: a segment's
// piece in the row is found once for all of them. A specialization constant the backend sets per
// device (GPUABI.FineSpecialization): 4 on a GPU (64 invocations a tile, as Vello; registers stay
// few and every SIMD lane has work), 16 on a CPU device such as lavapipe, which runs a workgroup's
// invocations 8 at a time as SIMD lanes, so each invocation draws a whole row and a tile is two
// vectors: the per-command work (loading the path tile, draw and paint) runs for 2 vectors a tile
// instead of 8, and each segment's row piece is found 16 times a tile instead of 64 (tiger at
// 1024x1024: about 2-2.5x less device time than 4 pixels). Two rows an invocation (one vector a tile)
// was tried: about 15% less CPU time on the tiger, but scenes with layers and filters stalled lavapipe
// for over a minute (arrays of 8 layers x 32 pixels per invocation), so not kept.
layout(constant_id = SPEC_PIXELS_PER_INVOCATION) const uint PIXELS_PER_INVOCATION = DEFAULT_PIXELS_PER_INVOCATION;
#define INVOCATIONS_PER_ROW (TILE_SIZE / PIXELS_PER_INVOCATION)
// A one-dimensional workgroup of TILE_SIZE * TILE_SIZE / PIXELS_PER_INVOCATION invocations (the
// backend sets the size with the width), row-major over the tile: invocation i draws row
// i / INVOCATIONS_PER_ROW. Not a 4 x 16 grid: lavapipe fills its 8-lane vectors along x only, so a
// width of 4 left half of every vector idle; a GPU flattens either shape.
layout(local_size_x = DEFAULT_WORKGROUP_SIZE, local_size_x_id = SPEC_WORKGROUP_SIZE) in;

layout(std430, binding = BINDING_TILE_COMMAND_START) readonly buffer Starts { uint tileCommandStart[]; };
layout(std430, binding = BINDING_TILE_COMMANDS) readonly buffer Commands { uint tileCommands[]; };
layout(std430, binding = BINDING_PATH_TILES) readonly buffer PathTiles { PathTile pathTiles[]; };
layout(std430, binding = BINDING_DRAWS) readonly buffer Draws { Draw draws[]; };
layout(std430, binding = BINDING_LAYERS) readonly buffer Layers { Layer layers[]; };
layout(std430, binding = BINDING_PAINTS) readonly buffer Paints { Paint paints[]; };
layout(std430, binding = BINDING_RAMPS) readonly buffer Ramps { vec4 ramps[]; };
layout(std430, binding = BINDING_SEGMENTS) readonly buffer Segments { Segment segments[]; };
layout(std430, binding = BINDING_BACKDROPS) readonly buffer Backdrops { float backdrops[]; };
layout(std430, binding = BINDING_PIXELS) buffer Pixels { uint pixels[]; };
layout(std430, binding = BINDING_IMAGES) readonly buffer Images { uint images[]; };
layout(std430, binding = BINDING_TILES) readonly buffer Tiles { uint tileList[]; };
layout(std430, binding = BINDING_MASK_RUNS) readonly buffer MaskRuns { uint maskRuns[]; };
layout(std430, binding = BINDING_MASK_PLACEMENTS) readonly buffer MaskPlacements { uint maskPlacements[]; };
layout(std430, binding = BINDING_MASK_VALUES) readonly buffer MaskValues { float maskValues[]; };

layout(push_constant) uniform Config { FineConfig config; };

// The scene's features (GPUABI.FineFeature): the backend specialises this constant per scene, and the
// compiler drops the code of the features the scene does not use. The default keeps all of it.
layout(constant_id = SPEC_FEATURES) const uint FINE_FEATURES = FEATURE_ALL;
#define USES(feature) ((FINE_FEATURES & (feature)) != 0u)
#define PAINT_FEATURES FINE_FEATURES

#include "coverage.glsl"
#include "blend.glsl"
#include "paint.glsl"
#include "filter.glsl"

// The coverage of mask draw `drawIndex` at the invocation's pixels (x0 ..< x0 + 4, y), as the CPU's
// `FineRasterizer.maskCoverage`: the sum of the averaged winding of every mask of the draw's run that
// covers the pixel, folded nonzero. Placements are sorted by x and none is wider than the run's
// maxWidth, so those starting at or before x0 - maxWidth end before the pixels.
void maskCoverage(uint drawIndex, uint x0, uint y, out float k[PIXELS_PER_INVOCATION]) {
    uint start = maskRuns[drawIndex * MASK_RUN_WORDS], count = maskRuns[drawIndex * MASK_RUN_WORDS + 1u];
    int maxWidth = int(maskRuns[drawIndex * MASK_RUN_WORDS + 2u]);
    int px = int(x0), py = int(y);
    int reach = px - maxWidth;
    uint lo = 0u, hi = count;
    while (lo < hi) {
        uint mid = (lo + hi) / 2u;
        if (int(maskPlacements[(start + mid) * MASK_PLACEMENT_WORDS]) <= reach) lo = mid + 1u; else hi = mid;
    }
    float sum[PIXELS_PER_INVOCATION];
    for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) sum[i] = 0.0;
    for (uint i = lo; i < count; i++) {
        uint at = (start + i) * MASK_PLACEMENT_WORDS;
        int mx = int(maskPlacements[at]), my = int(maskPlacements[at + 1u]);
        if (mx >= px + int(PIXELS_PER_INVOCATION)) break;
        int mw = int(maskPlacements[at + 2u]), mh = int(maskPlacements[at + 3u]);
        if (py < my || py >= my + mh || mx + mw <= px) continue;
        uint row = maskPlacements[at + 4u] + uint(py - my) * uint(mw);
        for (uint k = 0u; k < PIXELS_PER_INVOCATION; k++) {
            int c = px + int(k) - mx;
            if (c >= 0 && c < mw) sum[k] += maskValues[row + uint(c)];
        }
    }
    for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) k[i] = min(abs(sum[i]), 1.0);
}

void main() {
    // One workgroup per tile with commands (`tileList`: a count, then the tiles), on a grid of
    // rows of at most 65535 workgroups.
    uint slot = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    if (slot >= tileList[0]) return;
    uint tile = tileList[1u + slot];
    uint tileY = tile / config.tilesX, tileX = tile - tileY * config.tilesX;
    uint px0 = (gl_LocalInvocationIndex % INVOCATIONS_PER_ROW) * PIXELS_PER_INVOCATION;
    uint py = gl_LocalInvocationIndex / INVOCATIONS_PER_ROW;
    uint x0 = tileX * TILE_SIZE + px0, y = tileY * TILE_SIZE + py;
    // Every invocation works alone (no barriers), so one outside the canvas simply stops.
    if (x0 >= config.width || y >= config.height) return;
    uint lo = tileCommandStart[tile], hi = tileCommandStart[tile + 1u];
    uint index = (y - config.tileRowStart * TILE_SIZE) * config.width + x0;
    // Pixels right of the canvas (a tile the right edge cuts) are neither read nor written.
    uint count = min(PIXELS_PER_INVOCATION, config.width - x0);
    vec4 color[PIXELS_PER_INVOCATION];
    for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) color[i] = i < count ? unpackUnorm4x8(pixels[index + i]) : vec4(0.0);
    vec4 saved[MAX_LAYER_DEPTH * PIXELS_PER_INVOCATION];
    float mask[MAX_LAYER_DEPTH * PIXELS_PER_INVOCATION];
    int depth = 0;
    for (uint c = lo; c < hi; c++) {
        uint word = tileCommands[c];
        uint kind = word & COMMAND_KIND_MASK;
        if (USES(FEATURE_LAYERS) && kind == COMMAND_PUSH_LAYER) {
            Layer layer = layers[word & COMMAND_INDEX_MASK];
            float m = (layer.clipDraw == NO_INDEX || (layer.flags & FLAG_INVERSE_CLIP) != 0u) ? 1.0 : 0.0;
            for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) {
                saved[uint(depth) * PIXELS_PER_INVOCATION + i] = color[i];
                mask[uint(depth) * PIXELS_PER_INVOCATION + i] = m;
                color[i] = vec4(0.0);
            }
            depth++;
        } else if (USES(FEATURE_LAYERS) && kind == COMMAND_POP_LAYER) {
            depth--;
            Layer layer = layers[word & COMMAND_INDEX_MASK];
            uint mode = (layer.flags >> BLEND_SHIFT) & BLEND_MASK;
            for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) {
                uint at = uint(depth) * PIXELS_PER_INVOCATION + i;
                if (USES(FEATURE_FILTERS) && layer.filterCount != 0u) color[i] = applyFilters(layer, color[i]);
                float m = mask[at] * layer.opacity;
                if (!USES(FEATURE_BLEND_MODES) || mode == BLEND_NORMAL) color[i] = color[i] * m + saved[at] * (1.0 - color[i].a * m);
                else color[i] = m == 0.0 ? saved[at] : saved[at] + (blendApply(mode, color[i], saved[at]) - saved[at]) * m;
            }
        } else {
            PathTile t = pathTiles[word];
            Draw d = draws[t.drawIndex];
            float k[PIXELS_PER_INVOCATION];
            if (USES(FEATURE_MASKS) && (d.flags & FLAG_MASK_DRAW) != 0u) maskCoverage(t.drawIndex, x0, y, k);
            else pixelCoverage(t, USES(FEATURE_EVEN_ODD) && d.rule == RULE_EVEN_ODD, px0, py, k);
            if (USES(FEATURE_LAYERS) && (d.flags & FLAG_CLIP_DRAW) != 0u) {
                if (depth > 0) {
                    bool inverse = (layers[d.layer].flags & FLAG_INVERSE_CLIP) != 0u;
                    for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++)
                        mask[uint(depth - 1) * PIXELS_PER_INVOCATION + i] = inverse ? 1.0 - k[i] : k[i];
                }
                continue;
            }
            bool covered = false;
            for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) covered = covered || k[i] != 0.0;
            if (!covered) continue;
            Paint paint = paints[d.paintIndex];
            uint mode = (d.flags >> BLEND_SHIFT) & BLEND_MASK;
            for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++) {
                if (k[i] == 0.0) continue;
                vec4 s = paintColor(paint, vec2(float(x0 + i) + 0.5, float(y) + 0.5));
                if (!USES(FEATURE_BLEND_MODES) || mode == BLEND_NORMAL) color[i] = s * k[i] + color[i] * (1.0 - s.a * k[i]);
                else color[i] = color[i] + (blendApply(mode, s, color[i]) - color[i]) * k[i];
            }
        }
    }
    for (uint i = 0u; i < PIXELS_PER_INVOCATION; i++)
        if (i < count) pixels[index + i] = packUnorm4x8(clamp(color[i], 0.0, 1.0));
}
