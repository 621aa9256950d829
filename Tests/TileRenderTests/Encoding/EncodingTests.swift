import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Evaluates an encoded paint's device -> gradient-space map at a device point.
private func gradientPoint(_ p: EncodedPaint, _ device: CGPoint) -> SIMD2<Double> {
    let (m0, m1, m2, m3, m4, m5) = p.map
    let x = Double(device.x), y = Double(device.y)
    return SIMD2(Double(m0) * x + Double(m2) * y + Double(m4), Double(m1) * x + Double(m3) * y + Double(m5))
}

/// The encoding of one draw call made with `transform` and `opacity`.
private func encodeOne(transform: CGAffineTransform = .identity, opacity: Double = 1,
                       _ body: (inout GraphicsContext) -> Void) -> EncodedScene {
    var scene = Scene(size: CGSize(width: 64, height: 64))
    scene.draw { ctx in
        ctx.transform = transform
        ctx.opacity = opacity
        body(&ctx)
    }
    return EncodedScene(scene)
}

private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

private let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
private let redToBlue = Gradient(colors: [.red, .blue])

/// A few transforms: rotation, non-uniform scale, skew, translation, mirroring.
private let transforms: [CGAffineTransform] = [
    .identity,
    CGAffineTransform(rotationAngle: 0.7).translatedBy(x: 13, y: -4),
    CGAffineTransform(a: 3, b: 0.5, c: -1.25, d: 0.4, tx: 20, ty: 7),
    CGAffineTransform(scaleX: -2, y: 0.5).rotated(by: 2.1),
]

private func apply(_ t: CGAffineTransform, _ p: CGPoint) -> CGPoint { p.applying(t) }

/// Scene encoding: paints in device space, gradients normalised so the shader's Float arithmetic stays
/// near 1, ramps shared, invisible draws dropped, layers and clip draws linked.
@Suite struct EncodingTests {
    @Test func solidColoursArePremultipliedAtTheContextsOpacity() throws {
        let e = encodeOne(opacity: 0.5) { $0.fill(square, with: .color(Color(red: 1, green: 0.5, blue: 0, opacity: 0.5))) }
        let paint = try #require(e.paints.first)
        #expect(e.draws.count == 1 && paint.kind == EncodedPaint.Kind.solid.rawValue)
        #expect(paint.color == SIMD4(0.25, 0.125, 0, 0.25))
        // Components beyond 0...1 are clamped before premultiplying.
        let bright = encodeOne { $0.fill(square, with: .color(Color(red: 2, green: -1, blue: 0.5))) }
        #expect(bright.paints.first?.color == SIMD4(1, 0, 0.5, 1))
    }

    @Test func drawsThatCannotShowAreNotEncoded() {
        let invisible: [(String, EncodedScene)] = [
            ("zero opacity", encodeOne(opacity: 0) { $0.fill(square, with: .color(.red)) }),
            ("NaN opacity", encodeOne(opacity: .nan) { $0.fill(square, with: .color(.red)) }),
            ("clear colour", encodeOne { $0.fill(square, with: .color(.clear)) }),
            ("singular transform", encodeOne(transform: CGAffineTransform(scaleX: 0, y: 1)) { $0.fill(square, with: .color(.red)) }),
            ("infinite transform", encodeOne(transform: CGAffineTransform(scaleX: .infinity, y: 1)) {
                $0.stroke(square, with: .color(.red), lineWidth: 2)
            }),
            ("gradient without stops", encodeOne {
                $0.fill(square, with: .linearGradient(Gradient(stops: []), startPoint: .zero, endPoint: CGPoint(x: 9, y: 0)))
            }),
        ]
        for (name, e) in invisible { #expect(e.draws.isEmpty && e.paints.isEmpty, "\(name)") }
        // The same draw, visible, is encoded: the cases above are not empty for another reason.
        #expect(encodeOne { $0.fill(square, with: .color(.red)) }.draws.count == 1)
    }

    @Test func drawsKeepTheirTransformRuleStrokeAndBlendMode() throws {
        let t = transforms[2]
        let e = encodeOne(transform: t) { ctx in
            ctx.fill(square, with: .color(.red), style: FillStyle(eoFill: true))
            ctx.blendMode = .multiply
            ctx.stroke(square, with: .color(.blue), style: StrokeStyle(lineWidth: 3, dash: [2, 1]))
        }
        try #require(e.draws.count == 2)
        #expect(e.draws[0].transform == t && e.draws[0].rule == .evenOdd && e.draws[0].stroke == nil && e.draws[0].blend == 0)
        #expect(e.draws[1].rule == .nonZero && e.draws[1].stroke?.lineWidth == 3 && e.draws[1].stroke?.dash == [2, 1])
        #expect(e.draws[1].blend == GraphicsContext.BlendMode.multiply.encoded && e.draws[1].blend != 0)
        #expect(e.draws.map(\.paintIndex) == [0, 1])
    }

    @Test func linearGradientsMapTheirEndsToZeroAndOneUnderAnyTransform() throws {
        let start = CGPoint(x: 3, y: 40), end = CGPoint(x: 50, y: 12)
        let normal = CGPoint(x: start.x + (end.y - start.y), y: start.y - (end.x - start.x))  // start + a perpendicular
        for t in transforms {
            let e = encodeOne(transform: t) { $0.fill(square, with: .linearGradient(redToBlue, startPoint: start, endPoint: end)) }
            let p = try #require(e.paints.first)
            #expect(p.kind == EncodedPaint.Kind.linear.rawValue)
            #expect(abs(gradientPoint(p, apply(t, start)).x) < 1e-4)
            #expect(abs(gradientPoint(p, apply(t, end)).x - 1) < 1e-4)
            #expect(abs(gradientPoint(p, apply(t, normal)).x) < 1e-4, "t is constant across the gradient")
            #expect(p.map.1 == 0 && p.map.3 == 0 && p.map.5 == 0)
        }
    }

    @Test func radialGradientsAreNormalisedToTheLargerRadius() throws {
        let center = CGPoint(x: 30, y: 20)
        for t in transforms {
            for (r0, r1) in [(5.0, 20.0), (20.0, 5.0), (0, 7), (1e30, 2e30)] {
                let e = encodeOne(transform: t) {
                    $0.fill(square, with: .radialGradient(redToBlue, center: center, startRadius: r0, endRadius: r1))
                }
                let p = try #require(e.paints.first)
                #expect(p.kind == EncodedPaint.Kind.radial.rawValue)
                // Gradient space is the circle of the larger radius as the unit circle, so the shader's
                // values stay near 1 whatever the radii.
                #expect(length(gradientPoint(p, apply(t, center))) < 1e-5)
                #expect(abs(p.params.0) <= 1 && abs(p.params.1) <= 1e9 && p.params.1.isFinite)
                for (radius, expected) in [(r0, 0.0), (r1, 1.0), ((r0 + r1) / 2, 0.5)] {
                    let q = CGPoint(x: center.x + radius * 0.6, y: center.y - radius * 0.8)
                    let g = gradientPoint(p, apply(t, q))
                    let value = (length(g) - Double(p.params.0)) * Double(p.params.1)
                    #expect(abs(value - expected) < 1e-4, "r0 \(r0), r1 \(r1), radius \(radius): t = \(value)")
                }
            }
        }
    }

    @Test func equalRadiiAreAHardStepWhateverTheSpread() throws {
        let e = encodeOne {
            $0.fill(square, with: .radialGradient(redToBlue, center: .zero, startRadius: 10, endRadius: 10, options: .repeat))
        }
        let p = try #require(e.paints.first)
        #expect(p.kind == EncodedPaint.Kind.radial.rawValue && p.spread == 0 && abs(p.params.1) == 1e9)
    }

    @Test func gradientsWithoutExtentPaintTheirLastStop() throws {
        let stops = Gradient(colors: [.red, Color(red: 0, green: 0, blue: 1, opacity: 0.5)])
        let degenerate: [GraphicsContext.Shading] = [
            .linearGradient(stops, startPoint: CGPoint(x: 5, y: 5), endPoint: CGPoint(x: 5, y: 5)),
            .linearGradient(stops, startPoint: .zero, endPoint: CGPoint(x: 1e-9, y: 0)),
            .linearGradient(stops, startPoint: CGPoint(x: CGFloat.nan, y: 0), endPoint: CGPoint(x: 5, y: 0)),
            .radialGradient(stops, center: .zero, startRadius: 0, endRadius: 0, options: .mirror),
            .radialGradient(stops, center: .zero, startRadius: 0, endRadius: .infinity),
            .radialGradient(stops, center: .zero, radius: 0, focus: CGPoint(x: 1, y: 1)),
        ]
        for shading in degenerate {
            let e = encodeOne { $0.fill(square, with: shading) }
            let p = try #require(e.paints.first)
            #expect(p.kind == EncodedPaint.Kind.solid.rawValue && p.color == SIMD4(0, 0, 0.5, 0.5))
        }
    }

    @Test func conicGradientsStartAtTheirAngleWithMapEntriesAtMostOne() throws {
        let center = CGPoint(x: 32, y: 32)
        for scale in [1e-12, 1.0, 1e12] {
            let t = CGAffineTransform(scaleX: scale, y: scale)
            let e = encodeOne(transform: t) { $0.fill(square, with: .conicGradient(redToBlue, center: center, angle: .degrees(30))) }
            let p = try #require(e.paints.first)
            #expect(p.kind == EncodedPaint.Kind.conic.rawValue)
            let entries = [p.map.0, p.map.1, p.map.2, p.map.3, p.map.4, p.map.5]
            #expect(entries.allSatisfy { abs($0) <= 1 } && entries.contains { abs($0) == 1 }, "scale \(scale): \(entries)")
            // The sweep starts at 30 degrees from +x (clockwise on screen): 3.6 degrees on, t = 0.01;
            // a quarter turn on, t = 1/4.
            for (degrees, expected) in [(33.6, 0.01), (120.0, 0.25), (300.0, 0.75)] {
                let a = degrees * .pi / 180
                let g = gradientPoint(p, apply(t, CGPoint(x: center.x + 10 * cos(a), y: center.y + 10 * sin(a))))
                var turn = atan2(g.y, g.x) - Double(p.params.0)
                if turn < 0 { turn += 2 * .pi }
                #expect(abs(turn * Double(p.params.1) - expected) < 1e-4, "scale \(scale), \(degrees) degrees")
            }
        }
    }

    @Test func focalGradientsPutTheFocusAtTheOriginAndTheCircleAtRadiusOne() throws {
        let center = CGPoint(x: 30, y: 30), focus = CGPoint(x: 22, y: 36)
        for t in transforms {
            let e = encodeOne(transform: t) {
                $0.fill(square, with: .radialGradient(redToBlue, center: center, radius: 20, focus: focus))
            }
            let p = try #require(e.paints.first)
            #expect(p.kind == EncodedPaint.Kind.focal.rawValue)
            #expect(length(gradientPoint(p, apply(t, focus))) < 1e-5)
            let c = gradientPoint(p, apply(t, center))
            #expect(abs(c.x - Double(p.params.0)) < 1e-5 && abs(c.y) < 1e-5 && abs(p.params.0 - 0.5) < 1e-6)
            let onCircle = gradientPoint(p, apply(t, CGPoint(x: center.x, y: center.y + 20)))
            #expect(abs(length(onCircle - SIMD2(Double(p.params.0), 0)) - 1) < 1e-5)
        }
    }

    @Test func spreadOptionsAreEncoded() throws {
        for (options, spread) in [(GraphicsContext.GradientOptions(), UInt32(0)), (.repeat, 1), (.mirror, 2), ([.mirror, .repeat], 2)] {
            let e = encodeOne {
                $0.fill(square, with: .linearGradient(redToBlue, startPoint: .zero, endPoint: CGPoint(x: 9, y: 0), options: options))
            }
            #expect(e.paints.first?.spread == spread)
        }
    }

    @Test func rampsInterpolateUnpremultipliedSRGBThenPremultiply() throws {
        let from = Color(red: 1, green: 0.2, blue: 0, opacity: 1), to = Color(red: 0, green: 0.6, blue: 1, opacity: 0)
        let e = encodeOne(opacity: 0.5) {
            $0.fill(square, with: .linearGradient(Gradient(colors: [from, to]), startPoint: .zero, endPoint: CGPoint(x: 9, y: 0)))
        }
        try #require(e.ramps.count == EncodedScene.rampSize)
        var worst: Float = 0
        for (i, entry) in e.ramps.enumerated() {
            let f = Double(i) / Double(EncodedScene.rampSize - 1)
            let a = (1 - f) * 0.5
            let expected = SIMD4(Float((1 - f) * a), Float((0.2 + 0.4 * f) * a), Float(f * a), Float(a))
            worst = max(worst, (entry - expected).max(), (expected - entry).max())
        }
        #expect(worst < 1e-6)
    }

    @Test func linearColorRampsInterpolateInLinearLight() throws {
        let e = encodeOne {
            $0.fill(square, with: .linearGradient(Gradient(colors: [.black, .white]), startPoint: .zero,
                                                  endPoint: CGPoint(x: 9, y: 0), options: .linearColor))
        }
        try #require(e.ramps.count == EncodedScene.rampSize)
        for i in [0, 100, 255, 400, 511] {
            let f = Double(i) / Double(EncodedScene.rampSize - 1)
            // Linear-light f, encoded back to sRGB (IEC 61966-2-1).
            let expected = f <= 0.0031308 ? f * 12.92 : 1.055 * pow(f, 1 / 2.4) - 0.055
            #expect(abs(Double(e.ramps[i].x) - expected) < 1e-5, "entry \(i)")
        }
        #expect(e.ramps[255].x > 0.7, "a linear-light midpoint is lighter than sRGB's 0.5")
    }

    @Test func stopsOutOfOrderAreClampedToAHardStep() throws {
        let e = encodeOne {
            $0.fill(square, with: .linearGradient(Gradient(stops: [.init(color: Color(red: 1, green: 0, blue: 0), location: 0.8), .init(color: Color(red: 0, green: 0, blue: 1), location: 0.2)]),
                                                  startPoint: .zero, endPoint: CGPoint(x: 9, y: 0)))
        }
        try #require(e.ramps.count == EncodedScene.rampSize)
        for (i, entry) in e.ramps.enumerated() {
            let t = Double(i) / Double(EncodedScene.rampSize - 1)
            #expect(entry == (t < 0.8 ? SIMD4(1, 0, 0, 1) : SIMD4(0, 0, 1, 1)), "entry \(i) at \(t)")
        }
    }

    @Test func identicalGradientsShareOneRamp() throws {
        let shading = GraphicsContext.Shading.linearGradient(redToBlue, startPoint: .zero, endPoint: CGPoint(x: 9, y: 0))
        let e = encodeOne { ctx in
            ctx.fill(square, with: shading)
            ctx.fill(square, with: .radialGradient(redToBlue, center: .zero, startRadius: 0, endRadius: 5))
            ctx.opacity = 0.5
            ctx.fill(square, with: shading)
        }
        // The same stops at the same opacity share a ramp, whatever the geometry; another opacity does not.
        #expect(e.ramps.count == 2 * EncodedScene.rampSize)
        #expect(e.paints.map(\.lutStart) == [0, 0, UInt32(EncodedScene.rampSize)])
    }

    @Test func imagePaintsMapDevicePointsToTexels() throws {
        let bitmap = try Bitmap(width: 4, height: 2, premultipliedRGBA: (0..<32).map { UInt8($0 * 8) })
        let t = CGAffineTransform(translationX: 3, y: 5).scaledBy(x: 2, y: 2)
        let destination = CGRect(x: 10, y: 20, width: 40, height: 20)
        let e = encodeOne(transform: t) { ctx in
            ctx.draw(Image(bitmap: bitmap), in: destination)
            ctx.draw(Image(bitmap: bitmap), in: destination.offsetBy(dx: 1, dy: 1))
        }
        try #require(e.paints.count == 2)
        let p = e.paints[0]
        #expect(p.kind == EncodedPaint.Kind.image.rawValue && p.imageWidth == 4 && p.imageHeight == 2 && p.color.w == 1)
        let topLeft = gradientPoint(p, apply(t, CGPoint(x: 10, y: 20)))
        let bottomRight = gradientPoint(p, apply(t, CGPoint(x: 50, y: 40)))
        #expect(length(topLeft) < 1e-5 && length(bottomRight - SIMD2(4, 2)) < 1e-5)
        // The bitmap itself, once: the second draw of it names the same texels.
        #expect(e.images.texelCount == 8 && e.images.entries.count == 1 && e.paints[1].lutStart == p.lutStart)
        // Laid out for a device: texels packed R in the low byte.
        var words = [UInt32](repeating: 0, count: 8)
        words.withUnsafeMutableBytes { e.images.copyBitmapTexels(into: ScratchSpan(bytes: $0)) }
        #expect(words[1] == UInt32(32) | UInt32(40) << 8 | UInt32(48) << 16 | UInt32(56) << 24)
    }

    @Test func layersLinkTheirParentClipDrawAndComposite() throws {
        var scene = Scene(size: CGSize(width: 64, height: 64))
        scene.draw { ctx in
            ctx.fill(square, with: .color(.red))
            var clipped = ctx
            clipped.clip(to: square, style: FillStyle(eoFill: true), options: .inverse)
            clipped.fill(square, with: .color(.blue))
            clipped.opacity = 2  // clamped to 1
            clipped.blendMode = .screen
            clipped.drawLayer { inner in inner.fill(square, with: .color(.green)) }
            ctx.opacity = .nan
            ctx.drawLayer { inner in inner.fill(square, with: .color(.green)) }
        }
        let e = EncodedScene(scene)
        try #require(e.layers.count == 3 && e.draws.count == 5)
        let clip = e.layers[0], group = e.layers[1], hidden = e.layers[2]
        #expect(clip.parent == EncodedLayer.none && clip.clipDraw == 1 && clip.isInverse && clip.opacity == 1)
        #expect(e.draws[1].isClip && e.draws[1].layer == 0 && e.draws[1].rule == .evenOdd)
        #expect(e.paints[Int(e.draws[1].paintIndex)].color == .zero, "a clip's paint is never drawn")
        #expect(e.draws[2].layer == 0 && !e.draws[2].isClip)
        #expect(group.parent == 0 && group.clipDraw == EncodedLayer.none && group.opacity == 1)
        #expect(group.blend == GraphicsContext.BlendMode.screen.encoded && !group.isInverse)
        #expect(e.draws[3].layer == 1 && e.draws[4].layer == 2)
        #expect(hidden.opacity == 0, "a NaN opacity composites nothing")
    }
}
