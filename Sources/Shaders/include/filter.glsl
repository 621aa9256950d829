// Colour filter steps (GPUABI.filterStepSize documents the table layout), mirroring
// `FineRasterizer.applyFilters` in Sources/TileRenderPipeline/Fine/Fine.swift. Needs the `ramps`
// buffer (the shared vec4 table) declared first. Colours in and out are premultiplied; the steps
// work on the unpremultiplied colour; pixels under FILTER_ALPHA_FLOOR are left alone.
#ifndef TILERENDER_FILTER_GLSL
#define TILERENDER_FILTER_GLSL

vec3 decodeSRGB(vec3 v) { return mix(pow((v + 0.055) / 1.055, vec3(2.4)), v / 12.92, lessThanEqual(v, vec3(0.04045))); }
vec3 encodeSRGB(vec3 v) { return mix(1.055 * pow(v, vec3(1.0 / 2.4)) - 0.055, v * 12.92, lessThanEqual(v, vec3(0.0031308))); }

vec4 applyFilters(Layer layer, vec4 color) {
    if (color.a < FILTER_ALPHA_FLOOR) return color;
    vec4 u = vec4(min(color.rgb / color.a, vec3(1.0)), min(color.a, 1.0));
    uint end = layer.filterStart + layer.filterCount * FILTER_STEP_SIZE;
    for (uint s = layer.filterStart; s < end; s += FILTER_STEP_SIZE) {
        vec4 header = ramps[s];
        uint space = uint(header.w);
        if (space == FILTER_SPACE_LINEAR_LIGHT || space == FILTER_SPACE_TO_LINEAR) u.rgb = decodeSRGB(u.rgb);
        if (header.x == float(FILTER_LUMINANCE_MASK)) {
            u = vec4(0.0, 0.0, 0.0, dot(u.rgb, vec3(0.2125, 0.7154, 0.0721)) * u.a);
        } else if (header.x == float(FILTER_ALPHA_THRESHOLD)) {
            u = (u.a >= header.y && u.a <= header.z) ? ramps[s + 1u] : vec4(0.0);
        } else {
            vec4 m = ramps[s + 5u];
            m += ramps[s + 1u] * u.r;
            m += ramps[s + 2u] * u.g;
            m += ramps[s + 3u] * u.b;
            m += ramps[s + 4u] * u.a;
            u = clamp(m, 0.0, 1.0);
        }
        if (space == FILTER_SPACE_LINEAR_LIGHT || space == FILTER_SPACE_TO_ENCODED) u.rgb = encodeSRGB(u.rgb);
        if (u.a <= 0.0) break;
    }
    float alpha = max(u.a, 0.0);
    return vec4(u.rgb * alpha, alpha);
}

#endif
