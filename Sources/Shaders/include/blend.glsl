// Blend modes (W3C Compositing and Blending; CoreGraphics' numbering), mirroring `Blend` in
// Sources/TileRender/Paint/BlendMode.swift. Colours are premultiplied.
#ifndef TILERENDER_BLEND_GLSL
#define TILERENDER_BLEND_GLSL

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

// The separable and non-separable modes on unpremultiplied colours.
vec3 mixMode(uint mode, vec3 cb, vec3 cs) {
    switch (mode) {
    case BLEND_MULTIPLY: return cb * cs;
    case BLEND_SCREEN: return cb + cs - cb * cs;
    case BLEND_OVERLAY: return vec3(hardLight(cs.r, cb.r), hardLight(cs.g, cb.g), hardLight(cs.b, cb.b));
    case BLEND_DARKEN: return min(cb, cs);
    case BLEND_LIGHTEN: return max(cb, cs);
    case BLEND_COLOR_DODGE: return vec3(colorDodge(cb.r, cs.r), colorDodge(cb.g, cs.g), colorDodge(cb.b, cs.b));
    case BLEND_COLOR_BURN: return vec3(colorBurn(cb.r, cs.r), colorBurn(cb.g, cs.g), colorBurn(cb.b, cs.b));
    case BLEND_SOFT_LIGHT: return vec3(softLight(cb.r, cs.r), softLight(cb.g, cs.g), softLight(cb.b, cs.b));
    case BLEND_HARD_LIGHT: return vec3(hardLight(cb.r, cs.r), hardLight(cb.g, cs.g), hardLight(cb.b, cs.b));
    case BLEND_DIFFERENCE: return abs(cb - cs);
    case BLEND_EXCLUSION: return cb + cs - 2.0 * cb * cs;
    case BLEND_HUE: return setLum(setSat(cs, sat(cb)), lum(cb));
    case BLEND_SATURATION: return setLum(setSat(cb, sat(cs)), lum(cb));
    case BLEND_COLOR: return setLum(cs, lum(cb));
    case BLEND_LUMINOSITY: return setLum(cb, lum(cs));
    default: return cs;
    }
}

// Premultiplied `s` composited onto premultiplied `d` with `mode` at full coverage.
vec4 blendApply(uint mode, vec4 s, vec4 d) {
    float sa = s.a, da = d.a;
    switch (mode) {
    case BLEND_CLEAR: return vec4(0.0);
    case BLEND_COPY: return s;
    case BLEND_SOURCE_IN: return s * da;
    case BLEND_SOURCE_OUT: return s * (1.0 - da);
    case BLEND_SOURCE_ATOP: return s * da + d * (1.0 - sa);
    case BLEND_DESTINATION_OVER: return s * (1.0 - da) + d;
    case BLEND_DESTINATION_IN: return d * sa;
    case BLEND_DESTINATION_OUT: return d * (1.0 - sa);
    case BLEND_DESTINATION_ATOP: return s * (1.0 - da) + d * sa;
    case BLEND_XOR: return s * (1.0 - da) + d * (1.0 - sa);
    case BLEND_PLUS_DARKER: {
        float a = min(1.0, sa + da);
        vec3 c = max(vec3(0.0), vec3(a) - ((vec3(da) - d.rgb) + (vec3(sa) - s.rgb)));
        return vec4(c, a);
    }
    case BLEND_PLUS_LIGHTER: return min(s + d, vec4(1.0));
    default: break;
    }
    vec3 cs = sa > 0.0 ? s.rgb / sa : vec3(0.0);
    vec3 cb = da > 0.0 ? d.rgb / da : vec3(0.0);
    vec3 rgb = s.rgb * (1.0 - da) + d.rgb * (1.0 - sa) + mixMode(mode, cb, cs) * (sa * da);
    return vec4(rgb, sa + da * (1.0 - sa));
}

#endif
