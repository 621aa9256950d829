// Colour filter steps (GPUABI.filterStepSize documents the table layout), mirroring
// `FineRasterizer.applyFilters` in Sources/TileRenderPipeline/Fine/Fine.swift. Needs the `ramps`
// buffer (the shared vec4 table) declared first. The sRGB transfer (decodeSRGB, encodeSRGB), the
// luminance weights and the step's entries (FILTER_STEP_*) come from abi.glsl (GPUABI.swift). Colours in and out are premultiplied; the steps
// work on the unpremultiplied colour; pixels under FILTER_ALPHA_FLOOR are left alone.
#ifndef TILERENDER_FILTER_GLSL
#define TILERENDER_FILTER_GLSL

vec4 applyFilters(Layer layer, vec4 color) {
    if (color.a < FILTER_ALPHA_FLOOR) return color;
    vec4 u = vec4(min(color.rgb / color.a, vec3(1.0)), min(color.a, 1.0));
    uint end = layer.filterStart + layer.filterCount * FILTER_STEP_SIZE;
    for (uint s = layer.filterStart; s < end; s += FILTER_STEP_SIZE) {
        vec4 header = ramps[s + FILTER_STEP_HEADER];
        uint space = uint(header.w);
        if (space == FILTER_SPACE_LINEAR_LIGHT || space == FILTER_SPACE_TO_LINEAR) u.rgb = decodeSRGB(u.rgb);
        if (header.x == float(FILTER_LUMINANCE_MASK)) {
            u = vec4(0.0, 0.0, 0.0, dot(u.rgb, LUMINANCE_WEIGHTS) * u.a);
        } else if (header.x == float(FILTER_ALPHA_THRESHOLD)) {
            u = (u.a >= header.y && u.a <= header.z) ? ramps[s + FILTER_STEP_FIRST_COLUMN] : vec4(0.0);
        } else {
            uint c = s + FILTER_STEP_FIRST_COLUMN;
            vec4 m = ramps[s + FILTER_STEP_CONSTANT_COLUMN];
            m += ramps[c] * u.r;
            m += ramps[c + 1u] * u.g;
            m += ramps[c + 2u] * u.b;
            m += ramps[c + 3u] * u.a;
            u = clamp(m, 0.0, 1.0);
        }
        if (space == FILTER_SPACE_LINEAR_LIGHT || space == FILTER_SPACE_TO_ENCODED) u.rgb = encodeSRGB(u.rgb);
        if (u.a <= 0.0) break;
    }
    float alpha = max(u.a, 0.0);
    return vec4(u.rgb * alpha, alpha);
}

#endif
