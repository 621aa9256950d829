import Foundation
import TileRenderGeometry
import TileRenderPipeline
import TileRenderText

extension Text: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { [.text, .foreground] }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var settings = environment.text
        settings.foreground = environment.foregroundStyle
        return TextNode(prepared: PreparedText(self, settings: settings))
    }
}

/// A `Text` view: its ideal size is its shaped width by its lines' height; offered less width it wraps
/// (and never takes more than the width offered), offered less height it keeps the lines that fit.
package struct TextNode: ViewNode {
    package let prepared: PreparedText
    /// Layouts by the size they fit: a stack asks a text for its size under several proposals, then
    /// for its baselines and draws it at one of them, so each layout is made once.
    private let layouts = LayoutMemo()

    package init(prepared: PreparedText) { self.prepared = prepared }

    /// A text made again with only its paints changed (see `ViewGraph`'s leaves) keeps the line breaks.
    package func adoptLayoutCaches(from other: any ViewNode) {
        guard let other = other as? TextNode, layouts.entries.isEmpty, layouts.unconstrained == nil else { return }
        layouts.entries = other.layouts.entries
        layouts.unconstrained = other.layouts.unconstrained
    }

    private func layout(fitting size: CGSize) -> TextLayout {
        // A text given at least the room it takes unconstrained lays out as it does unconstrained (no
        // line is broken or truncated for want of room): stacks ask for that layout first, then for
        // their share, which is usually at least as wide.
        if let free = layouts.unconstrained, size.width >= free.size.width, size.height >= free.size.height { return free }
        if let layout = layouts.entries.first(where: { $0.size == size })?.layout { return layout }
        let layout = prepared.layout(fitting: size)
        if size.width == .infinity && size.height == .infinity { layouts.unconstrained = layout }
        if layouts.entries.count == 8 { layouts.entries.removeFirst() }
        layouts.entries.append((size, layout))
        return layout
    }

    private func size(for proposal: ProposedViewSize) -> CGSize {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let height = proposal.height.flatMap { $0.isFinite ? $0 : nil } ?? .infinity
        return layout(fitting: CGSize(width: width ?? .infinity, height: height)).size
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { size(for: proposal) }

    package var explicitGuides: GuideSet { [VerticalAlignment.firstTextBaseline.key, VerticalAlignment.lastTextBaseline.key] }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let first = key == VerticalAlignment.firstTextBaseline.key
        guard first || key == VerticalAlignment.lastTextBaseline.key else { return nil }
        let layout = layout(fitting: size)
        // Drawn centred in a taller frame (see draw), so the baselines move with it.
        let offset = max(0, (size.height - layout.size.height) / 2)
        return offset + CGFloat(first ? layout.firstBaseline : layout.lastBaseline)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let layout = layout(fitting: rect.size)
        // The lines sit in the frame's top-left; a frame larger than the text centres it, as SwiftUI's
        // text does inside a frame wider than itself.
        let origin = CGPoint(x: rect.minX + max(0, (rect.width - layout.size.width) / 2),
                             y: rect.minY + max(0, (rect.height - layout.size.height) / 2))
        prepared.draw(layout, at: origin, in: context)
    }
}

/// The last few layouts of one text node (nodes are values; the memo is shared by their copies).
private final class LayoutMemo {
    var entries: [(size: CGSize, layout: TextLayout)] = []
    /// The layout with unlimited room, once made.
    var unconstrained: TextLayout?
}

extension View {
    /// The font `Text` inside uses where it sets none (SwiftUI's environment `font`).
    public func font(_ font: Font?) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.text.font = font })
    }
    /// At most `limit` lines for `Text` inside (nil: no limit); the last is truncated.
    public func lineLimit(_ limit: Int?) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.text.lineLimit = limit.map { max(1, $0) } })
    }
    /// Extra space between the lines of `Text` inside, in points.
    public func lineSpacing(_ spacing: CGFloat) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.text.lineSpacing = spacing })
    }
    /// How the lines of multi-line `Text` inside align with each other.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.text.alignment = alignment })
    }
    /// Where `Text` inside is cut when it does not fit its lines.
    public func truncationMode(_ mode: Text.TruncationMode) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.text.truncation = mode })
    }
    /// How far `Text` inside may shrink its font (0...1) to fit before it is truncated.
    public func minimumScaleFactor(_ factor: CGFloat) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.text.minimumScaleFactor = factor.isFinite ? min(max(factor, 0), 1) : 1 })
    }
    /// The view at its ideal size in both dimensions, whatever it is offered.
    public func fixedSize() -> _ModifiedView<Self> { fixedSize(horizontal: true, vertical: true) }
    /// The view at its ideal width and/or height, whatever it is offered in those dimensions.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> _ModifiedView<Self> {
        modified(FixedSizeModifier(horizontal: horizontal, vertical: vertical))
    }
    /// `Text` inside in capitals or small letters (nil: as written).
    public func textCase(_ textCase: Text.Case?) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.text.textCase = textCase })
    }
}

package struct FixedSizeModifier: NodeWrapper {
    package let horizontal: Bool
    package let vertical: Bool
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        FixedSizeNode(child: node, horizontal: horizontal, vertical: vertical)
    }
}

/// Proposes nil (the ideal size) in the fixed dimensions; the child is drawn at that size, centred in
/// the frame it is given.
package struct FixedSizeNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    package let horizontal: Bool
    package let vertical: Bool
    private func proposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(self.proposal(proposal)) }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        let size = child.sizeThatFits(proposal(ProposedViewSize(rect.size)))
        child.draw(in: Alignment.center.place(size, in: rect), context: context)
    }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let s = child.sizeThatFits(proposal(ProposedViewSize(size)))
        return child.explicitAlignment(key, at: Alignment.center.place(s, in: CGRect(origin: .zero, size: size)))
    }
}
