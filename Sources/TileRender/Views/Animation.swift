import Foundation

/// How a change moves from the old value to the new one over time: SwiftUI's `Animation`.
///
/// Timing curves (`linear`, `easeIn`, `easeOut`, `easeInOut`, `timingCurve`) take a duration (0.35 s
/// by default); springs (`spring`, `smooth`, `snappy`, `bouncy`, `interpolatingSpring`) follow a damped
/// spring from rest and end when they have settled (within 0.1% of the change). `delay`, `speed`,
/// `repeatCount` and `repeatForever` adjust either. TileRender's `.default` is `.smooth` (a spring of
/// 0.5 s without bounce): SwiftUI's default is a spring whose parameters Apple does not document.
/// Springs start from rest: an animation that interrupts another starts from the value on show, without
/// the other's velocity.
public struct Animation: Equatable, Sendable, CustomStringConvertible {
    enum Curve: Equatable, Sendable {
        /// A cubic Bézier timing curve from (0, 0) to (1, 1) with these control points.
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
        /// A damped spring of angular frequency `omega` (radians a second) and damping ratio `zeta`.
        case spring(omega: Double, zeta: Double)
    }

    var curve: Curve
    var delay: Double = 0
    var speed: Double = 1
    /// How many times the animation runs (nil: for ever), and whether every other run goes backwards.
    var repeatCount: Int? = 1
    var autoreverses = false

    init(_ curve: Curve) { self.curve = curve }

    public var description: String {
        switch curve {
        case let .bezier(x1, y1, x2, y2, duration): return "Animation(bezier(\(x1), \(y1), \(x2), \(y2)), duration: \(duration))"
        case let .spring(omega, zeta): return "Animation(spring(response: \(2 * Double.pi / omega), dampingFraction: \(zeta)))"
        }
    }

    // MARK: Timing curves

    public static let `default` = Animation.smooth
    public static let linear = Animation.linear(duration: 0.35)
    public static let easeIn = Animation.easeIn(duration: 0.35)
    public static let easeOut = Animation.easeOut(duration: 0.35)
    public static let easeInOut = Animation.easeInOut(duration: 0.35)

    public static func linear(duration: TimeInterval) -> Animation { timingCurve(0, 0, 1, 1, duration: duration) }
    public static func easeIn(duration: TimeInterval) -> Animation { timingCurve(0.42, 0, 1, 1, duration: duration) }
    public static func easeOut(duration: TimeInterval) -> Animation { timingCurve(0, 0, 0.58, 1, duration: duration) }
    public static func easeInOut(duration: TimeInterval) -> Animation { timingCurve(0.42, 0, 0.58, 1, duration: duration) }

    /// A cubic Bézier timing curve through (0, 0), (c0x, c0y), (c1x, c1y) and (1, 1); the control
    /// points' x is clamped to 0...1 (CSS's rule), a duration that is not finite and positive is 0 (the
    /// change shows at once).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35) -> Animation {
        func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Animation(.bezier(x1: unit(c0x), y1: finite(c0y), x2: unit(c1x), y2: finite(c1y),
                                 duration: duration.isFinite && duration > 0 ? duration : 0))
    }

    // MARK: Springs

    /// A spring that settles in about `response` seconds (its period undamped); `dampingFraction` 1
    /// does not overshoot, less bounces. `blendDuration` is accepted and ignored.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        // At least a microsecond, so that the frequency stays finite.
        let r = response.isFinite && response > 0 ? max(1e-6, response) : 0.5
        let zeta = dampingFraction.isFinite ? min(1e6, max(0, dampingFraction)) : 0.825
        return Animation(.spring(omega: 2 * .pi / r, zeta: zeta))
    }

    /// A spring of perceptual `duration` and `bounce` (0: none, up to 1; negative: overdamped), as
    /// SwiftUI's: the damping fraction is 1 - bounce (1 / (1 + bounce) below zero).
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: TimeInterval = 0) -> Animation {
        let b = bounce.isFinite ? min(1, max(-0.99, bounce)) : 0
        return spring(response: duration, dampingFraction: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    /// `spring(response: 0.5, dampingFraction: 0.825)`.
    public static let spring = Animation.spring(response: 0.5, dampingFraction: 0.825)
    public static let interactiveSpring = Animation.spring(response: 0.15, dampingFraction: 0.86)
    /// A spring without bounce (0.5 s).
    public static let smooth = Animation.spring(duration: 0.5, bounce: 0)
    /// A spring with a little bounce (0.5 s, bounce 0.15).
    public static let snappy = Animation.spring(duration: 0.5, bounce: 0.15)
    /// A spring with visible bounce (0.5 s, bounce 0.3).
    public static let bouncy = Animation.spring(duration: 0.5, bounce: 0.3)

    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: extraBounce) }
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: 0.15 + extraBounce) }
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: 0.3 + extraBounce) }

    /// A spring of `stiffness` and `damping` moving `mass` (SwiftUI's; `initialVelocity` is accepted
    /// and ignored: springs start from rest).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        guard mass.isFinite, mass > 0, stiffness.isFinite, stiffness > 0, damping.isFinite else { return .smooth }
        let omega = (stiffness / mass).squareRoot(), zeta = max(0, damping) / (2 * (stiffness * mass).squareRoot())
        // A frequency too high to show (or to compute with) ends at once.
        guard omega.isFinite, omega < 2 * .pi * 1e6, zeta.isFinite else { return .linear(duration: 0) }
        return Animation(.spring(omega: omega, zeta: min(1e6, zeta)))
    }

    // MARK: Adjustments

    /// The animation, starting `delay` seconds after the change.
    public func delay(_ delay: TimeInterval) -> Animation {
        var a = self
        a.delay += delay.isFinite ? max(0, delay) : 0
        return a
    }

    /// The animation run `speed` times as fast.
    public func speed(_ speed: Double) -> Animation {
        var a = self
        if speed.isFinite, speed > 0 { a.speed *= speed }
        return a
    }

    /// The animation run `repeatCount` times, every other run backwards when `autoreverses`.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var a = self
        a.repeatCount = max(1, repeatCount)
        a.autoreverses = autoreverses
        return a
    }

    /// The animation run for ever, every other run backwards when `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self
        a.repeatCount = nil
        a.autoreverses = autoreverses
        return a
    }

    // MARK: Evaluation

    /// How far one run of the curve takes (a spring: until it has settled within 0.1%; infinite for an
    /// undamped one).
    var runDuration: Double {
        switch curve {
        case .bezier(_, _, _, _, let duration): return duration
        case let .spring(omega, zeta):
            // The slowest decay rate of the spring's motion.
            let rate = zeta <= 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
            return rate > 0 ? log(1000) / rate : .infinity
        }
    }

    /// The fraction of the way from the old value to the new one `elapsed` seconds after the change
    /// (beyond 1 where a spring overshoots), and whether the animation has ended (then it is 1).
    func fraction(at elapsed: Double) -> (value: Double, finished: Bool) {
        let t = (elapsed - delay) * speed
        guard t.isFinite else { return (1, true) }
        if t <= 0 { return (0, false) }
        let run = runDuration
        guard run > 0 else { return (1, true) }
        var local = t
        if let count = repeatCount {
            if t >= run * Double(count) { return (1, true) }
        } else if !run.isFinite {
            return (curveValue(t), false)
        }
        if run.isFinite {
            let pass = (t / run).rounded(.down)
            // Past 2^52 runs a run's phase is lost in rounding: the start of a run.
            guard pass < 4.5e15 else { return (curveValue(0), false) }
            local = min(run, max(0, t - pass * run))
            if autoreverses, pass.truncatingRemainder(dividingBy: 2) == 1 { local = run - local }
        }
        return (curveValue(local), false)
    }

    /// One run of the curve at `t` seconds.
    private func curveValue(_ t: Double) -> Double {
        switch curve {
        case let .bezier(x1, y1, x2, y2, duration):
            return Animation.bezierY(atX: min(1, t / duration), x1: x1, y1: y1, x2: x2, y2: y2)
        case let .spring(omega, zeta):
            if zeta < 1 {
                let wd = omega * (1 - zeta * zeta).squareRoot()
                return 1 - exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
            }
            if zeta == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
        }
    }

    /// The y of the Bézier timing curve at x (x(s) is increasing for control points' x in 0...1:
    /// Newton's method, with bisection where it would leave the bracket).
    static func bezierY(atX x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // A curve whose y is its x (`linear`): exact, without the solver's last bits.
        if x1 == y1, x2 == y2 { return x }
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<32 {
            let error = coordinate(s, x1, x2) - x
            if abs(error) < 1e-9 { break }
            if error > 0 { hi = s } else { lo = s }
            let d = slope(s, x1, x2)
            var next = d > 1e-9 ? s - error / d : (lo + hi) / 2
            if next <= lo || next >= hi { next = (lo + hi) / 2 }
            s = next
        }
        return coordinate(s, y1, y2)
    }
}

/// The context of a change: the animation it is made with (SwiftUI's `Transaction`, the part
/// TileRender uses).
public struct Transaction: Sendable {
    /// The animation changes made in this transaction take (nil: they show at once).
    public var animation: Animation?
    /// Whether the views' own `animation(_:value:)` modifiers are ignored for these changes.
    public var disablesAnimations = false

    public init() {}
    public init(animation: Animation?) { self.animation = animation }

    /// The transaction of the changes being made on this task (`withAnimation`, `withTransaction`).
    @TaskLocal package static var current: Transaction?
}

/// Runs `body`, whose changes to the views' state animate with `animation` (SwiftUI's
/// `withAnimation`). An `AnimationRenderer` shows them over time (see `record(seconds:_:)`); an
/// `ImageRenderer`, which renders single moments, shows the changed state at once.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    var transaction = Transaction.current ?? Transaction()
    transaction.animation = animation
    return try Transaction.$current.withValue(transaction, operation: body)
}

/// Runs `body` with its changes made in `transaction`.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(transaction, operation: body)
}
