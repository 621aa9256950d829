import Foundation
import Shaders
import TileRenderGeometry

// Filters that read neighbouring pixels (blur, shadows, SVG's filter primitives) cannot run in the fine
// stage, which sees one pixel at a time. Content filtered by them is recorded as an offscreen group;
// the Renderer renders the group on its backend, runs the group's `ImageFilterProgram` over the image
// on the same backend (the CPU: `ImageFilterProgram.run`; Vulkan: compute passes of filter.comp, the
// same algorithm), and composites the program's outputs.
//
// Every step reads and writes premultiplied RGBA8 images of the program's frame (the offscreen's
// size): pixels outside the frame read as transparent. Values are computed in Float and rounded to
// 8 bits once per step, on both backends, so they agree to a level. A blur's rows pass keeps Float
// values for its columns pass (no rounding between the two).

/// A filter graph over an offscreen image: steps that each make an image from the source or earlier
/// steps, and the outputs that are composited, bottom first. Public only as a type (a filtered
/// `OffscreenGroup` carries one); it is built by `GraphicsContext.addFilter` and the SVG importer.
public struct ImageFilterProgram: Sendable, Equatable {
    /// An image a step reads.
    package enum Input: Sendable, Equatable {
        /// The group's rendered content.
        case source
        /// The image step `index` made (an earlier step).
        case step(Int)
    }

    /// Porter-Duff operators of two premultiplied images, `a` on top of `b` (SVG's feComposite).
    package enum CompositeOperator: Sendable, Equatable {
        case over, `in`, out, atop, xor
        /// k1 a b + k2 a + k3 b + k4 per channel, clamped, colour at most alpha.
        case arithmetic(k1: Float, k2: Float, k3: Float, k4: Float)
        /// `a` blended onto `b` with a blend mode (W3C Compositing; SVG's feBlend).
        case blend(GraphicsContext.BlendMode)
    }

    package enum Step: Sendable, Equatable {
        /// The colour filter steps (the fine stage's table layout, `GPUABI.filterStepSize`).
        case color([GraphicsContext.AppliedFilter], Input)
        /// The input's alpha, as black; `inverted`: 1 - alpha.
        case alpha(Input, inverted: Bool)
        /// A separable Gaussian blur with these standard deviations in pixels (0: none along that
        /// axis). `clampsEdges`: pixels beyond the frame repeat the edge instead of being transparent.
        case blur(Input, sigmaX: Float, sigmaY: Float, clampsEdges: Bool)
        /// The input moved by (dx, dy) pixels, sampled bilinearly.
        case offset(Input, dx: Float, dy: Float)
        /// The whole frame in one premultiplied colour (0...1).
        case flood(SIMD4<Float>)
        case composite(Input, over: Input, CompositeOperator)
        /// The input inside the pixels x0..<x1, y0..<y1 of the frame, transparent elsewhere (SVG's
        /// primitive subregions).
        case crop(Input, x0: Int, y0: Int, x1: Int, y1: Int)
    }

    /// An image the group draws, with the blend mode it is composited with.
    package struct Output: Sendable, Equatable {
        package var input: Input
        package var blendMode: GraphicsContext.BlendMode

        package init(input: Input, blendMode: GraphicsContext.BlendMode) { self.input = input; self.blendMode = blendMode }
    }

    package private(set) var steps: [Step] = []
    package var outputs: [Output] = []

    package init() {}

    /// The most steps a program holds: a chain of `GraphicsContext.maxFilters` filters needs at most
    /// a few per filter, and SVG graphs are cut at `maxSVGPrimitives`.
    package static let maxSteps = 4 * GraphicsContext.maxFilters

    /// Appends `step` and returns its image.
    @discardableResult
    package mutating func add(_ step: Step) -> Input {
        precondition(steps.count < Self.maxSteps, "image filter program over \(Self.maxSteps) steps")
        steps.append(step)
        return .step(steps.count - 1)
    }

    /// Replaces the last step (whose image nothing has read yet).
    package mutating func replaceLast(_ step: Step) { steps[steps.count - 1] = step }

    /// How far (device pixels, per axis) any step can move colour: the blurs' 3 sigma and the offsets,
    /// summed (a bound: content beyond the frame by more than this cannot reach it).
    package var reach: CGSize {
        var x: Float = 0, y: Float = 0
        for step in steps {
            switch step {
            case .blur(_, let sx, let sy, _): x += 3 * min(sx, BlurLine.maximumSigma); y += 3 * min(sy, BlurLine.maximumSigma)
            case .offset(_, let dx, let dy): x += abs(dx); y += abs(dy)
            default: continue
            }
        }
        let limit = Float(2 * Bitmap.maxDimension)
        func clamp(_ v: Float) -> CGFloat { v.isFinite ? CGFloat(min(v, limit).rounded(.up)) : CGFloat(limit) }
        return CGSize(width: clamp(x), height: clamp(y))
    }

    /// This program with its crop rectangles moved by (x, y) pixels: a program is built with them in
    /// device pixels, and runs over a frame whose origin is at (-x, -y).
    package func movingCrops(x: Int, y: Int) -> ImageFilterProgram {
        var moved = self
        moved.steps = steps.map { step in
            guard case .crop(let input, let x0, let y0, let x1, let y1) = step else { return step }
            return .crop(input, x0: x0 + x, y0: y0 + y, x1: x1 + x, y1: y1 + y)
        }
        return moved
    }

    /// True when the program draws nothing but its source, unchanged.
    package var isIdentity: Bool { steps.isEmpty && outputs == [Output(input: .source, blendMode: .normal)] }
}

/// How a blur runs along one axis: the passes, in order, over a line of pixels. Computed here once for
/// both backends (the GPU reads the same passes and weights).
///
/// Below σ = 2 it is one convolution with the Gaussian out to `ceil(3 σ)` pixels (less than 0.3% of
/// the curve lies beyond); from σ = 2 it is the SVG specification's approximation by three box blurs of
/// size d = floor(3 sqrt(2 pi) / 4 σ + 0.5) (for an even d: two of size d, centred half a pixel left
/// and right, and one of d + 1), which costs the same for any σ, as resvg, browsers and Skia do.
package enum BlurLine {
    package enum Pass: Sendable, Equatable {
        /// `weights[i]` multiplies the pixels `i` away on each side; `weights[0] + 2 * weights[1...]` is 1.
        case gaussian(weights: [Float])
        /// The mean of the pixels from `left` before to `right` after.
        case box(left: Int, right: Int)
    }

    /// Standard deviations below this blur nothing visible: no pass is run.
    package static let minimumSigma: Float = 0.05
    /// The largest standard deviation, in pixels: a larger one is clamped to it. A blur that wide
    /// (a radius of 200 pixels) already spreads a shape over 600 pixels each way; the cap bounds the
    /// frame a blur needs around its content.
    package static let maximumSigma: Float = 100
    /// From this σ on, three box blurs stand in for the Gaussian.
    package static let boxSigma: Float = 2

    package static func passes(sigma: Float) -> [Pass] {
        let sigma = min(sigma, maximumSigma)
        guard sigma >= minimumSigma else { return [] }
        if sigma < boxSigma {
            let radius = Int((3 * sigma).rounded(.up))
            var w = (0...radius).map { i in exp(-Float(i * i) / (2 * sigma * sigma)) }
            let total = w[0] + 2 * w[1...].reduce(0, +)
            for i in w.indices { w[i] /= total }
            return [.gaussian(weights: w)]
        }
        let d = Int((sigma * 3 * (2 * Float.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d % 2 == 1 { return Array(repeating: .box(left: d / 2, right: d / 2), count: 3) }
        return [.box(left: d / 2, right: d / 2 - 1), .box(left: d / 2 - 1, right: d / 2), .box(left: d / 2, right: d / 2)]
    }
}
