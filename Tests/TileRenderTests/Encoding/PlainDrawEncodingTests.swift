import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Fills and strokes of a colour are encoded by reading the command in place (`plainColorDraw`); every
/// other command, and every command with `readsPlainDrawsInPlace` false, the general way. Both give the
/// same encoding, draw for draw and paint for paint.
@Suite struct PlainDrawEncodingTests {
    /// Colour fills and strokes at every edge the paint check has (opacity 0, 1, above 1, NaN; a
    /// transparent colour; singular, non-finite and ordinary transforms), between layers, clips,
    /// gradients and blend modes, so the two paths hand over to each other in every order.
    static func mixedScene() -> Scene {
        var scene = Scene(size: CGSize(width: 64, height: 48))
        let path = Path(ellipseIn: CGRect(x: 4, y: 6, width: 40, height: 30))
        let transforms: [CGAffineTransform] = [.identity, CGAffineTransform(a: 2, b: 0.5, c: -0.3, d: 1.5, tx: 3, ty: -2),
                                               CGAffineTransform(scaleX: 0, y: 1), CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)]
        scene.draw { ctx in
            for (k, opacity) in [1, 0, 0.4, 1.7, Double.nan].enumerated() {
                for t in transforms {
                    var c = ctx
                    c.transform = t
                    c.opacity = opacity
                    c.blendMode = k == 2 ? .multiply : .normal
                    c.fill(path, with: .color(Color(red: 0.9, green: 0.2, blue: 0.4, opacity: k == 3 ? 0 : 0.8)),
                           style: FillStyle(eoFill: k % 2 == 1))
                    c.stroke(path, with: .color(.blue), style: StrokeStyle(lineWidth: 3, dash: k == 1 ? [4, 2] : []))
                    c.fill(path, with: .linearGradient(Gradient(colors: [.red, .green]), startPoint: .zero, endPoint: CGPoint(x: 40, y: 0)))
                }
                ctx.drawLayer { layer in
                    layer.clip(to: Path(CGRect(x: 8, y: 8, width: 30, height: 20)))
                    layer.fill(path, with: .color(.green))
                    layer.stroke(path, with: .radialGradient(Gradient(colors: [.black, .white]), center: CGPoint(x: 20, y: 20),
                                                             startRadius: 0, endRadius: 20), lineWidth: 2)
                }
            }
        }
        return scene
    }

    @Test func plainDrawsEncodeAsTheGeneralPathDoes() {
        let scene = PlainDrawEncodingTests.mixedScene()
        let fast = EncodedScene(scene), general = EncodedScene(scene, readsPlainDrawsInPlace: false)
        #expect(fast.draws.count > 20 && fast.draws.count < scene.commands.count,
                "some draws show nothing: \(fast.draws.count) of \(scene.commands.count) commands")
        PlainDrawEncodingTests.expectSameEncoding(fast, general)
    }

    /// Many plain draws (some transparent, some under singular transforms) with other commands among
    /// them at seeded places: chunks of every size meet every kind of command at their start, middle
    /// and end.
    /// About one command in `otherOneIn` (none when 0) is a gradient fill or a clipped layer.
    static func seededPlainScene(seed: UInt64, count: Int, otherOneIn: UInt64 = 10) -> Scene {
        var random = SeededRandom(seed: seed)
        var scene = Scene(size: CGSize(width: 96, height: 80))
        scene.draw { ctx in
            for i in 0..<count {
                let r = random.next()
                let rect = CGRect(x: Double(r % 80), y: Double(r >> 8 % 64), width: 3 + Double(r >> 16 % 20), height: 2 + Double(r >> 24 % 15))
                var c = ctx
                if r >> 32 % 13 == 0 { c.transform = CGAffineTransform(scaleX: 0, y: 1) }
                let color = Color(red: Double(r >> 40 % 256) / 255, green: 0.3, blue: 0.6, opacity: r >> 48 % 7 == 0 ? 0 : 0.9)
                let other = otherOneIn > 0 && (r >> 50) % otherOneIn == 0
                switch other ? r >> 56 % 2 : 2 + r >> 56 % 21 {
                case 0: c.fill(Path(ellipseIn: rect), with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: rect.origin,
                                                                           endPoint: CGPoint(x: rect.maxX, y: rect.maxY)))
                case 1: c.drawLayer { layer in
                        layer.clip(to: Path(rect.insetBy(dx: -4, dy: -4)))
                        layer.fill(Path(rect), with: .color(color))
                    }
                case 2, 3, 4: c.stroke(Path(ellipseIn: rect), with: .color(color), lineWidth: 1 + Double(i % 3))
                default: c.fill(Path(roundedRect: rect, cornerRadius: 2), with: .color(color))
                }
            }
        }
        return scene
    }

    /// Encoding in chunks on several threads gives the one-thread encoding, value for value.
    @Test(arguments: [(1, 2), (7, 3), (64, 8), (512, 2)])
    func chunkedEncodingMatchesOneThread(commandsPerChunk: Int, threads: Int) {
        let scenes = [PlainDrawEncodingTests.mixedScene()]
            + [10, 700, 0].enumerated().map { k, one in
                PlainDrawEncodingTests.seededPlainScene(seed: 0x5EED &* UInt64(k + 1), count: 1500, otherOneIn: UInt64(one))
            }
        for scene in scenes {
            let one = EncodedScene(scene)
            let chunked = EncodedScene(scene, threadCount: threads, commandsPerChunk: commandsPerChunk)
            PlainDrawEncodingTests.expectSameEncoding(chunked, one)
        }
    }

    static func expectSameEncoding(_ fast: EncodedScene, _ general: EncodedScene,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(fast.draws.count == general.draws.count, sourceLocation: sourceLocation)
        for (a, b) in zip(fast.draws, general.draws) {
            #expect(a.path == b.path && a.transform == b.transform && a.rule == b.rule && a.paintIndex == b.paintIndex,
                    sourceLocation: sourceLocation)
            #expect(a.stroke == b.stroke && a.layer == b.layer && a.isClip == b.isClip && a.blend == b.blend && a.maskRun == b.maskRun,
                    sourceLocation: sourceLocation)
        }
        #expect(fast.paints.count == general.paints.count, sourceLocation: sourceLocation)
        for (a, b) in zip(fast.paints, general.paints) {
            #expect(a.kind == b.kind && a.color == b.color && a.lutStart == b.lutStart && a.spread == b.spread, sourceLocation: sourceLocation)
            #expect([a.map.0, a.map.1, a.map.2, a.map.3, a.map.4, a.map.5] == [b.map.0, b.map.1, b.map.2, b.map.3, b.map.4, b.map.5],
                    sourceLocation: sourceLocation)
        }
        #expect(fast.ramps == general.ramps, sourceLocation: sourceLocation)
        #expect(fast.layers.map(\.clipDraw) == general.layers.map(\.clipDraw), sourceLocation: sourceLocation)
        #expect(fast.layers.map(\.parent) == general.layers.map(\.parent), sourceLocation: sourceLocation)
    }
}
