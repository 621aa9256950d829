import Foundation
import Synchronization

// drawingGroup(): the subtree is recorded, rendered once into an offscreen bitmap at device
// resolution, and drawn as an image. The bitmap is cached under a fingerprint of what was recorded
// (every command, path point, paint and transform) and its pixel size, so an unchanged subtree is
// never rasterized again; a changed one gets a new fingerprint and a new render. The cache is
// process-wide and bounded (least recently used bitmaps go first).

/// A hash of everything a recorded scene draws.
struct SceneFingerprint: Hashable {
    let value: Int
    let pixelWidth: Int
    let pixelHeight: Int

    init(_ scene: Scene, pixelWidth: Int, pixelHeight: Int) {
        var h = Hasher()
        h.combine(scene.commands.count)
        for command in scene.commands {
            switch command {
            case .fill(let f):
                h.combine(0); SceneFingerprint.combine(f.path, &h); SceneFingerprint.combine(f.transform, &h)
                SceneFingerprint.combine(f.shading, &h); h.combine(f.rule.rawValue); h.combine(f.opacity)
                h.combine(f.layer); h.combine(f.blendMode)
            case .stroke(let s):
                h.combine(1); SceneFingerprint.combine(s.path, &h); SceneFingerprint.combine(s.transform, &h)
                SceneFingerprint.combine(s.shading, &h); h.combine(s.style); h.combine(s.opacity)
                h.combine(s.layer); h.combine(s.blendMode)
            case .layer(let l):
                h.combine(2); h.combine(l.id); h.combine(l.parent); h.combine(l.opacity); h.combine(l.blendMode)
                if let clip = l.clip {
                    SceneFingerprint.combine(clip.path, &h); SceneFingerprint.combine(clip.transform, &h)
                    h.combine(clip.rule.rawValue); h.combine(clip.inverse)
                }
            }
        }
        value = h.finalize()
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    private static func combine(_ p: CGPoint, _ h: inout Hasher) { h.combine(p.x); h.combine(p.y) }

    private static func combine(_ path: Path, _ h: inout Hasher) {
        h.combine(path.elements.count)
        for e in path.elements {
            switch e {
            case .move(let p): h.combine(0); combine(p, &h)
            case .line(let p): h.combine(1); combine(p, &h)
            case .quadCurve(let p, let c): h.combine(2); combine(p, &h); combine(c, &h)
            case .curve(let p, let c1, let c2): h.combine(3); combine(p, &h); combine(c1, &h); combine(c2, &h)
            case .closeSubpath: h.combine(4)
            }
        }
    }

    private static func combine(_ t: CGAffineTransform, _ h: inout Hasher) { h.combine(t) }

    private static func combine(_ s: GraphicsContext.Shading, _ h: inout Hasher) {
        h.combine(s.options.rawValue)
        switch s.kind {
        case .color(let c): h.combine(0); h.combine(c)
        case .linearGradient(let g, let a, let b): h.combine(1); h.combine(g); combine(a, &h); combine(b, &h)
        case .radialGradient(let g, let c, let r0, let r1): h.combine(2); h.combine(g); combine(c, &h); h.combine(r0); h.combine(r1)
        case .focalRadialGradient(let g, let c, let r, let f):
            h.combine(5); h.combine(g); combine(c, &h); h.combine(r); combine(f, &h)
        case .conicGradient(let g, let c, let a0, let a1): h.combine(3); h.combine(g); combine(c, &h); h.combine(a0); h.combine(a1)
        case .image(let bitmap, let rect):
            h.combine(4); h.combine(bitmap.width); h.combine(bitmap.height); h.combine(bitmap.pixels)
            combine(rect.origin, &h); h.combine(rect.width); h.combine(rect.height)
        }
    }
}

/// Rendered drawing groups, by fingerprint. Thread-safe; bounded to `capacityBytes`.
final class DrawingGroupCache: Sendable {
    static let shared = DrawingGroupCache(capacityBytes: 64 << 20)

    private struct State {
        var entries: [SceneFingerprint: (bitmap: Bitmap, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }
    private let state = Mutex(State())
    let capacityBytes: Int

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    /// The cached bitmap for `key`, or the one `render` makes (then cached).
    func bitmap(for key: SceneFingerprint, render: () throws -> Bitmap) rethrows -> Bitmap {
        if let hit = state.withLock({ s -> Bitmap? in
            s.clock += 1
            guard var entry = s.entries[key] else { s.misses += 1; return nil }
            s.hits += 1
            entry.lastUse = s.clock
            s.entries[key] = entry
            return entry.bitmap
        }) {
            return hit
        }
        let bitmap = try render()
        let size = bitmap.pixels.count
        guard size <= capacityBytes else { return bitmap }
        state.withLock { s in
            while s.bytes + size > capacityBytes, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.bytes -= oldest.value.bitmap.pixels.count
                s.entries.removeValue(forKey: oldest.key)
            }
            s.clock += 1
            if s.entries[key] == nil {
                s.entries[key] = (bitmap, s.clock)
                s.bytes += size
            }
        }
        return bitmap
    }

    /// Lookups served from the cache and rendered, since the process started.
    var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }
}

struct DrawingGroupModifier: NodeWrapper {
    func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { DrawingGroupNode(child: node) }
}

struct DrawingGroupNode: ViewNode {
    let child: any ViewNode

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    func draw(in rect: CGRect, context: GraphicsContext) {
        // Device pixels per point under the current transform.
        let scale = context.transform.maximumScale
        let width = (rect.width * scale).rounded(.up), height = (rect.height * scale).rounded(.up)
        // An offscreen larger than the whole cache could never be kept, so it is not worth its memory:
        // such a group (like an empty or unrepresentable one) is drawn as a plain layer, the same picture.
        guard scale.isFinite, scale > 0, width >= 1, height >= 1,
              width <= CGFloat(Bitmap.maxDimension), height <= CGFloat(Bitmap.maxDimension),
              Int(width) * Int(height) * 4 <= DrawingGroupCache.shared.capacityBytes else {
            context.drawLayer { child.draw(in: rect, context: $0) }
            return
        }
        var scene = Scene(size: CGSize(width: width, height: height))
        scene.draw { c in
            c.scaleBy(x: width / rect.width, y: height / rect.height)
            c.translateBy(x: -rect.minX, y: -rect.minY)
            child.draw(in: rect, context: c)
        }
        let key = SceneFingerprint(scene, pixelWidth: Int(width), pixelHeight: Int(height))
        guard let bitmap = try? DrawingGroupCache.shared.bitmap(for: key, render: { try Renderer(backend: .cpu).render(scene) }) else {
            context.drawLayer { child.draw(in: rect, context: $0) }
            return
        }
        context.draw(Image(bitmap: bitmap), in: rect)
    }
}
