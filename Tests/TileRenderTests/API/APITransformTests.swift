import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct APITransformTests {
    @Test func concatenatingAppliesSelfFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0)
        let s = CGAffineTransform(scaleX: 2, y: 3)
        let p = CGPoint(x: 1, y: 1)
        // Translate first, then scale.
        #expect(p.applying(t.concatenating(s)) == CGPoint(x: 22, y: 3))
        // Scale first, then translate.
        #expect(p.applying(s.concatenating(t)) == CGPoint(x: 12, y: 3))
        // translatedBy / scaledBy apply the new operation BEFORE self (CoreGraphics).
        #expect(p.applying(s.translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 3))
        #expect(p.applying(t.scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 3))
    }

    @Test func rotationTurnsXTowardY() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        let q = CGPoint(x: 1, y: 0).applying(r)
        #expect(near(q, CGPoint(x: 0, y: 1), 1e-12))  // +x goes to +y: clockwise on a y-down screen
        let q2 = CGPoint(x: 0, y: 1).applying(r)
        #expect(near(q2, CGPoint(x: -1, y: 0), 1e-12))
    }

    @Test func invertedRoundTrips() {
        let t = CGAffineTransform(translationX: 5, y: -3).rotated(by: 0.7).scaledBy(x: 2, y: 0.5)
        let p = CGPoint(x: 12.5, y: -7.25)
        #expect(near(p.applying(t).applying(t.inverted()), p, 1e-9))
        #expect(near(p.applying(t.concatenating(t.inverted())), p, 1e-9))
        // Singular: returned unchanged.
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
        #expect(CGAffineTransform.identity.inverted() == .identity)
    }

    @Test func pathApplyingAndRectApplying() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20)
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(near(Path(r).applying(t).boundingRect, r.applying(t), 1e-9))
        #expect(near(r.applying(t), CGRect(x: -20, y: 0, width: 20, height: 10), 1e-9))
    }

    @Test func angleArithmetic() {
        #expect(Angle.degrees(90) + .degrees(90) == .degrees(180))
        #expect(abs((Angle.degrees(180) / 2).degrees - 90) < 1e-12)
        #expect(abs((-Angle.radians(.pi)).degrees + 180) < 1e-12)
        #expect(abs((Angle.degrees(45) * 2.0).radians - .pi / 2) < 1e-12)
    }
}
