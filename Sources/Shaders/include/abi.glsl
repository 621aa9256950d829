// Generated from Sources/Shaders/GPUABI.swift by `swift run gpu-abi-header`; do not edit.
// Regenerate: swift run gpu-abi-header > Sources/Shaders/include/abi.glsl
#ifndef TILERENDER_ABI_GLSL
#define TILERENDER_ABI_GLSL

#define TILE_SIZE 16u
#define PIXELS_PER_TILE 256u
#define ACCUMULATOR_STRIDE 18u
#define MAX_LAYER_DEPTH 8
#define RAMP_SIZE 512u
#define NO_BACKDROP 0xFFFFFFFFu
#define NO_INDEX 0xFFFFFFFFu
#define FILTER_STEP_SIZE 6u
#define FILTER_ALPHA_FLOOR 0.0019607844
#define FILTER_STEP_HEADER 0u
#define FILTER_STEP_FIRST_COLUMN 1u
#define FILTER_STEP_CONSTANT_COLUMN 5u
#define LUMINANCE_WEIGHTS vec3(0.2125, 0.7154, 0.0721)

#define COMMAND_PATH_TILE 0x0u
#define COMMAND_PUSH_LAYER 0x40000000u
#define COMMAND_POP_LAYER 0x80000000u
#define COMMAND_KIND_MASK 0xC0000000u
#define COMMAND_INDEX_MASK 0x3FFFFFFFu

#define FLAG_CLIP_DRAW 0x1u
#define FLAG_INVERSE_CLIP 0x1u
#define BLEND_SHIFT 8u
#define BLEND_MASK 0xFFu

#define FEATURE_LAYERS 0x1u
#define FEATURE_FILTERS 0x2u
#define FEATURE_BLEND_MODES 0x4u
#define FEATURE_GRADIENTS 0x8u
#define FEATURE_IMAGES 0x10u
#define FEATURE_EVEN_ODD 0x20u
#define FEATURE_MASKS 0x40u
#define FLAG_MASK_DRAW 0x10000u
#define MASK_RUN_WORDS 4u
#define MASK_PLACEMENT_WORDS 5u
#define FEATURE_ALL 0x7Fu

#define SPEC_FEATURES 0
#define SPEC_PIXELS_PER_INVOCATION 1
#define SPEC_WORKGROUP_SIZE 2
#define DEFAULT_PIXELS_PER_INVOCATION 4u
#define DEFAULT_WORKGROUP_SIZE 64

#define PAINT_SOLID 0u
#define PAINT_LINEAR 1u
#define PAINT_RADIAL 2u
#define PAINT_CONIC 3u
#define PAINT_IMAGE 4u
#define PAINT_FOCAL 5u
#define PAINT_TILED_IMAGE 6u

#define SPREAD_PAD 0u
#define SPREAD_REPEAT 1u
#define SPREAD_MIRROR 2u

#define SAMPLING_BILINEAR 0u
#define SAMPLING_NEAREST 1u

#define FILTER_COLOR_MATRIX 0u
#define FILTER_ALPHA_THRESHOLD 1u
#define FILTER_LUMINANCE_MASK 2u

#define FILTER_SPACE_AS_IS 0u
#define FILTER_SPACE_LINEAR_LIGHT 1u
#define FILTER_SPACE_TO_LINEAR 2u
#define FILTER_SPACE_TO_ENCODED 3u

#define RULE_NON_ZERO 0u
#define RULE_EVEN_ODD 1u

#define BLEND_NORMAL 0u
#define BLEND_MULTIPLY 1u
#define BLEND_SCREEN 2u
#define BLEND_OVERLAY 3u
#define BLEND_DARKEN 4u
#define BLEND_LIGHTEN 5u
#define BLEND_COLOR_DODGE 6u
#define BLEND_COLOR_BURN 7u
#define BLEND_SOFT_LIGHT 8u
#define BLEND_HARD_LIGHT 9u
#define BLEND_DIFFERENCE 10u
#define BLEND_EXCLUSION 11u
#define BLEND_HUE 12u
#define BLEND_SATURATION 13u
#define BLEND_COLOR 14u
#define BLEND_LUMINOSITY 15u
#define BLEND_CLEAR 16u
#define BLEND_COPY 17u
#define BLEND_SOURCE_IN 18u
#define BLEND_SOURCE_OUT 19u
#define BLEND_SOURCE_ATOP 20u
#define BLEND_DESTINATION_OVER 21u
#define BLEND_DESTINATION_IN 22u
#define BLEND_DESTINATION_OUT 23u
#define BLEND_DESTINATION_ATOP 24u
#define BLEND_XOR 25u
#define BLEND_PLUS_DARKER 26u
#define BLEND_PLUS_LIGHTER 27u

#define BINDING_TILE_COMMAND_START 0
#define BINDING_TILE_COMMANDS 1
#define BINDING_PATH_TILES 2
#define BINDING_DRAWS 3
#define BINDING_LAYERS 4
#define BINDING_PAINTS 5
#define BINDING_RAMPS 6
#define BINDING_SEGMENTS 7
#define BINDING_BACKDROPS 8
#define BINDING_PIXELS 9
#define BINDING_IMAGES 10
#define BINDING_TILES 11
#define BINDING_MASK_RUNS 12
#define BINDING_MASK_PLACEMENTS 13
#define BINDING_MASK_VALUES 14

#define IMAGE_FILTER_GROUP_SIZE 256u
#define IMAGE_FILTER_CLAMPS_EDGES 0x1u
#define IMAGE_FILTER_INVERTED 0x2u
#define IMAGE_FILTER_STARTS_IN_OTHER_VALUES 0x4u

#define PASS_COLOR_STEPS 0u
#define PASS_ALPHA 1u
#define PASS_UNPACK 2u
#define PASS_BLUR_ROWS 3u
#define PASS_BLUR_COLUMNS 4u
#define PASS_PACK 5u
#define PASS_OFFSET 6u
#define PASS_FLOOD 7u
#define PASS_COMPOSITE 8u
#define PASS_CROP 9u

#define COMPOSITE_OVER 0u
#define COMPOSITE_SOURCE_IN 1u
#define COMPOSITE_SOURCE_OUT 2u
#define COMPOSITE_ATOP 3u
#define COMPOSITE_XOR 4u
#define COMPOSITE_ARITHMETIC 5u
#define COMPOSITE_BLEND 6u

#define BLUR_GAUSSIAN 0u
#define BLUR_BOX 1u

#define FILTER_BINDING_FIRST 0
#define FILTER_BINDING_SECOND 1
#define FILTER_BINDING_OUTPUT 2
#define FILTER_BINDING_VALUES 3
#define FILTER_BINDING_OTHER_VALUES 4
#define FILTER_BINDING_TABLE 5

// 16 bytes (std430)
struct Segment {
    float x0;  // offset 0
    float y0;  // offset 4
    float x1;  // offset 8
    float y1;  // offset 12
};

// 20 bytes (std430)
struct PathTile {
    uint drawIndex;  // offset 0
    uint tileIndex;  // offset 4
    uint segmentStart;  // offset 8
    uint segmentCount;  // offset 12
    uint backdropStart;  // offset 16
};

// 16 bytes (std430)
struct Draw {
    uint paintIndex;  // offset 0
    uint rule;  // offset 4
    uint layer;  // offset 8
    uint flags;  // offset 12
};

// 24 bytes (std430)
struct Layer {
    uint parent;  // offset 0
    uint clipDraw;  // offset 4
    uint flags;  // offset 8
    float opacity;  // offset 12
    uint filterStart;  // offset 16
    uint filterCount;  // offset 20
};

// 64 bytes (std430)
struct Paint {
    uint kind;  // offset 0
    uint lutStart;  // offset 4
    uint spread;  // offset 8
    uint imageHeight;  // offset 12
    vec4 color;  // offset 16
    float map[6];  // offset 32
    float params[2];  // offset 56
};

// 16 bytes (std430)
struct FineConfig {
    uint width;  // offset 0
    uint height;  // offset 4
    uint tilesX;  // offset 8
    uint tileRowStart;  // offset 12
};

// 48 bytes (std430)
struct FilterConfig {
    uint pass;  // offset 0
    uint width;  // offset 4
    uint height;  // offset 8
    uint flags;  // offset 12
    uint tableStart;  // offset 16
    uint count;  // offset 20
    uint op;  // offset 24
    uint pad;  // offset 28
    vec4 params;  // offset 32
};

// Image paints' names for Paint's words (GPUABI.imagePaintAliases).
uint firstTexel(Paint p) { return p.lutStart; }
uint imageWidth(Paint p) { return p.spread; }

// The sRGB transfer function and its inverse (GPUABI.SRGB).
vec3 decodeSRGB(vec3 v) { return mix(pow((v + 0.055) / 1.055, vec3(2.4)), v / 12.92, lessThanEqual(v, vec3(0.04045))); }
vec3 encodeSRGB(vec3 v) { return mix(1.055 * pow(v, vec3(1.0 / 2.4)) - 0.055, v * 12.92, lessThanEqual(v, vec3(0.0031308))); }

#endif
