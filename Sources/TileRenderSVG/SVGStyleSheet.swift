import Foundation

/// The `<style>` element (CSS, `type` text/css or none): rules of selectors and declarations, applied
/// to the parsed tree before the drawing is built. Each element's matching declarations, ordered by
/// specificity and then by source order, are put before its own `style` attribute, which gives CSS's
/// cascade: the sheet beats presentation attributes, the `style` attribute beats the sheet
/// (`!important` is read as a normal declaration).
///
/// Selectors: type (`rect`), class (`.a`), id (`#b`), universal (`*`), compounds of them (`rect.a#b`),
/// the descendant (`g .a`) and child (`g > .a`) combinators, and selector lists (`a, b`). A rule with
/// any other selector (attribute selectors, pseudo-classes, sibling combinators) is skipped with a
/// warning, as are at-rules (`@media`, `@import`, ...).
struct SVGStyleSheet {
    /// Rules kept from all the document's sheets; beyond it the rest are ignored with a warning.
    static let maxRules = 10_000
    /// Selector comparisons (element against compound) spent applying the sheets: matching stops past
    /// it, with a warning, so a large sheet over a large tree cannot take long.
    static let maxMatchSteps = 20_000_000
    /// Bytes of declarations the sheets may add to elements' `style` attributes in all (a rule for
    /// `*` copies its declarations into every element); past it the rest are not applied.
    static let maxAppliedBytes = 64 << 20

    struct Compound: Equatable {
        var type: String? = nil
        var id: String? = nil
        var classes: [String] = []

        func matches(_ el: SVGXMLElement) -> Bool {
            if let type, el.name != type { return false }
            if let id, el.attributes["id"] != id { return false }
            if !classes.isEmpty {
                let own = (el.attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                for c in classes where !own.contains(where: { $0 == c }) { return false }
            }
            return true
        }
    }

    enum Combinator { case descendant, child }

    /// A complex selector, rightmost compound last: `parts[i].combinator` joins it to `parts[i - 1]`.
    struct Selector {
        var parts: [(combinator: Combinator, compound: Compound)]
        /// (ids, classes, types), compared in that order.
        var specificity: (Int, Int, Int) {
            parts.reduce((0, 0, 0)) { s, p in
                (s.0 + (p.compound.id == nil ? 0 : 1), s.1 + p.compound.classes.count, s.2 + (p.compound.type == nil ? 0 : 1))
            }
        }
    }

    struct Rule {
        var selector: Selector
        var order: Int
        var declarations: [(String, String)]
    }

    var rules: [Rule] = []
    /// Problems found, with the line of the `<style>` element they concern.
    var warnings: [(line: Int, message: String)] = []
    private var line = 0

    /// The sheets of every `<style>` element in `tree`, in document order.
    init(tree: SVGXMLTree) {
        var stack = [tree.root]
        var sheets: [SVGXMLElement] = []
        while let el = stack.popLast() {
            if el.name == "style" { sheets.append(el) }
            stack.append(contentsOf: el.children.reversed())
        }
        for sheet in sheets {
            let type = sheet.attributes["type"]?.svgTrimmed.lowercased() ?? ""
            line = sheet.line
            guard type.isEmpty || type == "text/css" else {
                warn("<style> of type '\(type)' ignored")
                continue
            }
            parse(sheet.text)
        }
    }

    private mutating func warn(_ message: String) { warnings.append((line, message)) }

    private mutating func parse(_ text: String) {
        var rest = Substring(SVGStyle.removingComments(text))
        while !rest.isEmpty {
            rest = rest.drop(while: { $0.isWhitespace })
            guard !rest.isEmpty else { break }
            if rest.first == "@" {
                warn("CSS at-rule '\(rest.prefix(while: { !$0.isWhitespace && $0 != "{" && $0 != ";" }))' ignored")
                rest = Self.skipAtRule(rest)
                continue
            }
            guard let open = rest.firstIndex(of: "{") else {
                warn("CSS text without a declaration block ignored")
                break
            }
            let selectorText = rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                warn("unterminated CSS rule '\(selectorText.svgTrimmed)' ignored")
                break
            }
            let declarations = SVGStyle.declarations(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
            for part in selectorText.split(separator: ",") {
                let written = part.svgTrimmed
                guard let selector = Self.selector(written) else {
                    warn("CSS selector '\(written)' is not supported; its rule is ignored")
                    continue
                }
                guard rules.count < Self.maxRules else {
                    warn("more than \(Self.maxRules) CSS rules; the rest are ignored")
                    return
                }
                rules.append(Rule(selector: selector, order: rules.count, declarations: declarations))
            }
        }
    }

    /// The text after an at-rule: after its `;`, or after its block (nested braces counted).
    private static func skipAtRule(_ text: Substring) -> Substring {
        var depth = 0
        var i = text.startIndex
        while i < text.endIndex {
            switch text[i] {
            case ";" where depth == 0: return text[text.index(after: i)...]
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth <= 0 { return text[text.index(after: i)...] }
            default: break
            }
            i = text.index(after: i)
        }
        return text[text.endIndex...]
    }

    /// Parses a complex selector of the supported forms, or nil.
    static func selector(_ text: String) -> Selector? {
        var parts: [(combinator: Combinator, compound: Compound)] = []
        var pending = Combinator.descendant
        // Tokens: compounds separated by whitespace and `>`.
        let spaced = text.replacingOccurrences(of: ">", with: " > ")
        for token in spaced.split(whereSeparator: { $0.isWhitespace }) {
            if token == ">" {
                guard !parts.isEmpty, pending == .descendant else { return nil }
                pending = .child
                continue
            }
            guard let compound = compound(token) else { return nil }
            parts.append((parts.isEmpty ? .descendant : pending, compound))
            pending = .descendant
        }
        guard !parts.isEmpty, pending == .descendant else { return nil }  // no trailing `>`
        return Selector(parts: parts)
    }

    private static func compound(_ token: Substring) -> Compound? {
        var c = Compound()
        var i = token.startIndex
        func name() -> String? {
            let start = i
            while i < token.endIndex, token[i].isLetter || token[i].isNumber || token[i] == "-" || token[i] == "_" {
                i = token.index(after: i)
            }
            return start == i ? nil : String(token[start..<i])
        }
        if token[i] == "*" {
            i = token.index(after: i)
        } else if token[i].isLetter || token[i] == "_" {
            c.type = name()
        }
        while i < token.endIndex {
            let mark = token[i]
            i = token.index(after: i)
            guard let n = name() else { return nil }
            switch mark {
            case ".": c.classes.append(n)
            case "#":
                guard c.id == nil else { return nil }
                c.id = n
            default: return nil
            }
        }
        return c
    }

    /// True when `selector` matches `el`; `steps` counts compound comparisons.
    static func matches(_ selector: Selector, _ el: SVGXMLElement, steps: inout Int) -> Bool {
        func match(_ index: Int, _ el: SVGXMLElement) -> Bool {
            steps += 1
            guard steps <= maxMatchSteps, selector.parts[index].compound.matches(el) else { return false }
            if index == 0 { return true }
            switch selector.parts[index].combinator {
            case .child:
                guard let parent = el.parent else { return false }
                return match(index - 1, parent)
            case .descendant:
                var ancestor = el.parent
                while let a = ancestor {
                    if match(index - 1, a) { return true }
                    if steps > maxMatchSteps { return false }
                    ancestor = a.parent
                }
                return false
            }
        }
        return match(selector.parts.count - 1, el)
    }

    /// Puts each element's matching declarations before its own `style` attribute.
    mutating func apply(to tree: SVGXMLTree) {
        guard !rules.isEmpty else { return }
        // Rules by their rightmost compound's id, else a class, else type: an element is tested
        // against the rules that can match it.
        var byID: [String: [Int]] = [:], byClass: [String: [Int]] = [:], byType: [String: [Int]] = [:]
        var universal: [Int] = []
        for (i, rule) in rules.enumerated() {
            let last = rule.selector.parts[rule.selector.parts.count - 1].compound
            if let id = last.id { byID[id, default: []].append(i) }
            else if let c = last.classes.first { byClass[c, default: []].append(i) }
            else if let t = last.type { byType[t, default: []].append(i) }
            else { universal.append(i) }
        }
        var steps = 0, applied = 0
        var stack = [tree.root]
        while let el = stack.popLast() {
            stack.append(contentsOf: el.children)
            var candidates = universal + (byType[el.name] ?? [])
            if let id = el.attributes["id"] { candidates += byID[id] ?? [] }
            if let classes = el.attributes["class"] {
                for c in Set(classes.split(whereSeparator: { $0.isWhitespace })) { candidates += byClass[String(c)] ?? [] }
            }
            guard !candidates.isEmpty else { continue }
            let matched = candidates.filter { Self.matches(rules[$0].selector, el, steps: &steps) }.sorted { a, b in
                let sa = rules[a].selector.specificity, sb = rules[b].selector.specificity
                return sa != sb ? sa < sb : rules[a].order < rules[b].order
            }
            if steps > Self.maxMatchSteps {
                warn("CSS selector matching stopped after \(Self.maxMatchSteps) comparisons (the importer's limit)")
                return
            }
            guard !matched.isEmpty else { continue }
            let sheet = matched.flatMap { rules[$0].declarations }.map { "\($0.0):\($0.1)" }.joined(separator: ";")
            applied += sheet.utf8.count
            if applied > Self.maxAppliedBytes {
                warn("CSS declarations over \(Self.maxAppliedBytes) bytes in all (the importer's limit); the rest are not applied")
                return
            }
            el.attributes["style"] = sheet + (el.attributes["style"].map { ";" + $0 } ?? "")
        }
    }
}
