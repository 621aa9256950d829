import Foundation

/// The importer's limits on hostile documents and the builder's counters for them. Each limit is far
/// above what real documents need and is documented in README.md ("Limits and bad input").
struct SVGBuildLimits {
    /// Nesting levels the builder follows: XML nesting plus each `<use>` (and its `<symbol>`) and
    /// `<clipPath>` content it expands. Deeper content is skipped with a warning. Building and drawing
    /// recurse once per level, so this bounds their stack (see `SVGLargeStack`).
    static let maxNestingDepth = 256
    /// Elements the document may expand to once every `<use>` is instantiated (each `<use>` copies
    /// its target's subtree). Beyond it import throws `SVGError.limitExceeded`. Twice what a 10 MB
    /// file (libxml2's size limit) can hold written out; at about 2 KB per element from import to
    /// pixels, it bounds memory to about 2 GB and time to seconds.
    static let maxExpandedElements = 1_000_000
    /// `<clipPath>`s referencing each other (`clip-path` on a `<clipPath>` or on its children) that
    /// are followed; deeper references are ignored with a warning.
    static let maxClipPathChain = 32
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
    /// Set when a limit that ends the import was exceeded; building then stops.
    var error: SVGError?
    /// Warnings not listed because of `maxWarnings`.
    var suppressedWarnings = 0

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
    /// warning; or an exceeded element budget). On true the caller decrements `limits.depth` when done.
    mutating func enterElement(_ el: SVGXMLElement) -> Bool {
        if limits.error != nil { return false }
        if limits.depth >= SVGBuildLimits.maxNestingDepth {
            warn(el, "nested more than \(SVGBuildLimits.maxNestingDepth) levels deep (elements plus <use> "
                     + "and <clipPath> expansions; the importer's nesting limit): skipped")
            return false
        }
        limits.elementCount += 1
        if limits.elementCount > SVGBuildLimits.maxExpandedElements {
            limits.error = .limitExceeded(Self.expansionMessage)
            return false
        }
        limits.depth += 1
        limits.maxDepthReached = max(limits.maxDepthReached, limits.depth)
        return true
    }

    static let expansionMessage = "the document expands (with its <use> references) to more than "
        + "\(SVGBuildLimits.maxExpandedElements) elements, the importer's limit"

    /// Estimates, without building anything, how many elements the document expands to with every
    /// `<use>` instantiated, and sets `limits.error` when that is over `maxExpandedElements` (a few
    /// kilobytes of nested `<use>` fan-out can expand to billions). Linear in the document: each
    /// `<use>` target's count is computed once. The estimate counts every element once where it is
    /// written (also in `<defs>`), so it is at least what `build` creates except where the nesting
    /// limit cuts it short; `enterElement` counts what is actually built as a second guard.
    mutating func checkExpansion(_ root: SVGXMLElement) {
        let cap = SVGBuildLimits.maxExpandedElements + 1
        var targetCounts: [ObjectIdentifier: Int] = [:]
        var inProgress: Set<ObjectIdentifier> = []
        let ids = tree.ids
        func count(_ el: SVGXMLElement, depth: Int) -> Int {
            if depth > SVGBuildLimits.maxNestingDepth { return 0 }  // not built either
            var n = 1
            for child in el.children {
                n = min(n + count(child, depth: depth + 1), cap)
            }
            if el.name == "use", let href = el.href?.trimmingCharacters(in: .whitespaces), href.hasPrefix("#"),
               let target = ids[String(href.dropFirst())] {
                let key = ObjectIdentifier(target)
                let expansion: Int
                if let known = targetCounts[key] {
                    expansion = known
                } else if inProgress.contains(key) {
                    expansion = 0  // a circular reference: the builder skips it
                } else {
                    inProgress.insert(key)
                    expansion = count(target, depth: depth + 1)
                    inProgress.remove(key)
                    targetCounts[key] = expansion
                }
                n = min(n + expansion, cap)
            }
            return n
        }
        if count(root, depth: 1) >= cap { limits.error = .limitExceeded(Self.expansionMessage) }
    }

    /// Appends the count of warnings not listed.
    mutating func finishWarnings(_ root: SVGXMLElement) {
        guard limits.suppressedWarnings > 0 else { return }
        warnings.append(SVGWarning(element: root.name, line: root.line,
                                   message: "\(limits.suppressedWarnings) more warnings not listed "
                                       + "(the importer lists at most \(SVGBuildLimits.maxWarnings))"))
    }
}
