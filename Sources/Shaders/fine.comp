#version 450
// The fine stage on the GPU: one workgroup per tile, one invocation per pixel. The CPU half is
// Sources/TileRender/Fine/Fine.swift: the same coverage algorithm (include/coverage.glsl: per-row
// signed-area accumulation and a prefix sum, here with invocations as row workers of a batch of draws),
// paints, layers and compositing. The ABI (constants, buffer bindings, struct layouts) is
// include/abi.glsl, generated from GPUABI.swift.
#include "abi.glsl"

layout(local_size_x = TILE_SIZE, local_size_y = TILE_SIZE) in;

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

layout(push_constant) uniform Config { FineConfig config; };

#include "coverage.glsl"
#include "blend.glsl"
#include "paint.glsl"
#include "filter.glsl"

void main() {
    uint tileY = gl_WorkGroupID.y + config.tileRowStart;
    uint tile = tileY * config.tilesX + gl_WorkGroupID.x;
    uint px = gl_LocalInvocationID.x, py = gl_LocalInvocationID.y;
    uint lane = py * TILE_SIZE + px;
    uint x = gl_WorkGroupID.x * TILE_SIZE + px, y = tileY * TILE_SIZE + py;
    // Invocations outside the canvas still take part in the barriers; they only skip their pixel.
    bool inside = x < config.width && y < config.height;
    uint lo = tileCommandStart[tile], hi = tileCommandStart[tile + 1u];
    if (lo == hi) return;  // the same for the whole workgroup
    uint index = (y - config.tileRowStart * TILE_SIZE) * config.width + x;
    vec4 color = inside ? unpackUnorm4x8(pixels[index]) : vec4(0.0);
    vec4 saved[MAX_LAYER_DEPTH];
    float mask[MAX_LAYER_DEPTH];
    int depth = 0;
    vec2 position = vec2(float(x) + 0.5, float(y) + 0.5);
    for (uint first = lo; first < hi; first += COVERAGE_BATCH) {
        uint count = min(COVERAGE_BATCH, hi - first);
        // Row workers: row r of the coverage of command j (a path tile with segments) in plane j.
        uint workerPlane = lane / TILE_SIZE, workerRow = lane % TILE_SIZE;
        if (workerPlane < count) {
            uint word = tileCommands[first + workerPlane];
            if ((word & COMMAND_KIND_MASK) == COMMAND_PATH_TILE && pathTiles[word].segmentCount != 0u) {
                PathTile t = pathTiles[word];
                rowCoverage(t, draws[t.drawIndex].rule == RULE_EVEN_ODD, workerRow, workerPlane);
            }
        }
        memoryBarrierShared();
        barrier();
        for (uint j = 0u; j < count; j++) {
            uint word = tileCommands[first + j];
            uint kind = word & COMMAND_KIND_MASK;
            if (kind == COMMAND_PUSH_LAYER) {
                Layer layer = layers[word & COMMAND_INDEX_MASK];
                saved[depth] = color;
                mask[depth] = (layer.clipDraw == NO_INDEX || (layer.flags & FLAG_INVERSE_CLIP) != 0u) ? 1.0 : 0.0;
                color = vec4(0.0);
                depth++;
            } else if (kind == COMMAND_POP_LAYER) {
                depth--;
                Layer layer = layers[word & COMMAND_INDEX_MASK];
                if (layer.filterCount != 0u) color = applyFilters(layer, color);
                float m = mask[depth] * layer.opacity;
                uint mode = (layer.flags >> BLEND_SHIFT) & BLEND_MASK;
                if (mode == BLEND_NORMAL) color = color * m + saved[depth] * (1.0 - color.a * m);
                else color = m == 0.0 ? saved[depth] : saved[depth] + (blendApply(mode, color, saved[depth]) - saved[depth]) * m;
            } else {
                PathTile t = pathTiles[word];
                Draw d = draws[t.drawIndex];
                float k = t.segmentCount == 0u ? backdropCoverage(t, d.rule == RULE_EVEN_ODD, py)
                                               : planeCoverage(j, px, py);
                if ((d.flags & FLAG_CLIP_DRAW) != 0u) {
                    if (depth > 0) mask[depth - 1] = (layers[d.layer].flags & FLAG_INVERSE_CLIP) != 0u ? 1.0 - k : k;
                    continue;
                }
                if (k == 0.0 || !inside) continue;
                vec4 s = paintColor(paints[d.paintIndex], position);
                uint mode = (d.flags >> BLEND_SHIFT) & BLEND_MASK;
                if (mode == BLEND_NORMAL) color = s * k + color * (1.0 - s.a * k);
                else color = color + (blendApply(mode, s, color) - color) * k;
            }
        }
        // The next batch's row workers overwrite the planes.
        barrier();
    }
    if (inside) pixels[index] = packUnorm4x8(clamp(color, 0.0, 1.0));
}
