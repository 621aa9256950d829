import Foundation

/// Gradient `href` chains, resolved once per document: each gradient's next gradient (a cycle is
/// cut where it closes, with a warning) and memoised look-ups along the chains. A document of n
/// chained gradients costs O(n) per looked-up property, not O(n^2) per gradient.
struct SVGGradientChains {
    /// The gradient each gradient's href names; `.some(nil)` at the end of a chain.
    var next: [ObjectIdentifier: SVGXMLElement?] = [:]
    /// The first element of a chain that answers a query (an attribute, the stops), per element.
    var found: [Query: SVGXMLElement?] = [:]

    struct Query: Hashable {
        var element: ObjectIdentifier
        /// An attribute name, or "" for "has <stop> children".
        var name: String
        /// Only elements of this name count (gradient geometry is only inherited from the same kind).
        var kind: String?
    }
}

extension SVGBuilder {
    /// The gradient that `el`'s href names, or nil at the end of its chain. The first call walks the
    /// chain from `el` iteratively (no recursion on its length) and records every link it passes.
    mutating func nextGradient(_ el: SVGXMLElement) -> SVGXMLElement? {
        if let known = gradientChains.next[ObjectIdentifier(el)] { return known }
        var onWalk: Set<ObjectIdentifier> = []
        var current = el
        while gradientChains.next[ObjectIdentifier(current)] == nil {
            onWalk.insert(ObjectIdentifier(current))
            var target: SVGXMLElement? = nil
            if let href = current.href?.svgTrimmed {
                if href.hasPrefix("#"), let t = tree.ids[String(href.dropFirst())],
                   t.name == "linearGradient" || t.name == "radialGradient" {
                    target = t
                } else {
                    warn(current, "gradient href '\(href)' does not name a gradient; ignored")
                }
            }
            guard let t = target else {
                gradientChains.next[ObjectIdentifier(current)] = .some(nil)
                break
            }
            if onWalk.contains(ObjectIdentifier(t)) {
                warn(current, "circular gradient href chain (back to #\(t.attributes["id"] ?? "")); cut here")
                gradientChains.next[ObjectIdentifier(current)] = .some(nil)
                break
            }
            gradientChains.next[ObjectIdentifier(current)] = .some(t)
            current = t
        }
        return gradientChains.next[ObjectIdentifier(el)] ?? nil
    }

    /// The first element of `start`'s chain (`start` included) for which `matches` holds, memoised
    /// per element and query.
    private mutating func firstInGradientChain(_ start: SVGXMLElement, name: String, kind: String?,
                                               matches: (SVGXMLElement) -> Bool) -> SVGXMLElement? {
        var walked: [SVGGradientChains.Query] = []
        var current: SVGXMLElement? = start
        var result: SVGXMLElement? = nil
        while let c = current {
            let query = SVGGradientChains.Query(element: ObjectIdentifier(c), name: name, kind: kind)
            if let known = gradientChains.found[query] { result = known; break }
            walked.append(query)
            if (kind == nil || c.name == kind) && matches(c) { result = c; break }
            current = nextGradient(c)
        }
        for query in walked { gradientChains.found[query] = .some(result) }
        return result
    }

    /// The first value of attribute `name` along `start`'s href chain (only from elements named
    /// `kind` when given) and the element that has it.
    mutating func gradientChainAttribute(_ start: SVGXMLElement, _ name: String, kind: String?)
        -> (SVGXMLElement, String)? {
        guard let el = firstInGradientChain(start, name: name, kind: kind,
                                            matches: { $0.attributes[name] != nil }) else { return nil }
        return (el, el.attributes[name]!)
    }

    /// The first element of `start`'s href chain with `<stop>` children (whose stops the gradient uses).
    mutating func gradientChainStopHolder(_ start: SVGXMLElement) -> SVGXMLElement? {
        firstInGradientChain(start, name: "", kind: nil, matches: { $0.children.contains { $0.name == "stop" } })
    }
}
