import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Using canvas in SwiftUI", "TimelineView to move a shape on a canvas" and "Animate a background with
// TimelineView" (seed 003): heartPath and blobPath drawn on Canvases.

private func heartPath(in rect: CGRect) -> Path {
    let size = min(rect.width, rect.height)
    let xOffset = (rect.width > rect.height) ? (rect.width - rect.height) / 2.0 : 0.0
    let yOffset = (rect.height > rect.width) ? (rect.height - rect.width) / 2.0 : 0.0

    func offsetPoint(p: CGPoint) -> CGPoint {
        return CGPoint(x: p.x + xOffset, y: p.y+yOffset)
    }
    let path = Path() { path in
        path.move(to: offsetPoint(p: (CGPoint(x: (size * 0.50), y: (size * 0.25)))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: 0, y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: (size * 0.50), y: (-size * 0.10))),
                      control2: offsetPoint(p: CGPoint(x: 0, y: 0)))
        path.addCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: size)),
                      control1: offsetPoint(p: CGPoint(x: 0, y: (size * 0.60))),
                      control2: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.80))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: size, y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.80))),
                      control2: offsetPoint(p: CGPoint(x: size, y: (size * 0.60))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: size, y: 0)),
                      control2: offsetPoint(p: CGPoint(x: (size * 0.50), y: (-size * 0.10))))
    }
    return path
}

private func heartPath(in rect: CGRect, move: Double, tip: Double) -> Path {
    let size = min(rect.width, rect.height)
    let xOffset = (rect.width > rect.height) ? (rect.width - rect.height) / 2.0 : 0.0
    let yOffset = (rect.height > rect.width) ? (rect.height - rect.width) / 2.0 : 0.0

    func offsetPoint(p: CGPoint) -> CGPoint {
        return CGPoint(x: p.x + xOffset + move, y: p.y+yOffset)
    }
    let path = Path() { path in
        path.move(to: offsetPoint(p: (CGPoint(x: (size * 0.50), y: (size * 0.25)))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: 0, y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: (size * 0.50), y: (-size * 0.10))),
                      control2: offsetPoint(p: CGPoint(x: 0, y: 0)))
        path.addCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50 + tip), y: size)),
                      control1: offsetPoint(p: CGPoint(x: 0, y: (size * 0.60))),
                      control2: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.80))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: size, y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.80))),
                      control2: offsetPoint(p: CGPoint(x: size, y: (size * 0.60))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: size, y: 0)),
                      control2: offsetPoint(p: CGPoint(x: (size * 0.50), y: (-size * 0.10))))
    }
    return path
}

private func blobPath(in rect : CGRect) -> Path {
    let w = rect.width
    let h = rect.height
    let path = Path() { path in
        path.move(to: CGPoint(x: w*0.53, y: h*0.87))
        path.addCurve(to: CGPoint(x: w*0.15, y: h*0.49) ,
                      control1: CGPoint(x: w*0.06, y: h*0.72),
                      control2: CGPoint(x: w*0.26, y: h*0.75))
        path.addCurve(to: CGPoint(x: w*0.48, y: h*0.08) ,
                      control1: CGPoint(x: w*0.1, y: h*0.40),
                      control2: CGPoint(x: w*0.17, y: -(h*0.02)))
        path.addCurve(to: CGPoint(x: w*0.62, y: h*0.48) ,
                      control1: CGPoint(x: w*0.75, y: h*0.18),
                      control2: CGPoint(x: w*0.55, y: h*0.37))
        path.addCurve(to: CGPoint(x: w*0.53, y: h*0.87) ,
                      control1: CGPoint(x: w*0.87, y: h*0.64),
                      control2: CGPoint(x: w*0.66, y: h*0.89))
    }
    return path
}

/// The 'Add color gradient' version (d2 also moves the left points).

@Suite struct PortsCanvas {
    @Test func heart() throws {
        let size = CGSize(width: 300, height: 200)
        let scene = Ports.scene(300, 200) { ctx in
            ctx.canvas(at: .zero) { context in
                context.fill(heartPath(in: CGRect(origin: .zero, size: size)), with: .color(.red))
            }
            // .border(Color.blue), as its filled outline (strokes are not implemented yet)
            ctx.fillBorder(of: CGRect(origin: .zero, size: size), color: .blue)
        }
        try Ports.check(scene, "heart")
    }

    @Test func heart_tip_frames() throws {
        let size = CGSize(width: 300, height: 200)
        let scene = Ports.scene(300, 450) { ctx in
            ctx.canvas(at: .zero) { context in
                context.fill(heartPath(in: CGRect(origin: .zero, size: CGSize(width: size.width, height: size.height)),
                                       move: 0, tip: 50), with: .color(.red))
            }
            // .border(Color.blue), as its filled outline
            ctx.fillBorder(of: CGRect(origin: .zero, size: size), color: .blue)
            ctx.canvas(at: CGPoint(x: 0, y: 250)) { context in
                context.fill(heartPath(in: CGRect(origin: .zero, size: CGSize(width: size.width, height: size.height)),
                                       move: 50, tip: 50), with: .color(.red))
            }
        }
        try Ports.check(scene, "heart_tip_frames")
    }

    @Test func blob() throws {
        let size = CGSize(width: 300, height: 300)
        let scene = Ports.scene(300, 300) { ctx in
            ctx.canvas(at: .zero) { context in
                context.fill(blobPath(in: CGRect(origin: .zero, size: size)), with: .color(.purple))
            }
        }
        try Ports.check(scene, "blob")
    }

    // blob_gradient is drawn by the seed's own TimelineView (Sources/SeedPorts/BlobTimeline.swift):
    // SeedTimelinePorts.
}
