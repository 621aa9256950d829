// The contract between the pipeline's CPU code and the GPU shaders, written once, here.
//
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Swift code (encoding, binning, the CPU fine stage, the Vulkan backend) uses these definitions;
// the GLSL header `Sources/Shaders/include/abi.glsl` is generated from them by
// `swift run gpu-abi-header > Sources/Shaders/include/abi.glsl` and checked in. `GPUABITests` fails
// when the checked-in header differs from what the generator writes, and checks the Swift structs'
// memory layout (and, on a Vulkan device, the shader's) against `GPUABI.structs`.

/// Constants, encodings and struct layouts shared by the CPU pipeline and the GPU shaders.
public enum GPUABI {
    /// Tile edge in pixels. Tiles are square; a fine-stage workgroup is one tile, one invocation per pixel.
    public static let tileSize = 16
    /// Pixels per tile.
    public static let pixelsPerTile = tileSize * tileSize
    /// Deepest layer nesting the fine shader supports (the CPU has no limit).
    public static let maxLayerDepth = 8
    /// Row stride of the fine stage's coverage accumulator: a row of pixels plus two columns that catch
    /// area at x = tileSize (never read).
    public static let accumulatorStride = tileSize + 2
    /// Entries per gradient colour ramp.
    public static let rampSize = 512
    /// Entries (vec4) of one colour filter step in the shared vec4 table (`ramps`): a header
    /// (kind, then its parameters) and five columns. A `colorMatrix` step maps the unpremultiplied
    /// colour c to clamp(c0 * c.r + c1 * c.g + c2 * c.b + c3 * c.a + c4, 0, 1); an `alphaThreshold`
    /// step (header.y = min, header.z = max) gives column 0 (an unpremultiplied colour) where
    /// min <= c.a <= max and transparent elsewhere. Pixels under `filterAlphaFloor` are left alone.
    /// The header's w is a `FilterColorSpace`: how the colour's red, green and blue are converted
    /// between sRGB encoding and linear light around the step.
    public static let filterStepSize = 1 + FilterStepEntry.columnCount

    /// Where a colour filter step's entries sit in the vec4 table, from the step's first entry: the
    /// header, then the colour matrix's columns (column k multiplies the colour's k-th component;
    /// the last column is the constant term). An `alphaThreshold` step keeps its colour in column 0.
    public enum FilterStepEntry {
        /// (kind, then its parameters, then the `FilterColorSpace`).
        public static let header = 0
        /// The first column (the one red multiplies).
        public static let firstColumn = 1
        /// Columns: red, green, blue and alpha's, then the constant term.
        public static let columnCount = 5
        /// The constant term's column (added unmultiplied).
        public static let constantColumn = firstColumn + columnCount - 1
    }

    /// The weights of red, green and blue in a colour's luminance (SVG's luminance masks and
    /// `luminanceToAlpha`, as resvg has them): a pixel's luminance is
    /// 0.2125 r + 0.7154 g + 0.0721 b of its colour.
    public static let luminanceWeights = SIMD3<Float>(0.2125, 0.7154, 0.0721)

    /// The sRGB transfer function and its inverse (IEC 61966-2-1), for values in 0...1: the one
    /// definition Swift (`decode`, `encode`, in Float and Double) and the shaders (`decodeSRGB`,
    /// `encodeSRGB` in abi.glsl, generated from these constants) use.
    public enum SRGB {
        /// Encoded values at or under this decode linearly (divided by `linearSlope`).
        public static let decodeThreshold = 0.04045
        /// Linear values at or under this encode linearly (multiplied by `linearSlope`).
        public static let encodeThreshold = 0.0031308
        public static let linearSlope = 12.92
        /// The curve: linear = ((encoded + offset) / (1 + offset)) ^ gamma.
        public static let offset = 0.055
        public static let gamma = 2.4

        /// sRGB-encoded to linear light.
        @inlinable public static func decode(_ v: Double) -> Double {
            v <= decodeThreshold ? v / linearSlope : pow((v + offset) / (1 + offset), gamma)
        }
        /// Linear light to sRGB-encoded.
        @inlinable public static func encode(_ v: Double) -> Double {
            v <= encodeThreshold ? v * linearSlope : (1 + offset) * pow(v, 1 / gamma) - offset
        }
        /// `decode` in Float arithmetic (filter.glsl's precision).
        @inlinable public static func decode(_ v: Float) -> Float {
            v <= Float(decodeThreshold) ? v / Float(linearSlope) : pow((v + Float(offset)) / Float(1 + offset), Float(gamma))
        }
        /// `encode` in Float arithmetic (filter.glsl's precision).
        @inlinable public static func encode(_ v: Float) -> Float {
            v <= Float(encodeThreshold) ? v * Float(linearSlope) : Float(1 + offset) * pow(v, 1 / Float(gamma)) - Float(offset)
        }
    }

    /// A colour filter step's header.w: the sRGB conversions run around the step. `toLinear` and
    /// `toEncoded` leave the colour in the other space, for image filter programs that keep an
    /// intermediate image in linear light (SVG's color-interpolation-filters).
    public enum FilterColorSpace: UInt32, CaseIterable, Sendable {
        /// The step works on the values as they are.
        case asIs = 0
        /// Decoded from sRGB before the step, encoded after it.
        case linearLight = 1
        /// Decoded from sRGB before the step; left in linear light.
        case toLinear = 2
        /// Encoded to sRGB after the step (the values were linear).
        case toEncoded = 3

        public var decodesBefore: Bool { self == .linearLight || self == .toLinear }
        public var encodesAfter: Bool { self == .linearLight || self == .toEncoded }
    }

    /// Filters leave pixels with less alpha than this alone: half an 8-bit level, so a pixel that an
    /// 8-bit layer would hold as transparent (a sliver of antialiased edge) is not given colour and
    /// alpha by a filter that works on the unpremultiplied colour (luminanceToAlpha, alphaThreshold).
    public static let filterAlphaFloor: Float = 0.5 / 255

    /// `FilterStep` header kind (`Float(rawValue)` in the header's x).
    public enum FilterKind: UInt32, CaseIterable, Sendable {
        case colorMatrix = 0
        case alphaThreshold = 1
        /// Black at alpha (0.2125 r + 0.7154 g + 0.0721 b) x a: the luminance of the premultiplied
        /// colour (SVG's luminance masks).
        case luminanceMask = 2
    }

    /// `PathTile.backdropStart` when all of a tile's backdrops are zero.
    public static let noBackdrop = UInt32.max
    /// A missing layer or clip draw (`EncodedLayer.parent`, `.clipDraw`, `BinnedDraw.layer`).
    public static let noIndex = UInt32.max

    /// Tile command words: the top two bits say what the low 30 bits index.
    public enum TileCommand {
        /// Low bits: an index into `pathTiles` (a fill, or a layer's clip path).
        public static let pathTile: UInt32 = 0
        /// Low bits: a layer id to open.
        public static let pushLayer: UInt32 = 1 << 30
        /// Low bits: a layer id to close (composite through its mask).
        public static let popLayer: UInt32 = 2 << 30
        public static let kindMask: UInt32 = 3 << 30
        public static let indexMask: UInt32 = (1 << 30) - 1
    }

    /// `Paint.kind`.
    public enum PaintKind: UInt32, CaseIterable, Sendable {
        case solid = 0
        /// t = g.x
        case linear = 1
        /// t = (length(g) - params[0]) * params[1]
        case radial = 2
        /// t = (atan2(g.y, g.x) - params[0], wrapped to [0, 2pi)) * params[1]
        case conic = 3
        /// A bitmap: `firstTexel` is its first texel in `images`, `imageWidth` and `imageHeight` its
        /// size (`imagePaintAliases`: the first two share the words of a gradient's `lutStart` and
        /// `spread`); `map` takes device points to texel coordinates; `color.w` is the opacity.
        case image = 4
        /// Focal radial: the focus at the origin, the end circle (radius 1) centred at (params[0], 0).
        case focal = 5
        /// A bitmap repeated in both directions (`image`'s fields; texel coordinates wrap).
        case tiledImage = 6
    }

    /// How an image paint samples its texels: `Paint.params[0]` of `image` and `tiledImage` paints
    /// holds the raw value (as a float).
    public enum ImageSampling: UInt32, CaseIterable, Sendable {
        /// The four nearest texels, weighted (`Image.Interpolation` low, medium, high).
        case bilinear = 0
        /// The texel the point falls in (`Image.Interpolation.none`).
        case nearest = 1
    }

    /// `Paint.spread` of gradients: what happens beyond t = 0...1.
    public enum Spread: UInt32, CaseIterable, Sendable {
        case pad = 0
        case `repeat` = 1
        case mirror = 2
    }

    /// `Draw.rule`.
    public enum FillRule: UInt32, CaseIterable, Sendable {
        case nonZero = 0
        case evenOdd = 1
    }

    /// Blend-mode ids in `Draw.flags` and `Layer.flags` (CoreGraphics' numbering; 0 is source-over).
    public enum BlendID: UInt32, CaseIterable, Sendable {
        case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight
        case hardLight, difference, exclusion, hue, saturation, color, luminosity
        case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
        case destinationAtop, xor, plusDarker, plusLighter
    }

    /// Bits of `Draw.flags` and `Layer.flags`.
    public enum Flags {
        /// `Draw.flags`: the draw is its layer's clip path (its coverage becomes the mask).
        public static let clipDraw: UInt32 = 1
        /// `Layer.flags`: the clip keeps the outside of its path.
        public static let inverseClip: UInt32 = 1
        /// `Draw.flags`: the draw is a mask draw (a run of glyph masks): its coverage is the sum of the
        /// averaged winding of the run's masks that reach the pixel, folded nonzero (min(1, |sum|)),
        /// not its path tiles' segments. Its run is `maskRuns[drawIndex]`.
        public static let maskDraw: UInt32 = 1 << 16
        /// Both: the blend id sits in bits `blendShift ..< blendShift + 8`.
        public static let blendShift: UInt32 = 8
        public static let blendMask: UInt32 = 0xFF
    }

    /// What a scene uses, as the fine shader's specialization constant 0 (`FINE_FEATURES`): the backend
    /// picks a pipeline specialised for the scene's features, so the code of the others is compiled
    /// out. Software Vulkan (lavapipe) runs both sides of every branch its lanes take in common, so code
    /// a scene never reaches still costs time per pixel unless it is compiled out; on a GPU it costs
    /// registers. A bit that is set only enables code; `all` is always correct.
    public enum FineFeature {
        /// Layers: push and pop commands and clip draws.
        public static let layers: UInt32 = 1
        /// Colour filters on layers (`Layer.filterCount` not zero).
        public static let filters: UInt32 = 2
        /// Blend modes other than `normal` on draws or layers.
        public static let blendModes: UInt32 = 4
        /// Gradient paints (linear, radial, conic, focal).
        public static let gradients: UInt32 = 8
        /// Image paints (image, tiledImage).
        public static let images: UInt32 = 16
        /// Even-odd fills.
        public static let evenOdd: UInt32 = 32
        /// Mask draws (runs of glyph masks: `Flags.maskDraw`).
        public static let masks: UInt32 = 64
        public static let all: UInt32 = 127
    }

    /// The fine shader's specialization constants (their ids) and the two shapes of its workgroup. An
    /// invocation draws `pixelsPerInvocation` pixels side by side in one row of a tile, and a workgroup
    /// (one per tile) has `workgroupSize(pixelsPerInvocation:)` invocations. GPUs get `gpuPixelsPerInvocation`
    /// (4: 64 invocations a tile, few registers each, as Vello); CPU devices such as lavapipe get
    /// `softwarePixelsPerInvocation` (16: an invocation per row, 2 SIMD vectors of 8 a tile, so the
    /// per-command and per-segment set-up runs 2 times a tile instead of 8). The pixels are identical.
    public enum FineSpecialization {
        /// `FINE_FEATURES` (`FineFeature` bits).
        public static let features: UInt32 = 0
        /// `PIXELS_PER_INVOCATION`: 1, 2, 4, 8 or 16.
        public static let pixelsPerInvocation: UInt32 = 1
        /// The workgroup's x size (`local_size_x_id`).
        public static let workgroupSize: UInt32 = 2
        public static let gpuPixelsPerInvocation = 4
        public static let softwarePixelsPerInvocation = 16
        public static func workgroupSize(pixelsPerInvocation: Int) -> Int { pixelsPerTile / pixelsPerInvocation }
    }

    /// The fine shader's storage buffers, by binding number (descriptor set 0).
    public enum Binding: UInt32, CaseIterable, Sendable {
        case tileCommandStart = 0, tileCommands, pathTiles, draws, layers, paints, ramps, segments, backdrops
        case pixels, images
        /// The tiles with commands: a count, then that many tile indices (`tileY * tilesX + x`), one
        /// workgroup each. Tiles without commands leave their pixels alone, so none is dispatched.
        case tiles
        /// Per draw, `maskRunWords` words: a mask draw's first placement, its placement count and the
        /// widest placement (placements are sorted by x); unused for other draws.
        case maskRuns
        /// `maskPlacementWords` words per placed mask: x, y (device pixels of its pixel (0, 0), as
        /// Int32 bits), width, height, and its first value in `maskValues`.
        case maskPlacements
        /// The masks' values (averaged signed winding per pixel, row-major floats).
        case maskValues
    }

    /// Words per draw in `Binding.maskRuns` (start, count, maxWidth, unused).
    public static let maskRunWords = 4
    /// Words per placement in `Binding.maskPlacements` (x, y, width, height, first value).
    public static let maskPlacementWords = 5

    // MARK: Image filters (filter.comp; the CPU half is ImageFilterCPU.swift)

    /// Invocations per workgroup of filter.comp (one dimension). A pass over pixels runs one invocation
    /// per pixel, a blur pass one per line (row or column).
    public static let imageFilterGroupSize = 256
    /// Workgroups per row of a filter dispatch's grid: a dispatch of n groups is `min(n, this)` wide
    /// and as many rows tall as it takes (the first grid dimension may be as small as 65535).
    public static let imageFilterGridWidth = 4096

    /// filter.comp's passes (`FilterConfig.pass`).
    public enum ImageFilterPass: UInt32, CaseIterable, Sendable {
        /// `output` = the colour steps in `table` (`count` steps from `tableStart`) applied to `first`.
        case colorSteps = 0
        /// `output` = black at `first`'s alpha (or 1 - alpha with `inverted`).
        case alpha
        /// `values` = `first` as premultiplied floats.
        case unpack
        /// Each row of the blur's buffer gets the `count` blur passes described from `tableStart`.
        case blurRows
        /// The same for each column.
        case blurColumns
        /// `output` = the blur's buffer rounded to 8 bits.
        case pack
        /// `output` = `first` moved by params.xy, sampled bilinearly.
        case offset
        /// `output` = params (a premultiplied colour) everywhere.
        case flood
        /// `output` = `first` composited over `second` by `op` (a `CompositeOperator`; params = k1...k4
        /// for `arithmetic`, `count` = the `BlendID` for `blend`).
        case composite
        /// `output` = `first` where params.x <= x < params.z and params.y <= y < params.w, else transparent.
        case crop
    }

    /// `FilterConfig.op` of the composite pass (SVG's feComposite operators, and feBlend's `blend`
    /// with a blend mode).
    public enum CompositeOperator: UInt32, CaseIterable, Sendable {
        case over = 0, sourceIn, sourceOut, atop, xor, arithmetic, blend
    }

    /// A blur pass's header in the table: (kind, then a gaussian's tap count and first weight entry,
    /// or a box's left and right extents); a weight is one entry's x.
    public enum BlurPassKind: UInt32, CaseIterable, Sendable {
        case gaussian = 0, box
    }

    /// `FilterConfig.flags` bits.
    public enum ImageFilterFlags {
        /// Lines read their end pixels beyond their ends instead of transparency.
        public static let clampsEdges: UInt32 = 1 << 0
        /// The alpha pass gives 1 - alpha.
        public static let inverted: UInt32 = 1 << 1
        /// The blur or pack pass starts from `otherValues` instead of `values`.
        public static let startsInOtherValues: UInt32 = 1 << 2
    }

    /// filter.comp's storage buffers, by binding number (descriptor set 0).
    public enum ImageFilterBinding: UInt32, CaseIterable, Sendable {
        case first = 0, second, output, values, otherValues, table
    }

    /// filter.comp's push constants.
    public struct FilterConfig: Sendable, Equatable {
        public var pass: UInt32
        public var width: UInt32
        public var height: UInt32
        public var flags: UInt32
        public var tableStart: UInt32
        public var count: UInt32
        public var op: UInt32
        public var pad: UInt32 = 0
        public var params: SIMD4<Float>

        public init(pass: ImageFilterPass, width: UInt32, height: UInt32, flags: UInt32 = 0, tableStart: UInt32 = 0, count: UInt32 = 0,
                    op: UInt32 = 0, params: SIMD4<Float> = .zero) {
            self.pass = pass.rawValue; self.width = width; self.height = height; self.flags = flags
            self.tableStart = tableStart; self.count = count; self.op = op; self.params = params
        }
    }

    /// The fine shader's push constants.
    public struct FineConfig: Sendable, Equatable {
        public var width: UInt32
        public var height: UInt32
        public var tilesX: UInt32
        /// The first tile row of the band being drawn (workgroup y counts from it); the pixel buffer
        /// holds the band's pixel rows only, from `tileRowStart * tileSize`.
        public var tileRowStart: UInt32

        public init(width: UInt32, height: UInt32, tilesX: UInt32, tileRowStart: UInt32) {
            self.width = width
            self.height = height
            self.tilesX = tilesX
            self.tileRowStart = tileRowStart
        }
    }

    // MARK: Struct layouts (std430)

    public enum FieldType: Equatable, Sendable {
        case uint, float, vec4
        case floatArray(Int)

        var glsl: String {
            switch self {
            case .uint: return "uint"
            case .float: return "float"
            case .vec4: return "vec4"
            case .floatArray: return "float"
            }
        }
        /// std430 size and alignment in bytes.
        var size: Int {
            switch self {
            case .uint, .float: return 4
            case .vec4: return 16
            case .floatArray(let n): return 4 * n
            }
        }
        var alignment: Int { self == .vec4 ? 16 : 4 }
    }

    public struct Field: Equatable, Sendable {
        public let name: String
        public let type: FieldType
        /// Byte offset in the std430 struct.
        public let offset: Int
    }

    /// A struct as the shaders read it; Swift's struct of the same role must have these offsets.
    public struct StructLayout: Sendable {
        public let name: String
        public let fields: [Field]
        /// std430 size (and array stride) in bytes.
        public let size: Int

        init(_ name: String, _ members: [(String, FieldType)]) {
            var offset = 0, alignment = 4
            var fields: [Field] = []
            for (fieldName, type) in members {
                offset = (offset + type.alignment - 1) / type.alignment * type.alignment
                fields.append(Field(name: fieldName, type: type, offset: offset))
                offset += type.size
                alignment = max(alignment, type.alignment)
            }
            self.name = name
            self.fields = fields
            size = (offset + alignment - 1) / alignment * alignment
        }

        public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    }

    /// A segment inside one tile, in tile-local pixels (0...tileSize), in path direction (`TileSegment`).
    public static let segment = StructLayout("Segment", [("x0", .float), ("y0", .float), ("x1", .float), ("y1", .float)])
    /// One draw's presence in one tile (`PathTile`).
    public static let pathTile = StructLayout("PathTile", [("drawIndex", .uint), ("tileIndex", .uint),
                                                           ("segmentStart", .uint), ("segmentCount", .uint),
                                                           ("backdropStart", .uint)])
    /// Per-draw data of the fine stage (`BinnedDraw`).
    public static let draw = StructLayout("Draw", [("paintIndex", .uint), ("rule", .uint), ("layer", .uint), ("flags", .uint)])
    /// A clip or group layer (`EncodedLayer`).
    /// `filterStart` indexes the vec4 table (`ramps`) where its `filterCount` filter steps begin.
    public static let layer = StructLayout("Layer", [("parent", .uint), ("clipDraw", .uint), ("flags", .uint), ("opacity", .float),
                                                     ("filterStart", .uint), ("filterCount", .uint)])
    /// One paint in device space (`EncodedPaint`).
    /// Its words 1 and 2 mean one thing for gradients (`lutStart`, `spread`) and another for image
    /// paints, which read them under their own names (`imagePaintAliases`); word 3 only images use.
    public static let paint = StructLayout("Paint", [("kind", .uint), ("lutStart", .uint), ("spread", .uint), ("imageHeight", .uint),
                                                     ("color", .vec4), ("map", .floatArray(6)), ("params", .floatArray(2))])
    /// The names image paints read `Paint`'s words under: (name, the stored field). Swift's
    /// `EncodedPaint` has a property of each name; abi.glsl has a function of each (`imageWidth(p)`).
    public static let imagePaintAliases: [(name: String, field: String)] = [("firstTexel", "lutStart"), ("imageWidth", "spread")]
    /// The push constants (`FineConfig`).
    public static let fineConfig = StructLayout("FineConfig", [("width", .uint), ("height", .uint), ("tilesX", .uint),
                                                               ("tileRowStart", .uint)])

    /// The push constants of filter.comp (`FilterConfig`).
    public static let filterConfig = StructLayout("FilterConfig", [("pass", .uint), ("width", .uint), ("height", .uint), ("flags", .uint),
                                                                   ("tableStart", .uint), ("count", .uint), ("op", .uint), ("pad", .uint),
                                                                   ("params", .vec4)])

    public static let structs: [StructLayout] = [segment, pathTile, draw, layer, paint, fineConfig, filterConfig]

    // MARK: The GLSL header

    /// The text of `include/abi.glsl`.
    public static var glslHeader: String {
        var lines = [
            "// Generated from Sources/Shaders/GPUABI.swift by `swift run gpu-abi-header`; do not edit.",
            "// Regenerate: swift run gpu-abi-header > Sources/Shaders/include/abi.glsl",
            "#ifndef TILERENDER_ABI_GLSL",
            "#define TILERENDER_ABI_GLSL",
            "",
            "#define TILE_SIZE \(tileSize)u",
            "#define PIXELS_PER_TILE \(pixelsPerTile)u",
            "#define ACCUMULATOR_STRIDE \(accumulatorStride)u",
            "#define MAX_LAYER_DEPTH \(maxLayerDepth)",
            "#define RAMP_SIZE \(rampSize)u",
            "#define NO_BACKDROP \(hex(noBackdrop))",
            "#define NO_INDEX \(hex(noIndex))",
            "#define FILTER_STEP_SIZE \(filterStepSize)u",
            "#define FILTER_ALPHA_FLOOR \(filterAlphaFloor)",
            "#define FILTER_STEP_HEADER \(FilterStepEntry.header)u",
            "#define FILTER_STEP_FIRST_COLUMN \(FilterStepEntry.firstColumn)u",
            "#define FILTER_STEP_CONSTANT_COLUMN \(FilterStepEntry.constantColumn)u",
            "#define LUMINANCE_WEIGHTS vec3(\(luminanceWeights.x), \(luminanceWeights.y), \(luminanceWeights.z))",
            "",
            "#define COMMAND_PATH_TILE \(hex(TileCommand.pathTile))",
            "#define COMMAND_PUSH_LAYER \(hex(TileCommand.pushLayer))",
            "#define COMMAND_POP_LAYER \(hex(TileCommand.popLayer))",
            "#define COMMAND_KIND_MASK \(hex(TileCommand.kindMask))",
            "#define COMMAND_INDEX_MASK \(hex(TileCommand.indexMask))",
            "",
            "#define FLAG_CLIP_DRAW \(hex(Flags.clipDraw))",
            "#define FLAG_INVERSE_CLIP \(hex(Flags.inverseClip))",
            "#define BLEND_SHIFT \(Flags.blendShift)u",
            "#define BLEND_MASK \(hex(Flags.blendMask))",
            "",
            "#define FEATURE_LAYERS \(hex(FineFeature.layers))",
            "#define FEATURE_FILTERS \(hex(FineFeature.filters))",
            "#define FEATURE_BLEND_MODES \(hex(FineFeature.blendModes))",
            "#define FEATURE_GRADIENTS \(hex(FineFeature.gradients))",
            "#define FEATURE_IMAGES \(hex(FineFeature.images))",
            "#define FEATURE_EVEN_ODD \(hex(FineFeature.evenOdd))",
            "#define FEATURE_MASKS \(hex(FineFeature.masks))",
            "#define FLAG_MASK_DRAW \(hex(Flags.maskDraw))",
            "#define MASK_RUN_WORDS \(maskRunWords)u",
            "#define MASK_PLACEMENT_WORDS \(maskPlacementWords)u",
            "#define FEATURE_ALL \(hex(FineFeature.all))",
            "",
            "#define SPEC_FEATURES \(FineSpecialization.features)",
            "#define SPEC_PIXELS_PER_INVOCATION \(FineSpecialization.pixelsPerInvocation)",
            "#define SPEC_WORKGROUP_SIZE \(FineSpecialization.workgroupSize)",
            "#define DEFAULT_PIXELS_PER_INVOCATION \(FineSpecialization.gpuPixelsPerInvocation)u",
            "#define DEFAULT_WORKGROUP_SIZE \(FineSpecialization.workgroupSize(pixelsPerInvocation: FineSpecialization.gpuPixelsPerInvocation))",
            "",
        ]
        lines += PaintKind.allCases.map { "#define PAINT_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += Spread.allCases.map { "#define SPREAD_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += ImageSampling.allCases.map { "#define SAMPLING_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += FilterKind.allCases.map { "#define FILTER_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += FilterColorSpace.allCases.map { "#define FILTER_SPACE_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += FillRule.allCases.map { "#define RULE_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += BlendID.allCases.map { "#define BLEND_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += Binding.allCases.map { "#define BINDING_\(macroName("\($0)")) \($0.rawValue)" } + [""]
        lines += ["#define IMAGE_FILTER_GROUP_SIZE \(imageFilterGroupSize)u",
                  "#define IMAGE_FILTER_CLAMPS_EDGES \(hex(ImageFilterFlags.clampsEdges))",
                  "#define IMAGE_FILTER_INVERTED \(hex(ImageFilterFlags.inverted))",
                  "#define IMAGE_FILTER_STARTS_IN_OTHER_VALUES \(hex(ImageFilterFlags.startsInOtherValues))", ""]
        lines += ImageFilterPass.allCases.map { "#define PASS_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += CompositeOperator.allCases.map { "#define COMPOSITE_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += BlurPassKind.allCases.map { "#define BLUR_\(macroName("\($0)")) \($0.rawValue)u" } + [""]
        lines += ImageFilterBinding.allCases.map { "#define FILTER_BINDING_\(macroName("\($0)")) \($0.rawValue)" } + [""]
        for layout in structs {
            lines.append("// \(layout.size) bytes (std430)")
            lines.append("struct \(layout.name) {")
            for field in layout.fields {
                let array = if case .floatArray(let n) = field.type { "[\(n)]" } else { "" }
                lines.append("    \(field.type.glsl) \(field.name)\(array);  // offset \(field.offset)")
            }
            lines.append("};")
            lines.append("")
        }
        lines.append("// Image paints' names for Paint's words (GPUABI.imagePaintAliases).")
        lines += imagePaintAliases.map { "uint \($0.name)(Paint p) { return p.\($0.field); }" } + [""]
        // Float literals as Swift prints them (the shortest that reads back to the same Float).
        let (threshold, encodeThreshold) = (Float(SRGB.decodeThreshold), Float(SRGB.encodeThreshold))
        let (slope, offset, scale, gamma) = (Float(SRGB.linearSlope), Float(SRGB.offset), Float(1 + SRGB.offset), Float(SRGB.gamma))
        lines += ["// The sRGB transfer function and its inverse (GPUABI.SRGB).",
                  "vec3 decodeSRGB(vec3 v) { return mix(pow((v + \(offset)) / \(scale), vec3(\(gamma))), v / \(slope), lessThanEqual(v, vec3(\(threshold)))); }",
                  "vec3 encodeSRGB(vec3 v) { return mix(\(scale) * pow(v, vec3(1.0 / \(gamma))) - \(offset), v * \(slope), lessThanEqual(v, vec3(\(encodeThreshold)))); }",
                  ""]
        lines.append("#endif")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func hex(_ value: UInt32) -> String {
        "0x" + String(value, radix: 16, uppercase: true) + "u"
    }

    /// `colorDodge` -> `COLOR_DODGE`.
    public static func macroName(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase, !out.isEmpty { out.append("_") }
            out += c.uppercased()
        }
        return out
    }
}
