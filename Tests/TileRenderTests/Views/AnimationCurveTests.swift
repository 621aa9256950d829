import Foundation
import Testing
@testable import TileRender

/// `Animation`'s curves: where each is at a time, when it ends, and what bad parameters do.
@Suite struct AnimationCurveTests {
    private func at(_ a: Animation, _ t: Double) -> Double { a.fraction(at: t).value }

    @Test func timingCurvesRunTheirDuration() {
        let linear = Animation.linear(duration: 2)
        #expect(at(linear, 0) == 0 && at(linear, 0.5) == 0.25 && at(linear, 1) == 0.5)
        #expect(linear.fraction(at: 2) == (1, true) && linear.fraction(at: 1.999).finished == false)
        // The CSS curves: ease-in slow first, ease-out fast first, ease-in-out symmetric.
        #expect(at(.easeIn(duration: 1), 0.25) < 0.25 && at(.easeOut(duration: 1), 0.25) > 0.25)
        let inOut = Animation.easeInOut(duration: 1)
        #expect(abs(at(inOut, 0.5) - 0.5) < 1e-9)
        for t in stride(from: 0.05, to: 1, by: 0.05) { #expect(abs(at(inOut, t) + at(inOut, 1 - t) - 1) < 1e-9) }
        // CSS's ease (0.25, 0.1, 0.25, 1) at x = 0.5 is 0.8024 (its y where x(s) = 0.5).
        #expect(abs(at(.timingCurve(0.25, 0.1, 0.25, 1, duration: 1), 0.5) - 0.8024033877399112) < 1e-6)
        // Monotone wherever the control points' y lie in 0...1.
        var last = 0.0
        for t in stride(from: 0.0, through: 1, by: 0.01) {
            let v = at(.timingCurve(0.9, 0.1, 0.1, 0.9, duration: 1), t)
            #expect(v >= last - 1e-12)
            last = v
        }
    }

    @Test func springsSettleAndOvershootAsTheirDampingSays() {
        // Critically damped and overdamped: never past 1; underdamped: past 1, then settled.
        for a in [Animation.smooth, .spring(response: 0.5, dampingFraction: 1), .spring(duration: 0.5, bounce: -0.5),
                  .interpolatingSpring(stiffness: 100, damping: 30)] {
            let values = stride(from: 0.0, through: 3, by: 0.01).map { at(a, $0) }
            #expect(values.allSatisfy { $0 <= 1 + 1e-12 }, "\(a)")
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }, "\(a)")
        }
        let bouncy = Animation.bouncy
        #expect(stride(from: 0.0, through: 1, by: 0.01).contains { at(bouncy, $0) > 1.01 })
        // It ends once within 0.1% of the change, and is 1 from then on.
        let end = bouncy.runDuration
        #expect(end.isFinite && end > 0.5 && end < 5)
        #expect(bouncy.fraction(at: end) == (1, true) && abs(at(bouncy, end * 0.999) - 1) < 0.01)
        // An undamped spring never ends; a huge stiffness ends at once.
        #expect(Animation.spring(response: 0.5, dampingFraction: 0).fraction(at: 1e6).finished == false)
        #expect(Animation.interpolatingSpring(stiffness: 1e12, damping: 1e7).fraction(at: 0.01).finished)
    }

    @Test func delaySpeedAndRepeats() {
        let a = Animation.linear(duration: 1).delay(0.5)
        #expect(at(a, 0.25) == 0 && at(a, 1) == 0.5 && a.fraction(at: 1.5) == (1, true))
        #expect(at(.linear(duration: 1).speed(2), 0.25) == 0.5)
        // Three runs, every other one backwards; then the new value.
        let r = Animation.linear(duration: 1).repeatCount(3, autoreverses: true)
        #expect(at(r, 0.25) == 0.25 && at(r, 1.25) == 0.75 && at(r, 2.25) == 0.25 && r.fraction(at: 3) == (1, true))
        let f = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        #expect(at(f, 100.25) == 0.25 && f.fraction(at: 1e9).finished == false)
    }

    @Test func badParametersGiveAnAnimationThatEnds() {
        // Durations that are not finite and positive: the change shows at once.
        for d in [0.0, -1, .nan, .infinity] { #expect(Animation.linear(duration: d).fraction(at: 0.001) == (1, true)) }
        // NaN control points, springs, delays and speeds: finite values, ending.
        let odd: [Animation] = [.timingCurve(.nan, .nan, .infinity, -.infinity, duration: 1), .spring(response: .nan, dampingFraction: .nan),
                                .spring(duration: .infinity, bounce: .nan), .interpolatingSpring(mass: 0, stiffness: .nan, damping: 1),
                                .linear(duration: 1).delay(.nan).speed(.infinity), .linear(duration: 1).repeatCount(-5)]
        for a in odd {
            for t in [0.0, 0.3, 0.7, 1, 10] { #expect(at(a, t).isFinite, "\(a)") }
            #expect(a.fraction(at: 1000).finished, "\(a)")
        }
        // Extremes: tiny and huge responses, stiffnesses and durations, run for ever, at huge times.
        let extremes: [Animation] = [.spring(response: 1e-310, dampingFraction: 0), .spring(response: 1e300, dampingFraction: 1e300),
                                     .interpolatingSpring(mass: 1e-300, stiffness: 1e300, damping: 0),
                                     .linear(duration: 1e-300).repeatForever(), .spring(response: 1e-6, dampingFraction: 0.1).repeatForever(),
                                     .easeInOut(duration: 1e-300).repeatCount(Int.max)]
        for a in extremes {
            for t in [0.0, 1e-9, 0.5, 1e9, 1e300] { #expect(at(a, t).isFinite, "\(a) at \(t)") }
        }
        // A time that is not finite: the end.
        #expect(Animation.smooth.fraction(at: .nan) == (1, true))
    }
}
