import Foundation

/// The importer's limits on hostile documents and the builder's counters for them. Each limit is far
/// above what real documents need and is documented in README.md ("Limits and bad input").
struct SVGBuildLimits {
    /// Characters of text laid out so far (bounded by `SVGBuilder.maxTextCharacters`).
    var textCharacters = 0
    /// Nesting levels the builder follows: XML nesting plus each `<use>` (and its `<symbol>`) and
    /// `<clipPath>` content it expands. Deeper content is skipped with a warning. Building and drawing
    /// recurse once per level, so this bounds their stack (see `SVGLargeStack`).
    static let maxNestingDepth = 256
    /// Elements the document may expand to once every `<use>` is instantiated (each `<use>` copies
    /// its target's subtree). Beyond it import throws `SVGError.limitExceeded`. More than real
    /// documents written out in 10 MB (libxml2's size limit) hold; at about 1.2 KB per element from
    /// import to pixels (measured), it bounds memory to about 1.2 GB and time to seconds.
    static let maxExpandedElements = 1_000_000
    /// Bytes of path data (`d`, `points`) the document may expand to with every `<use>` instantiated
    /// (each instance parses and flattens its geometry again): three times a 10 MB file of one path.
    /// About 400 MB from import to pixels at the limit; beyond it `SVGError.limitExceeded`.
    static let maxPathDataBytes = 32 << 20
    /// Bytes of attribute text (every attribute, path data included) the document may expand to:
    /// each instance parses its `style`, `transform`, paints, dashes... again. Beyond it
    /// `SVGError.limitExceeded`.
    static let maxAttributeBytes = 128 << 20
    /// Gradient stops painted, summed over every fill and stroke with a gradient (each keeps its own
    /// stops): about 200 MB at the limit; beyond it `SVGError.limitExceeded`.
    static let maxPaintedStops = 4_000_000
    /// Dash array entries stroked, summed over every dashed shape (an inherited `stroke-dasharray` is
    /// copied into each shape): about 100 MB at the limit; beyond it `SVGError.limitExceeded`.
    static let maxStrokedDashes = 4_000_000
    /// `<clipPath>`s referencing each other (`clip-path` on a `<clipPath>` or on its children) that
    /// are followed; deeper references are ignored with a warning.
    static let maxClipPathChain = 32
    /// Shapes whose outlines are bounded again for objectBoundingBox clips nested under rotations or
    /// skews (`SVGDocument.boundingBox(of:exactBudget:)`); beyond it the inner clipped groups' cached
    /// boxes are used, transformed (boxes that contain the exact ones).
    static let maxExactBoxShapes = 10_000_000
    /// Warnings listed; the rest are counted in one last warning.
    static let maxWarnings = 1000
    /// Characters of a warning message kept (messages quote attribute values, which may be huge).
    static let maxWarningLength = 300

    /// Current nesting level of `SVGBuilder.build`.
    var depth = 0
    /// Deepest level built (the drawing model's depth).
    var maxDepthReached = 0
    /// Elements built so far.
    var elementCount = 0
    /// Path data bytes built so far.
    var pathDataBytes = 0
    /// Attribute bytes built so far.
    var attributeBytes = 0
    /// Gradient stops painted so far.
    var paintedStops = 0
    /// Dash array entries stroked so far.
    var strokedDashes = 0
    /// Set when a limit that ends the import was exceeded; building then stops.
    var error: SVGError?
    /// Warnings not listed because of `maxWarnings`.
    var suppressedWarnings = 0
    /// What is left of `maxExactBoxShapes`.
    var exactBoxBudget = maxExactBoxShapes

    /// The message to record (shortened to `maxWarningLength`), or nil when `maxWarnings` are listed.
    mutating func admitWarning(_ message: String, count: Int) -> String? {
        guard count < Self.maxWarnings else {
            suppressedWarnings += 1
            return nil
        }
        guard message.utf8.count > Self.maxWarningLength else { return message }
        return String(message.prefix(Self.maxWarningLength)) + "..."
    }
}

extension SVGBuilder {
    /// Called by `build` for each element: false when it must not be built (nesting limit, with a
    /// warning; or an exceeded budget). On true the caller decrements `limits.depth` when done.
    mutating func enterElement(_ el: SVGXMLElement) -> Bool {
        if limits.error != nil { return false }
        if limits.depth >= SVGBuildLimits.maxNestingDepth {
            warn(el, "nested more than \(SVGBuildLimits.maxNestingDepth) levels deep (elements plus <use> "
                     + "and <clipPath> expansions; the importer's nesting limit): skipped")
            return false
        }
        limits.elementCount += 1
        limits.pathDataBytes += Self.pathDataBytes(el)
        limits.attributeBytes += Self.attributeBytes(el)
        if limits.elementCount > SVGBuildLimits.maxExpandedElements {
            limits.error = .limitExceeded(Self.expansionMessage)
            return false
        }
        if limits.pathDataBytes > SVGBuildLimits.maxPathDataBytes {
            limits.error = .limitExceeded(Self.pathDataMessage)
            return false
        }
        if limits.attributeBytes > SVGBuildLimits.maxAttributeBytes {
            limits.error = .limitExceeded(Self.attributeMessage)
            return false
        }
        limits.depth += 1
        limits.maxDepthReached = max(limits.maxDepthReached, limits.depth)
        return true
    }

    /// `node` with its `objectBoundingBox` computed when one of its clip paths uses objectBoundingBox
    /// units (drawing needs it; computed here, bottom-up, nested clipped groups cost linear time).
    mutating func cacheClipBox(_ node: SVGNode) -> SVGNode {
        // Masks and filters in objectBoundingBox units need the box too.
        var needsBox = node.maskID.flatMap { masks[$0]?.usesBoundingBox } ?? false
        if case .graph(let filter) = node.filter, filter.usesBoundingBox { needsBox = true }
        if needsBox {
            var n = node
            n.objectBoundingBox = SVGDocument.boundingBox(of: node, exactBudget: &limits.exactBoxBudget)
            return n
        }
        var id = node.clipPathID
        var steps = 0
        while let current = id, let clip = clipPaths[current], steps <= SVGBuildLimits.maxClipPathChain {
            if clip.units == .objectBoundingBox {
                var n = node
                n.objectBoundingBox = SVGDocument.boundingBox(of: node, exactBudget: &limits.exactBoxBudget)
                return n
            }
            id = clip.clipPathID
            steps += 1
        }
        return node
    }

    /// Counts a use of a gradient with `stops` stops by a fill or stroke; false (and `limits.error`
    /// set) beyond `maxPaintedStops`.
    mutating func paintStops(_ stops: Int) -> Bool {
        limits.paintedStops += stops
        if limits.paintedStops > SVGBuildLimits.maxPaintedStops {
            if limits.error == nil {
                limits.error = .limitExceeded("gradients painted with more than \(SVGBuildLimits.maxPaintedStops) "
                                              + "stops in all, the importer's limit")
            }
            return false
        }
        return true
    }

    /// Counts a dashed shape's `dashes` entries; false (and `limits.error` set) beyond
    /// `maxStrokedDashes`.
    mutating func countDashes(_ dashes: Int) -> Bool {
        limits.strokedDashes += dashes
        if limits.strokedDashes > SVGBuildLimits.maxStrokedDashes {
            if limits.error == nil {
                limits.error = .limitExceeded("strokes dashed with more than \(SVGBuildLimits.maxStrokedDashes) "
                                              + "dash array entries in all, the importer's limit")
            }
            return false
        }
        return true
    }

    static let expansionMessage = "the document expands (with its <use> references) to more than "
        + "\(SVGBuildLimits.maxExpandedElements) elements, the importer's limit"
    static let pathDataMessage = "the document's path data expands (with its <use> references) to more than "
        + "\(SVGBuildLimits.maxPathDataBytes >> 20) MB, the importer's limit"

    static let attributeMessage = "the document's attributes expand (with its <use> references) to more than "
        + "\(SVGBuildLimits.maxAttributeBytes >> 20) MB of text, the importer's limit"

    /// The size of all of an element's attribute values.
    static func attributeBytes(_ el: SVGXMLElement) -> Int {
        var n = 0
        for value in el.attributes.values { n += value.utf8.count }
        return n
    }

    /// The size of an element's geometry text (what parsing and flattening it costs).
    static func pathDataBytes(_ el: SVGXMLElement) -> Int {
        switch el.name {
        case "path": return el.attributes["d"]?.utf8.count ?? 0
        case "polyline", "polygon": return el.attributes["points"]?.utf8.count ?? 0
        default: return 0
        }
    }

    /// Estimates, without building anything, how many elements, path data and attribute bytes the document
    /// expands to with every `<use>` instantiated, and sets `limits.error` when that is over
    /// `maxExpandedElements` or `maxPathDataBytes` (a few kilobytes of nested `<use>` fan-out can
    /// expand to billions). Linear in the document: each `<use>` target is counted once. It follows
    /// the builder: content of `<defs>` and other referenced-only elements counts where it is used
    /// (each `<clipPath>` once, as it is built once), drawn content where it is written. Counts cut
    /// by the nesting limit or a cycle are not reused; `enterElement` counts what is actually built.
    mutating func checkExpansion(_ root: SVGXMLElement) {
        // Without <use> nothing is drawn more than once: the count would be at most what is written,
        // which `enterElement` checks as it builds.
        guard tree.hasUse else { return }
        /// `exact` is false when part of the count was cut by the nesting limit or a circular
        /// reference: such a count is right where it was made but may be low elsewhere, so it is not
        /// reused.
        struct Cost { var elements = 0, bytes = 0, text = 0, exact = true }
        let capElements = SVGBuildLimits.maxExpandedElements + 1
        let capBytes = SVGBuildLimits.maxPathDataBytes + 1
        let capText = SVGBuildLimits.maxAttributeBytes + 1
        func add(_ a: inout Cost, _ b: Cost) {
            a.elements = min(a.elements + b.elements, capElements)
            a.bytes = min(a.bytes + b.bytes, capBytes)
            a.text = min(a.text + b.text, capText)
            a.exact = a.exact && b.exact
        }
        var targetCosts: [ObjectIdentifier: Cost] = [:]
        var inProgress: Set<ObjectIdentifier> = []
        let ids = tree.ids
        // Every call of `cost` counts one element instance the builder would build, so once there are
        // more calls than the limit allows the answer is known (this also bounds the time of counts
        // that are not reused).
        var visits = 0
        func content(_ el: SVGXMLElement, depth: Int) -> Cost {
            var c = Cost()
            for child in el.children where !Self.referencedOnly.contains(child.name) {
                add(&c, cost(child, depth: depth + 1))
                if visits >= capElements { break }
            }
            return c
        }
        func cost(_ el: SVGXMLElement, depth: Int) -> Cost {
            if depth > SVGBuildLimits.maxNestingDepth { return Cost(exact: false) }  // not built either
            visits += 1
            if visits >= capElements { return Cost(elements: capElements) }
            var c = Cost(elements: 1, bytes: Self.pathDataBytes(el), text: Self.attributeBytes(el))
            add(&c, content(el, depth: depth))
            if el.name == "use", let href = el.href?.svgTrimmed, href.hasPrefix("#"),
               let target = ids[String(href.dropFirst())] {
                let key = ObjectIdentifier(target)
                if let known = targetCosts[key] {
                    add(&c, known)
                } else if inProgress.contains(key) {
                    c.exact = false  // a circular reference: skipped by the builder
                } else {
                    inProgress.insert(key)
                    var expansion = Cost()
                    if target.name == "symbol" {
                        expansion = Cost(elements: 1, bytes: 0, text: Self.attributeBytes(target))
                        add(&expansion, content(target, depth: depth + 1))
                    } else if !Self.referencedOnly.contains(target.name) {
                        expansion = cost(target, depth: depth + 1)
                    }
                    inProgress.remove(key)
                    if expansion.exact { targetCosts[key] = expansion }
                    add(&c, expansion)
                }
            }
            return c
        }
        var total = cost(root, depth: 1)
        for el in ids.values where el.name == "clipPath" {
            add(&total, Cost(elements: 1, bytes: 0, text: Self.attributeBytes(el)))
            add(&total, content(el, depth: 1))
        }
        if total.elements >= capElements || visits >= capElements {
            limits.error = .limitExceeded(Self.expansionMessage)
        } else if total.bytes >= capBytes {
            limits.error = .limitExceeded(Self.pathDataMessage)
        } else if total.text >= capText {
            limits.error = .limitExceeded(Self.attributeMessage)
        }
    }

    /// Appends the count of warnings not listed.
    mutating func finishWarnings(_ root: SVGXMLElement) {
        guard limits.suppressedWarnings > 0 else { return }
        warnings.append(SVGWarning(element: root.name, line: root.line,
                                   message: "\(limits.suppressedWarnings) more warnings not listed "
                                       + "(the importer lists at most \(SVGBuildLimits.maxWarnings))"))
    }
}
