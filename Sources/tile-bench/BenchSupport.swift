import Foundation
import TileRender

/// Walks a command's arguments; `value(for:)` takes the argument after a flag.
struct Arguments {
    private let items: [String]
    private var index = 0
    init(_ items: [String]) { self.items = items }

    /// The next argument, or nil at the end.
    mutating func next() -> String? {
        guard index < items.count else { return nil }
        defer { index += 1 }
        return items[index]
    }

    mutating func value(for flag: String) throws -> String {
        guard let v = next() else { throw UsageError(description: "\(flag) needs a value") }
        return v
    }

    /// A `--backend` value: cpu, vulkan or auto.
    mutating func backend(for flag: String) throws -> Backend {
        let text = try value(for: flag)
        guard let b = Backend(rawValue: text) else { throw UsageError(description: "invalid \(flag) '\(text)': cpu, vulkan or auto") }
        return b
    }

    /// A `--repeat` count: a whole number, at least 1.
    mutating func repeatCount(for flag: String) throws -> Int {
        let text = try value(for: flag)
        guard let n = Int(text), n >= 1 else { throw UsageError(description: "invalid \(flag) '\(text)'") }
        return n
    }
}

/// Runs `body` and returns its result and the time it took, in milliseconds.
func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let result = try body()
    let elapsed = ContinuousClock.now - start
    return (result, Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) * 1e-15)
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
