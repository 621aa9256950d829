import Foundation

/// The reference-scene tolerance rule of Tests/Fixtures/Scenes (MANIFEST.md "Tolerance rule", imgdiff.py),
/// in Swift: the tests, `tile-bench check` and tile-bench's pixel checks share it.
///
/// Images are compared premultiplied, in 0...255 levels:
/// - meanAbs: mean absolute difference over all pixels and the 4 channels;
/// - pctOver8: percentage of pixels whose largest channel difference exceeds 8 levels;
/// - maxAbs: the largest channel difference;
/// - local5: largest mean of the per-pixel largest channel difference over any 5x5 window.
///
/// Everything is summed in integers (exact), so the figures do not depend on summation order.
package struct ImageDifference: Sendable, CustomStringConvertible {
    package var meanAbs: Double
    package var pctOver8: Double
    package var maxAbs: Double
    package var local5: Double

    /// The side of the local-error window.
    package static let window = 5

    /// Compares two bitmaps of the same size on their premultiplied levels.
    package init(_ a: Bitmap, _ b: Bitmap) {
        precondition(a.width == b.width && a.height == b.height,
                     "size mismatch: \(a.width)x\(a.height) vs \(b.width)x\(b.height)")
        self = a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                ImageDifference(width: a.width, height: a.height, levelScale: 1) { y, perPixel in
                    Self.rowDifference(ReadOnlySpan(pa), rowStart: y * a.bytesPerRow, ReadOnlySpan(pb), rowStart: y * b.bytesPerRow,
                                       straightAlpha: false, into: perPixel)
                }
            }
        }
    }

    /// Compares two images of straight (unpremultiplied) RGBA8, packed rows of `width * 4` bytes, as PNG
    /// stores them. They are premultiplied exactly, as imgdiff.py does in floating point, not rounded
    /// to 8 bits as a `Bitmap` is: this is check.py's figure for a PNG.
    package init(straightRGBA a: [UInt8], _ b: [UInt8], width: Int, height: Int) {
        precondition(width >= 1 && height >= 1 && a.count == width * height * 4 && b.count == a.count,
                     "expected two \(width)x\(height) RGBA8 images")
        self = a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                // Levels times 255: colour c at alpha a premultiplies to c * a / 255.
                ImageDifference(width: width, height: height, levelScale: 255) { y, perPixel in
                    Self.rowDifference(ReadOnlySpan(pa), rowStart: y * width * 4, ReadOnlySpan(pb), rowStart: y * width * 4,
                                       straightAlpha: true, into: perPixel)
                }
            }
        }
    }

    /// The shared computation. `rowDifference(y, perPixel)` writes row `y`'s per-pixel largest channel
    /// difference, in levels times `levelScale`, and returns the row's sum of all channel differences.
    private init(width w: Int, height h: Int, levelScale: Int,
                 rowDifference: (Int, ScratchSpan<Int>) -> Int) {
        let k = min(Self.window, w, h)
        let over8Threshold = 8 * levelScale
        var sum = 0, over8 = 0, largest = 0, bestWindow = 0
        // The window sums come from a summed-area table kept k rows deep: `columnSums[x]` is the sum of
        // column x over the last k rows, so each window is a sum of k adjacent column sums.
        var rows = [Int](repeating: 0, count: k * w)  // the last k rows of per-pixel differences, a ring
        var columnSums = [Int](repeating: 0, count: w)
        rows.withUnsafeMutableBufferPointer { rows in
            columnSums.withUnsafeMutableBufferPointer { columnSums in
                let rows = ScratchSpan(rows), columns = ScratchSpan(columnSums)
                for y in 0..<h {
                    let row = rows.slice(from: (y % k) * w, count: w)
                    // Take the row that leaves the window out of the column sums before it is overwritten.
                    if y >= k { for x in 0..<w { columns[x] -= row[x] } }
                    sum += rowDifference(y, row)
                    for x in 0..<w {
                        let m = row[x]
                        columns[x] += m
                        if m > over8Threshold { over8 += 1 }
                        if m > largest { largest = m }
                    }
                    guard y >= k - 1 else { continue }
                    var windowSum = 0
                    for x in 0..<k { windowSum += columns[x] }
                    bestWindow = max(bestWindow, windowSum)
                    for x in k..<w {
                        windowSum += columns[x] - columns[x - k]
                        if windowSum > bestWindow { bestWindow = windowSum }
                    }
                }
            }
        }
        let scale = Double(levelScale)
        meanAbs = Double(sum) / scale / Double(w * h * 4)
        pctOver8 = Double(over8) / Double(w * h) * 100
        maxAbs = Double(largest) / scale
        local5 = Double(bestWindow) / scale / Double(k * k)
    }

    /// One row's per-pixel largest channel difference, and the row's sum of channel differences. Premultiplied
    /// rows compare in levels; straight rows (`straightAlpha`) are premultiplied exactly, colour times alpha
    /// against alpha times 255, in levels times 255.
    private static func rowDifference(_ a: ReadOnlySpan<UInt8>, rowStart ra: Int, _ b: ReadOnlySpan<UInt8>, rowStart rb: Int,
                                      straightAlpha: Bool, into perPixel: ScratchSpan<Int>) -> Int {
        let alphaWeight = straightAlpha ? 255 : 1
        var sum = 0
        for x in 0..<perPixel.count {
            let i = ra + 4 * x, j = rb + 4 * x
            let alphaA = Int(a[i + 3]), alphaB = Int(b[j + 3])
            let weightA = straightAlpha ? alphaA : 1, weightB = straightAlpha ? alphaB : 1
            let dr = abs(Int(a[i]) * weightA - Int(b[j]) * weightB)
            let dg = abs(Int(a[i + 1]) * weightA - Int(b[j + 1]) * weightB)
            let db = abs(Int(a[i + 2]) * weightA - Int(b[j + 2]) * weightB)
            let da = abs(alphaA - alphaB) * alphaWeight
            sum += dr + dg + db + da
            perPixel[x] = max(max(dr, dg), max(db, da))
        }
        return sum
    }

    package var description: String {
        String(format: "mean_abs %.3f, pct>8 %.3f%%, local5 %.1f, max %.0f", meanAbs, pctOver8, local5, maxAbs)
    }
}

/// A scene's limits (agreement.json's `tol_*`): a candidate passes when none of its three figures is over.
package struct SceneTolerance: Sendable, Equatable {
    package var meanAbs: Double
    package var pctOver8: Double
    package var local5: Double

    package init(meanAbs: Double, pctOver8: Double, local5: Double) {
        self.meanAbs = meanAbs
        self.pctOver8 = pctOver8
        self.local5 = local5
    }

    /// The rule's floors, as for a scene whose two reference renderers agree exactly: the limits for
    /// comparing two TileRender renders of the same picture.
    package static let floors = SceneTolerance(meanAbs: 1, pctOver8: 1, local5: 40)

    package func accepts(_ d: ImageDifference) -> Bool {
        d.meanAbs <= meanAbs && d.pctOver8 <= pctOver8 && d.local5 <= local5
    }

    /// Reads every scene's tolerance from `agreement.json` in `folder`. A scene without its three numbers
    /// is an error that names it, so that no scene is silently left unchecked.
    package static func load(from folder: URL) throws -> [String: SceneTolerance] {
        let file = folder.appendingPathComponent("agreement.json")
        let data = try Data(contentsOf: file)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ToleranceFileError(file: file, reason: "not a JSON object of scenes")
        }
        var out: [String: SceneTolerance] = [:]
        for (name, value) in json {
            guard let entry = value as? [String: Any], let m = Self.number(entry["tol_mean_abs"]),
                  let p = Self.number(entry["tol_pct_over8"]), let l = Self.number(entry["tol_local5"]) else {
                throw ToleranceFileError(file: file, reason: "scene '\(name)' lacks tol_mean_abs, tol_pct_over8 or tol_local5")
            }
            out[name] = SceneTolerance(meanAbs: m, pctOver8: p, local5: l)
        }
        return out
    }

    /// A JSON number as a Double, whether JSONSerialization made it an integer or not.
    private static func number(_ value: Any?) -> Double? {
        if let d = value as? Double { return d }
        if let i = value as? Int { return Double(i) }
        return nil
    }
}

/// An agreement.json that cannot be used.
package struct ToleranceFileError: Error, CustomStringConvertible {
    package var file: URL
    package var reason: String
    package var description: String { "\(file.path): \(reason)" }
}
