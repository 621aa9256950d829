import Foundation

// Set operations on paths (SwiftUI's union, intersection, subtracting, symmetricDifference).
//
// Both paths are flattened to polygons (within `GeometryTolerance.setOperation` units of the curves, by
// `CurveFlattener`, walked by `PathSegments` with every subpath closed), every edge is split where it
// meets another edge, and each piece is kept when the result's inside lies on exactly one side of it:
// the winding of both inputs is sampled just left and right of the piece's midpoint. Kept pieces are
// oriented with the result on their left and linked into closed contours. The result is exact for
// polygons (up to float rounding) and within the flattening tolerance for curves; it has lines only.
// Splitting sweeps over x and the winding samples use a segment tree over y (`WindingIndex`), so
// ordinary outlines cost about n log n; a chord budget keeps n bounded for any curves.

extension Path {
    /// The area inside either path.
    public func union(_ other: Path, eoFill: Bool = false) -> Path {
        SetOperation.apply(self, other, eoFill: eoFill) { $0 || $1 }
    }
    /// The area inside both paths.
    public func intersection(_ other: Path, eoFill: Bool = false) -> Path {
        SetOperation.apply(self, other, eoFill: eoFill) { $0 && $1 }
    }
    /// The area inside this path and outside `other`.
    public func subtracting(_ other: Path, eoFill: Bool = false) -> Path {
        SetOperation.apply(self, other, eoFill: eoFill) { $0 && !$1 }
    }
    /// The area inside exactly one of the paths.
    public func symmetricDifference(_ other: Path, eoFill: Bool = false) -> Path {
        SetOperation.apply(self, other, eoFill: eoFill) { $0 != $1 }
    }
}

package enum SetOperation {
    package static let tolerance = GeometryTolerance.setOperation

    package struct Edge {
        package var a: SIMD2<Double>
        package var b: SIMD2<Double>
        package var fromFirst: Bool
        /// How many coincident edges of one path, all running from `a` to `b`, this edge stands for
        /// (`merged`): stacked copies of a shape are one edge of weight k, so splitting them costs as
        /// much as one copy (they made the pair tests quadratic: fuzz findings).
        package var weight: Int32 = 1
        /// The winding this edge adds to points right of it (downward edges count up).
        package var signedWeight: Int32 { b.y > a.y ? weight : -weight }
    }

    /// Coincident edges of one path merged into one, weights summed with their directions (an edge
    /// and its reverse cancel; a net weight of 0 leaves no boundary and is dropped). The first
    /// occurrence keeps its place, so the result does not depend on hashing. Edges with a NaN
    /// coordinate bound nothing and are dropped: NaN keys all hash alike and never compare equal, so
    /// 100,000 of them made this quadratic (50 s under ASan: a fuzz finding).
    package static func merged(_ edges: [Edge]) -> [Edge] {
        struct Key: Hashable { let edge: EdgeKey; let fromFirst: Bool }
        var slot: [Key: Int] = [:]
        var out: [Edge] = []
        out.reserveCapacity(edges.count)
        for e in edges where !(e.a.x.isNaN || e.a.y.isNaN || e.b.x.isNaN || e.b.y.isNaN) {
            let key = Key(edge: EdgeKey(e.a, e.b), fromFirst: e.fromFirst)
            if let i = slot[key] {
                out[i].weight += out[i].a == e.a ? e.weight : -e.weight
            } else {
                slot[key] = out.count
                out.append(e)
            }
        }
        return out.compactMap { e in
            if e.weight > 0 { return e }
            if e.weight < 0 { return Edge(a: e.b, b: e.a, fromFirst: e.fromFirst, weight: -e.weight) }
            return nil
        }
    }

    /// Curves are flattened into at most about this many chords in all (both paths together): past it the
    /// tolerance grows, so a set operation on enormous or finely curved input stays bounded in time
    /// (20,000 cost over 0.2 s an operation under ASan: fuzz findings). A circle of radius 500 takes
    /// about 400 chords at the default tolerance.
    package static let maxCurveChords = 8_000
    /// Edge pairs the first split may test before the curves are flattened coarser (about 20 ms; 8
    /// million took 1 s under ASan and fuzzer instrumentation, a fuzz finding).
    package static let maxPairTests = 4_000_000
    /// Pieces one split may cut the edges into (each is then classified by winding queries): many
    /// edges crossing each other make about n²/4 of them (234,498 from 4,902 edges: a fuzz finding;
    /// classifying 100,000 long crossing pieces took over 1 s under ASan, another).
    package static let maxSplitPieces = 50_000
    /// Rows and columns of the grid that approximates a set operation too complex to split exactly.
    package static let approximationGrid = 512

    package static func apply(_ first: Path, _ second: Path, eoFill: Bool, _ keep: (Bool, Bool) -> Bool) -> Path {
        var tolerance = flatteningTolerance(first, second)
        var edges: [Edge]? = nil
        var flattened: [Edge] = []
        // Edges that overlap in both axes (stacked copies, chords of one curve folded on itself) make
        // the pair tests quadratic: past `maxPairTests` or `maxSplitPieces` the curves are flattened 16
        // times coarser (a quarter of the chords) and split again, a few times. Input that stays too
        // complex (lines, or curves that coarser flattening barely reduces) is approximated on a grid.
        for attempt in 0..<4 {
            let previousCount = flattened.count
            flattened = merged(polygonEdges(first, fromFirst: true, tolerance: tolerance)
                + polygonEdges(second, fromFirst: false, tolerance: tolerance))
            if flattened.isEmpty { return Path() }
            if attempt > 0 && Double(flattened.count) > 0.9 * Double(previousCount) { break }
            // Each coarser attempt has a quarter of the previous budget (it has about a quarter of
            // the chords, a sixteenth of the pairs), so all attempts together test at most 4/3 of
            // `maxPairTests` pairs.
            if let split = splitAtIntersections(flattened, maxPairTests: maxPairTests >> (2 * attempt), maxPieces: maxSplitPieces) {
                // Overlapping edges split at each other's ends leave coincident pieces.
                edges = merged(split)
                break
            }
            tolerance *= 16
        }
        guard let edges else { return gridApproximation(flattened, eoFill: eoFill, keep) }
        let firstEdges = WindingIndex(edges.filter(\.fromFirst)), secondEdges = WindingIndex(edges.filter { !$0.fromFirst })
        // The sampling offset: tiny against the geometry, large against float rounding.
        var extent = 0.0
        for e in edges { extent = max(extent, abs(e.a.x), abs(e.a.y), abs(e.b.x), abs(e.b.y)) }
        let offset = max(GeometryTolerance.setOperationMinimumSampleOffset, extent * GeometryTolerance.setOperationSampleOffset)
        func inside(_ p: SIMD2<Double>, _ index: WindingIndex) -> Bool {
            let w = index.winding(p)
            return eoFill ? w % 2 != 0 : w != 0
        }
        var kept: [Edge] = []
        var seen = Set<EdgeKey>()
        for e in edges {
            // Coincident edges from both paths are one boundary piece.
            guard seen.insert(EdgeKey(e.a, e.b)).inserted else { continue }
            let d = e.b - e.a
            let length = (d * d).sum().squareRoot()
            if length == 0 { continue }
            let normal = SIMD2(-d.y, d.x) / length * offset
            let mid = (e.a + e.b) * 0.5
            let left = keep(inside(mid + normal, firstEdges), inside(mid + normal, secondEdges))
            let right = keep(inside(mid - normal, firstEdges), inside(mid - normal, secondEdges))
            if left && !right { kept.append(Edge(a: e.a, b: e.b, fromFirst: true)) }
            else if right && !left { kept.append(Edge(a: e.b, b: e.a, fromFirst: true)) }
        }
        return link(kept)
    }

    /// Unordered endpoint pair, so an edge and its reverse are the same key.
    package struct EdgeKey: Hashable {
        package let x0: Double, y0: Double, x1: Double, y1: Double
        package init(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            let (p, q) = (a.x, a.y) < (b.x, b.y) ? (a, b) : (b, a)
            x0 = p.x; y0 = p.y; x1 = q.x; y1 = q.y
        }
    }

    /// The flattening tolerance for both paths: `tolerance` for ordinary geometry, relative to the
    /// coordinates' size where they are huge (0.02 units of 1e9 is below Double's resolution there), and
    /// coarser still when the curves would need more than `maxCurveChords` chords.
    package static func flatteningTolerance(_ first: Path, _ second: Path) -> Double {
        var extent = 0.0
        for path in [first, second] {
            for segment in path.segments() {
                let points: [SIMD2<Double>]
                switch segment {
                case .move(let q), .line(_, let q), .close(_, let q): points = [q]
                case .quad(_, let c, let q): points = [q, c]
                case .cubic(_, let c1, let c2, let q): points = [q, c1, c2]
                }
                for p in points { extent = max(extent, abs(p.x), abs(p.y)) }
            }
        }
        var tol = max(tolerance, extent * GeometryTolerance.setOperationRelative)
        // Chord counts go as 1/sqrt(tolerance); the 1.1 leaves room for rounding up. Counts clamped per
        // curve understate the need, hence a few rounds.
        for _ in 0..<8 {
            let chords = Double(curveChordCount(first, tolerance: tol) + curveChordCount(second, tolerance: tol))
            guard chords > Double(maxCurveChords) else { break }
            let ratio = chords / Double(maxCurveChords) * 1.1
            tol *= ratio * ratio
        }
        return tol
    }

    /// Chords `polygonEdges` would make for the curves of `path` at `tolerance`.
    package static func curveChordCount(_ path: Path, tolerance: Double) -> Int {
        var total = 0
        for segment in path.segments() {
            if let curve = BezierCurve(segment) { total += CurveFlattener.chordCount(curve, tolerance: tolerance) }
        }
        return total
    }

    /// Closed polygons of a path (every subpath closed, as a fill closes it), curves flattened with
    /// their vertices on the curves.
    package static func polygonEdges(_ path: Path, fromFirst: Bool, tolerance: Double = SetOperation.tolerance) -> [Edge] {
        var edges: [Edge] = []
        func add(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            if a != b { edges.append(Edge(a: a, b: b, fromFirst: fromFirst)) }
        }
        for segment in path.segments(closing: .everySubpath) {
            switch segment {
            case .move:
                continue
            case .line(let a, let b), .close(let a, let b):
                add(a, b)
            case .quad, .cubic:
                let curve = BezierCurve(segment)!
                var previous = curve.p0
                CurveFlattener.forEachChordEnd(curve, tolerance: tolerance, placement: .onCurve) { q in
                    add(previous, q)
                    previous = q
                }
            }
        }
        return edges
    }

    /// Splits every edge at the points where it meets another (crossings, T-junctions, overlaps).
    ///
    /// Pairs are found by a sweep over x: edges sorted by their left end, each tested only against the
    /// edges that start before it ends, so ordinary outlines cost about n log n rather than n².
    package static func splitAtIntersections(_ edges: [Edge], maxPairTests: Int = Int.max, maxPieces: Int = Int.max) -> [Edge]? {
        // Sweep along the axis on which the edges are shortest against the drawing's extent (long
        // horizontal edges stacked in y overlap every sweep in x): the other axis is swapped in.
        var lowX = Double.infinity, highX = -Double.infinity, lowY = Double.infinity, highY = -Double.infinity
        var spanX = 0.0, spanY = 0.0
        for e in edges {
            lowX = min(lowX, e.a.x, e.b.x); highX = max(highX, e.a.x, e.b.x)
            lowY = min(lowY, e.a.y, e.b.y); highY = max(highY, e.a.y, e.b.y)
            spanX += abs(e.b.x - e.a.x); spanY += abs(e.b.y - e.a.y)
        }
        if spanY * (highX - lowX) < spanX * (highY - lowY) {
            func swapped(_ e: Edge) -> Edge {
                Edge(a: SIMD2(e.a.y, e.a.x), b: SIMD2(e.b.y, e.b.x), fromFirst: e.fromFirst, weight: e.weight)
            }
            return sweepSplit(edges.map(swapped), maxPairTests: maxPairTests, maxPieces: maxPieces)?.map(swapped)
        }
        return sweepSplit(edges, maxPairTests: maxPairTests, maxPieces: maxPieces)
    }

    /// `splitAtIntersections` with the sweep over x.
    private static func sweepSplit(_ edges: [Edge], maxPairTests: Int, maxPieces: Int) -> [Edge]? {
        var pairTests = 0
        var pieces = edges.count
        var cuts = [[Double]](repeating: [], count: edges.count)
        // Each edge's box (low x, low y, high x, high y), in sweep order: the inner loop, which runs up
        // to `maxPairTests` times, reads this one contiguous array and touches an edge only when the
        // boxes overlap.
        let byLeft = edges.indices.sorted { min(edges[$0].a.x, edges[$0].b.x) < min(edges[$1].a.x, edges[$1].b.x) }
        let boxes = byLeft.map { i -> SIMD4<Double> in
            let e = edges[i]
            return SIMD4(min(e.a.x, e.b.x), min(e.a.y, e.b.y), max(e.a.x, e.b.x), max(e.a.y, e.b.y))
        }
        for (position, i) in byLeft.enumerated() {
            let p = edges[i].a, r = edges[i].b - edges[i].a
            let boxI = boxes[position]
            var next = position + 1
            while next < boxes.count {
                let boxJ = boxes[next]
                if boxJ.x > boxI.z { break }  // this and every later edge start right of i
                pairTests += 1
                if pairTests > maxPairTests { return nil }
                let j = byLeft[next]
                next += 1
                if boxJ.w < boxI.y || boxJ.y > boxI.w { continue }
                let q = edges[j].a, s = edges[j].b - edges[j].a
                let denom = r.x * s.y - r.y * s.x
                let qp = q - p
                if denom == 0 {
                    // Parallel: if collinear, each edge is cut at the other's end points that lie on it.
                    guard qp.x * r.y - qp.y * r.x == 0 else { continue }
                    let rr = (r * r).sum(), ss = (s * s).sum()
                    for t in [((q - p) * r).sum() / rr, ((edges[j].b - p) * r).sum() / rr] where t > 0 && t < 1 { cuts[i].append(t); pieces += 1 }
                    for u in [((p - q) * s).sum() / ss, ((edges[i].b - q) * s).sum() / ss] where u > 0 && u < 1 { cuts[j].append(u); pieces += 1 }
                    if pieces > maxPieces { return nil }
                    continue
                }
                let t = (qp.x * s.y - qp.y * s.x) / denom
                let u = (qp.x * r.y - qp.y * r.x) / denom
                guard t >= 0, t <= 1, u >= 0, u <= 1 else { continue }
                if t > 0 && t < 1 { cuts[i].append(t); pieces += 1 }
                if u > 0 && u < 1 { cuts[j].append(u); pieces += 1 }
                if pieces > maxPieces { return nil }
            }
        }
        var out: [Edge] = []
        out.reserveCapacity(edges.count * 2)
        for (i, e) in edges.enumerated() {
            let ts = cuts[i].sorted()
            var previous = e.a
            for t in ts {
                let p = e.a + (e.b - e.a) * t
                if p != previous { out.append(Edge(a: previous, b: p, fromFirst: e.fromFirst, weight: e.weight)) }
                previous = p
            }
            if previous != e.b { out.append(Edge(a: previous, b: e.b, fromFirst: e.fromFirst, weight: e.weight)) }
        }
        return snap(out)
    }

    /// The set operation's region sampled on an `approximationGrid` square grid over both paths'
    /// bounds, as rectangles of whole cells (runs of kept cells, merged down rows where they repeat).
    /// Used where the edges cross too often to be split exactly: the winding at each cell centre
    /// comes from the edges crossing its row, which needs no split, so the cost is rows x edges.
    package static func gridApproximation(_ edges: [Edge], eoFill: Bool, _ keep: (Bool, Bool) -> Bool) -> Path {
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for e in edges {
            low = pointwiseMin(low, pointwiseMin(e.a, e.b)); high = pointwiseMax(high, pointwiseMax(e.a, e.b))
        }
        let n = approximationGrid
        let cell = (high - low) / Double(n)
        guard cell.x > 0, cell.y > 0, cell.x.isFinite, cell.y.isFinite else { return Path() }
        func inside(_ w: Int) -> Bool { eoFill ? w % 2 != 0 : w != 0 }
        var path = Path()
        // Open runs, columns [start, end), in the order they began, and the row each began at.
        var open: [SIMD2<Int32>: Int] = [:]
        var order: [SIMD2<Int32>] = []
        func emit(_ run: SIMD2<Int32>, from top: Int, to bottom: Int) {
            path.addRect(CGRect(x: low.x + Double(run.x) * cell.x, y: low.y + Double(top) * cell.y,
                                width: Double(run.y - run.x) * cell.x, height: Double(bottom - top) * cell.y))
        }
        var crossings: [(x: Double, first: Int32, second: Int32)] = []
        for row in 0...n {
            var runs: [SIMD2<Int32>] = []
            if row < n {
                let y = low.y + (Double(row) + 0.5) * cell.y
                crossings.removeAll(keepingCapacity: true)
                for e in edges where (e.a.y <= y) != (e.b.y <= y) {
                    let x = e.a.x + (y - e.a.y) * (e.b.x - e.a.x) / (e.b.y - e.a.y)
                    crossings.append((x, e.fromFirst ? e.signedWeight : 0, e.fromFirst ? 0 : e.signedWeight))
                }
                crossings.sort { $0.x < $1.x }
                var w1 = 0, w2 = 0, next = 0
                var runStart: Int32? = nil
                for column in 0..<n {
                    let x = low.x + (Double(column) + 0.5) * cell.x
                    while next < crossings.count && crossings[next].x < x {
                        w1 += Int(crossings[next].first); w2 += Int(crossings[next].second); next += 1
                    }
                    let kept = keep(inside(w1), inside(w2))
                    if kept && runStart == nil { runStart = Int32(column) }
                    if !kept, let start = runStart { runs.append(SIMD2(start, Int32(column))); runStart = nil }
                }
                if let start = runStart { runs.append(SIMD2(start, Int32(n))) }
            }
            // Runs that end here are emitted; those that go on keep growing down.
            let continuing = Set(runs)
            for run in order where !continuing.contains(run) { emit(run, from: open[run]!, to: row); open[run] = nil }
            order = order.filter { continuing.contains($0) }
            for run in runs where open[run] == nil { open[run] = row; order.append(run) }
        }
        return path
    }

    /// Merges end points that differ by float rounding, so pieces link up exactly.
    package static func snap(_ edges: [Edge]) -> [Edge] {
        var extent = 0.0
        for e in edges { extent = max(extent, abs(e.a.x), abs(e.a.y), abs(e.b.x), abs(e.b.y)) }
        let grid = max(GeometryTolerance.setOperationMinimumSnapGrid, extent * GeometryTolerance.setOperationSnapGrid)
        func key(_ p: SIMD2<Double>) -> SIMD2<Double> { (p / grid).rounded(.toNearestOrEven) * grid }
        return edges.compactMap { e in
            let a = key(e.a), b = key(e.b)
            return a == b ? nil : Edge(a: a, b: b, fromFirst: e.fromFirst, weight: e.weight)
        }
    }

    /// Winding numbers of a closed edge set in O(log² n) a query for any edge layout (a per-query scan
    /// of every edge made set operations quadratic: fuzz findings). The y range is cut into leaves of a
    /// segment tree. An edge goes to the tree nodes whose y interval it spans completely and, at the
    /// (at most two) leaves where it starts or ends inside, to that leaf's short list. Edges that span
    /// a node do not cross inside it (every edge was split where it meets another), so they are kept
    /// in their left-to-right order with prefix sums of their directions: a binary search then counts
    /// those left of the query point.
    package struct WindingIndex {
        package let edges: [Edge]
        /// Where each leaf begins, increasing: quantiles of the edges' end points, so that about the
        /// same number of edges start or end in every leaf however they cluster.
        package let starts: [Double]
        package var leafCount: Int { starts.count }
        package var low: Double { starts[0] }
        /// Per tree node (heap order, root 1, leaves `leafCount...`): spanning edges, left to right,
        /// and the running sum of their directions (count + 1 entries).
        package var spanning: [[Int32]]
        package var prefix: [[Int32]]
        /// Per leaf: edges that start or end inside it.
        package var partial: [[Int32]]

        package init(_ all: [Edge]) {
            let edges = all.filter { $0.a.y != $0.b.y }  // horizontal edges never cross a ray
            self.edges = edges
            var ends: [Double] = []
            ends.reserveCapacity(2 * edges.count)
            for e in edges { ends.append(e.a.y); ends.append(e.b.y) }
            ends.sort()
            var leaves = 1
            while leaves < 4096 && leaves * 8 < edges.count { leaves *= 2 }
            var starts: [Double] = [ends.first ?? 0]
            if leaves > 1 {
                for k in 1..<leaves {
                    let y = ends[k * ends.count / leaves]
                    if y > starts.last! { starts.append(y) }
                }
            }
            // The tree wants a power of two of leaves: empty ones (starting at +inf) pad it.
            var padded = 1
            while padded < starts.count { padded *= 2 }
            starts += [Double](repeating: .infinity, count: padded - starts.count)
            self.starts = starts
            leaves = padded
            spanning = [[Int32]](repeating: [], count: 2 * leaves)
            partial = [[Int32]](repeating: [], count: leaves)
            prefix = []
            for (i, e) in edges.enumerated() {
                let y0 = min(e.a.y, e.b.y), y1 = max(e.a.y, e.b.y)
                let la = leaf(y0), lb = leaf(y1)
                var first = la, last = lb
                if !(y0 <= start(la) && y1 >= start(la + 1)) { partial[la].append(Int32(i)); first += 1 }
                if lb != la && !(y0 <= start(lb) && y1 >= start(lb + 1)) { partial[lb].append(Int32(i)); last -= 1 }
                guard first <= last else { continue }
                var l = first + leaves, r = last + leaves + 1
                while l < r {
                    if l & 1 == 1 { spanning[l].append(Int32(i)); l += 1 }
                    if r & 1 == 1 { r -= 1; spanning[r].append(Int32(i)) }
                    l >>= 1; r >>= 1
                }
            }
            prefix = [[Int32]](repeating: [], count: 2 * leaves)
            for node in 1..<(2 * leaves) where !spanning[node].isEmpty {
                var (s, e) = (node, node)
                while s < leaves { s = 2 * s; e = 2 * e + 1 }
                let mid = (start(s - leaves) + min(start(e - leaves + 1), start(s - leaves) + 1e300)) / 2
                let edges = self.edges
                spanning[node].sort { WindingIndex.x(edges[Int($0)], at: mid) < WindingIndex.x(edges[Int($1)], at: mid) }
                var sums: [Int32] = [0]
                sums.reserveCapacity(spanning[node].count + 1)
                for i in spanning[node] { sums.append(sums.last! + edges[Int(i)].signedWeight) }
                prefix[node] = sums
            }
        }

        /// Where leaf `i` begins (past the last leaf: +inf).
        package func start(_ i: Int) -> Double { i >= starts.count ? .infinity : starts[i] }

        /// The leaf holding `y`: the last one starting at or below it.
        package func leaf(_ y: Double) -> Int {
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let m = (lo + hi + 1) / 2
                if starts[m] <= y { lo = m } else { hi = m - 1 }
            }
            return lo
        }

        package static func x(_ e: Edge, at y: Double) -> Double { e.a.x + (y - e.a.y) * (e.b.x - e.a.x) / (e.b.y - e.a.y) }

        /// Winding number around `p` (a ray to the left): edges with minY <= p.y < maxY left of p.
        package func winding(_ p: SIMD2<Double>) -> Int {
            guard !edges.isEmpty, p.y.isFinite, p.y >= low else { return 0 }
            let l = leaf(p.y)
            var w = 0
            for i in partial[l] {
                let e = edges[Int(i)]
                guard (e.a.y <= p.y) != (e.b.y <= p.y) else { continue }
                if WindingIndex.x(e, at: p.y) < p.x { w += Int(e.signedWeight) }
            }
            var node = l + leafCount
            while node >= 1 {
                let list = spanning[node]
                if !list.isEmpty {
                    // The spanning edges are ordered left to right: count those left of p.
                    var lo = 0, hi = list.count
                    while lo < hi {
                        let m = (lo + hi) / 2
                        if WindingIndex.x(edges[Int(list[m])], at: p.y) < p.x { lo = m + 1 } else { hi = m }
                    }
                    w += Int(prefix[node][lo])
                }
                node >>= 1
            }
            return w
        }
    }

    /// Links oriented pieces into closed contours.
    package static func link(_ edges: [Edge]) -> Path {
        struct PointKey: Hashable { let x: Double, y: Double }
        var outgoing: [PointKey: [Int]] = [:]
        for (i, e) in edges.enumerated() { outgoing[PointKey(x: e.a.x, y: e.a.y), default: []].append(i) }
        var used = [Bool](repeating: false, count: edges.count)
        var path = Path()
        for startIndex in 0..<edges.count where !used[startIndex] {
            var contour: [SIMD2<Double>] = [edges[startIndex].a]
            var index = startIndex
            while !used[index] {
                used[index] = true
                let end = edges[index].b
                contour.append(end)
                guard let next = outgoing[PointKey(x: end.x, y: end.y)]?.first(where: { !used[$0] }) else { break }
                index = next
            }
            guard contour.count >= 3 else { continue }
            path.move(to: CGPoint(x: contour[0].x, y: contour[0].y))
            for p in contour.dropFirst().dropLast() { path.addLine(to: CGPoint(x: p.x, y: p.y)) }
            path.closeSubpath()
        }
        return path
    }
}
