#version 450
// Image filters on the GPU: one pass of an `ImageFilterProgram` step per dispatch (the pass kinds are
// GPUABI.ImageFilterPass). The CPU half is Sources/TileRenderPipeline/Effects/ImageFilterCPU.swift: the
// same arithmetic in the same order, so the two agree to a level. Images are premultiplied RGBA8, one
// uint per pixel; a blur works in `values` / `otherValues` (vec4 per pixel), one invocation per line.
#include "abi.glsl"

layout(local_size_x = IMAGE_FILTER_GROUP_SIZE) in;

layout(std430, binding = FILTER_BINDING_FIRST) readonly buffer First { uint first[]; };
layout(std430, binding = FILTER_BINDING_SECOND) readonly buffer Second { uint second[]; };
layout(std430, binding = FILTER_BINDING_OUTPUT) writeonly buffer Output { uint outputImage[]; };
layout(std430, binding = FILTER_BINDING_VALUES) buffer Values { vec4 values[]; };
layout(std430, binding = FILTER_BINDING_OTHER_VALUES) buffer OtherValues { vec4 otherValues[]; };
// The colour steps' and blur passes' table; named `ramps` for filter.glsl.
layout(std430, binding = FILTER_BINDING_TABLE) readonly buffer Ramps { vec4 ramps[]; };

layout(push_constant) uniform Config { FilterConfig config; };

#include "filter.glsl"
#include "blend.glsl"

/// Rounds a premultiplied colour to RGBA8, colour at most alpha (ImageFilterCPU's `pack`).
uint pack(vec4 c) {
    vec4 v = roundEven(clamp(c, 0.0, 1.0) * 255.0);
    v.rgb = min(v.rgb, vec3(v.a));
    uvec4 u = uvec4(v);
    return u.r | (u.g << 8) | (u.b << 16) | (u.a << 24);
}

vec4 unpack(uint p) { return vec4(float(p & 255u), float((p >> 8) & 255u), float((p >> 16) & 255u), float(p >> 24)) / 255.0; }

// The blur's line: `n` values from `start`, `stride` apart, in `values` (buffer 0) or `otherValues` (1).
vec4 readValue(uint which, uint i) { return which == 0u ? values[i] : otherValues[i]; }
void writeValue(uint which, uint i, vec4 v) { if (which == 0u) values[i] = v; else otherValues[i] = v; }

/// Element `i` of the line (may lie beyond its ends: transparent, or the end values when clamping).
vec4 lineValue(uint which, uint start, uint stride, int n, int i, bool clamps) {
    if (i < 0 || i >= n) {
        if (!clamps) return vec4(0.0);
        i = clamp(i, 0, n - 1);
    }
    return readValue(which, start + uint(i) * stride);
}

/// Runs the `config.count` passes from `config.tableStart` along one line; returns the buffer that
/// holds the result. (ImageFilterCPU's `blurLine`.)
uint blurLine(uint start, uint stride, int n, uint which, bool clamps) {
    for (uint p = 0u; p < config.count; p++) {
        vec4 header = ramps[config.tableStart + p];
        uint to = 1u - which;
        if (uint(header.x) == BLUR_GAUSSIAN) {
            int taps = int(header.y);
            uint weights = uint(header.z);
            for (int x = 0; x < n; x++) {
                vec4 sum = ramps[weights].x * readValue(which, start + uint(x) * stride);
                for (int k = 1; k < taps; k++) {
                    sum += ramps[weights + uint(k)].x * (lineValue(which, start, stride, n, x - k, clamps)
                                                          + lineValue(which, start, stride, n, x + k, clamps));
                }
                writeValue(to, start + uint(x) * stride, sum);
            }
        } else {
            int left = int(header.y), right = int(header.z);
            float size = float(left + right + 1);
            vec4 sum = vec4(0.0);
            for (int i = -left; i <= right; i++) sum += lineValue(which, start, stride, n, i, clamps);
            for (int x = 0; x < n; x++) {
                writeValue(to, start + uint(x) * stride, sum / size);
                sum += lineValue(which, start, stride, n, x + right + 1, clamps);
                sum -= lineValue(which, start, stride, n, x - left, clamps);
            }
        }
        which = to;
    }
    return which;
}

void main() {
    uint index = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * IMAGE_FILTER_GROUP_SIZE + gl_LocalInvocationIndex;
    uint width = config.width, height = config.height;
    bool clamps = (config.flags & IMAGE_FILTER_CLAMPS_EDGES) != 0u;
    uint startBuffer = (config.flags & IMAGE_FILTER_STARTS_IN_OTHER_VALUES) != 0u ? 1u : 0u;
    if (config.pass == PASS_BLUR_ROWS) {
        if (index < height) blurLine(index * width, 1u, int(width), startBuffer, clamps);
        return;
    }
    if (config.pass == PASS_BLUR_COLUMNS) {
        if (index < width) blurLine(index, width, int(height), startBuffer, clamps);
        return;
    }
    if (index >= width * height) return;
    switch (config.pass) {
    case PASS_COLOR_STEPS: {
        Layer steps;
        steps.filterStart = config.tableStart;
        steps.filterCount = config.count;
        outputImage[index] = pack(applyFilters(steps, unpack(first[index])));
        break;
    }
    case PASS_ALPHA: {
        uint a = first[index] >> 24;
        outputImage[index] = ((config.flags & IMAGE_FILTER_INVERTED) != 0u ? 255u - a : a) << 24;
        break;
    }
    case PASS_UNPACK:
        values[index] = unpack(first[index]);
        break;
    case PASS_PACK:
        outputImage[index] = pack(readValue(startBuffer, index));
        break;
    case PASS_OFFSET: {
        // The output pixel at x takes the input at x - dx: between x - ix - 1 and x - ix.
        float fx = floor(config.params.x), fy = floor(config.params.y);
        float tx = config.params.x - fx, ty = config.params.y - fy;
        int x1 = int(index % width) - int(fx), y1 = int(index / width) - int(fy);
        vec4 t[4];
        for (int j = 0; j < 4; j++) {
            int sx = x1 - 1 + (j & 1), sy = y1 - 1 + (j >> 1);
            bool inside = sx >= 0 && sx < int(width) && sy >= 0 && sy < int(height);
            t[j] = inside ? unpack(first[uint(sy) * width + uint(sx)]) : vec4(0.0);
        }
        vec4 top = t[0] * tx + t[1] * (1.0 - tx);
        vec4 bottom = t[2] * tx + t[3] * (1.0 - tx);
        outputImage[index] = pack(top * ty + bottom * (1.0 - ty));
        break;
    }
    case PASS_CROP: {
        vec2 p = vec2(float(index % width), float(index / width));
        bool inside = p.x >= config.params.x && p.x < config.params.z && p.y >= config.params.y && p.y < config.params.w;
        outputImage[index] = inside ? first[index] : 0u;
        break;
    }
    case PASS_FLOOD:
        outputImage[index] = pack(config.params);
        break;
    case PASS_COMPOSITE: {
        vec4 s = unpack(first[index]), d = unpack(second[index]), c;
        vec4 k = config.params;
        switch (config.op) {
        case COMPOSITE_OVER: c = s + d * (1.0 - s.a); break;
        case COMPOSITE_SOURCE_IN: c = s * d.a; break;
        case COMPOSITE_SOURCE_OUT: c = s * (1.0 - d.a); break;
        case COMPOSITE_ATOP: c = s * d.a + d * (1.0 - s.a); break;
        case COMPOSITE_XOR: c = s * (1.0 - d.a) + d * (1.0 - s.a); break;
        case COMPOSITE_BLEND: c = blendApply(config.count, s, d); break;
        default: c = k.x * s * d + k.y * s + k.z * d + vec4(k.w); break;
        }
        outputImage[index] = pack(c);
        break;
    }
    }
}
