import Foundation
import TileRenderGeometry
import TileRenderPipeline

// The built-in modifiers an animation moves (as SwiftUI's animatable effects): values without
// closures, so the graph compares them and sets the animatable data of the frames in between.

/// `offset(x:y:)`: draws the view moved, without changing its layout.
package struct OffsetEffect: NodeWrapper, AnimatableNodeModifier {
    let offset: CGSize
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        let offset = self.offset
        guard let graph = environment.graph?.graph, graph.animatesChanges else {
            return EffectNode(child: node) { rect, context, draw in draw(rect.offsetBy(dx: offset.width, dy: offset.height), context) }
        }
        // An offset is drawing, not layout: the frames of the places inside, relative to the place
        // they are drawn in, stay where they were (their frames animate only when the layout moves them).
        return EffectNode(child: node) { [weak graph] rect, context, draw in
            guard let graph, !graph.placesDrawn.isEmpty else { return draw(rect.offsetBy(dx: offset.width, dy: offset.height), context) }
            let last = graph.placesDrawn.count - 1
            graph.placesDrawn[last].origin.x += offset.width
            graph.placesDrawn[last].origin.y += offset.height
            draw(rect.offsetBy(dx: offset.width, dy: offset.height), context)
            graph.placesDrawn[last].origin.x -= offset.width
            graph.placesDrawn[last].origin.y -= offset.height
        }
    }
    package var animatableValue: AnyAnimatableData? { AnyAnimatableData(offset.animatableData) }
    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        guard let d = data.base as? CGSize.AnimatableData else { return self }
        var size = offset
        size.animatableData = d
        return OffsetEffect(offset: size)
    }
}

/// `scaleEffect` and `rotationEffect`: draws the view transformed about an anchor of its frame.
package struct TransformEffect: NodeWrapper, AnimatableNodeModifier {
    enum Kind: Equatable { case scale(CGSize), rotation(Angle) }
    let kind: Kind
    let anchor: UnitPoint
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        let kind = self.kind, anchor = self.anchor
        return EffectNode(child: node) { rect, context, draw in
            let a = anchor.point(in: rect)
            var c = context
            c.translateBy(x: a.x, y: a.y)
            switch kind {
            case .scale(let s): c.scaleBy(x: s.width, y: s.height)
            case .rotation(let angle): c.rotate(by: angle)
            }
            c.translateBy(x: -a.x, y: -a.y)
            draw(rect, c)
        }
    }
    package var animatableValue: AnyAnimatableData? {
        switch kind {
        case .scale(let s): return AnyAnimatableData(AnimatablePair(s.animatableData, anchor.animatableData))
        case .rotation(let angle): return AnyAnimatableData(AnimatablePair(angle.animatableData, anchor.animatableData))
        }
    }
    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        switch kind {
        case .scale:
            guard let d = data.base as? AnimatablePair<CGSize.AnimatableData, UnitPoint.AnimatableData> else { return self }
            var s = CGSize.zero, a = UnitPoint.center
            s.animatableData = d.first; a.animatableData = d.second
            return TransformEffect(kind: .scale(s), anchor: a)
        case .rotation:
            guard let d = data.base as? AnimatablePair<Double, UnitPoint.AnimatableData> else { return self }
            var a = UnitPoint.center
            a.animatableData = d.second
            return TransformEffect(kind: .rotation(Angle(radians: d.first)), anchor: a)
        }
    }
}

/// `opacity(_:)`: the view drawn as one layer composited at `opacity`.
package struct OpacityEffect: NodeWrapper, AnimatableNodeModifier {
    let opacity: Double
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        let opacity = self.opacity
        return EffectNode(child: node) { rect, context, draw in
            var c = context
            c.opacity *= opacity
            c.drawLayer { inner in draw(rect, inner) }
        }
    }
    package var animatableValue: AnyAnimatableData? { AnyAnimatableData(opacity) }
    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        // A spring's overshoot past 1 or below 0 shows as the nearest valid opacity.
        (data.base as? Double).map { OpacityEffect(opacity: min(1, max(0, $0))) } ?? self
    }
}

extension FrameModifier: AnimatableNodeModifier {
    /// The lengths the frame sets: a width alone, a height alone or both are data of different types,
    /// so a frame that gains or loses a length changes at once.
    package var animatableValue: AnyAnimatableData? {
        switch (width, height) {
        case let (w?, h?): return AnyAnimatableData(AnimatablePair(w, h))
        case let (w?, nil): return AnyAnimatableData(AnimatablePair(w, EmptyAnimatableData()))
        case let (nil, h?): return AnyAnimatableData(AnimatablePair(EmptyAnimatableData(), h))
        case (nil, nil): return nil
        }
    }
    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        // Lengths below zero (a spring's overshoot) are clamped, as the modifier's own check would.
        func length(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        switch data.base {
        case let d as AnimatablePair<CGFloat, CGFloat>: return FrameModifier(width: length(d.first), height: length(d.second), alignment: alignment)
        case let d as AnimatablePair<CGFloat, EmptyAnimatableData>: return FrameModifier(width: length(d.first), height: nil, alignment: alignment)
        case let d as AnimatablePair<EmptyAnimatableData, CGFloat>: return FrameModifier(width: nil, height: length(d.second), alignment: alignment)
        default: return self
        }
    }
}

extension PaddingModifier: AnimatableNodeModifier {
    package var animatableValue: AnyAnimatableData? { AnyAnimatableData(insets.animatableData) }
    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        guard let d = data.base as? EdgeInsets.AnimatableData else { return self }
        var insets = self.insets
        insets.animatableData = d
        return PaddingModifier(insets: insets)
    }
}

extension _ModifiedView: AnimatableViewValue {
    package var animatableValue: AnyAnimatableData? { (modifier as? any AnimatableNodeModifier)?.animatableValue }
    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        guard let animatable = modifier as? any AnimatableNodeModifier else { return self }
        return _ModifiedView(content: content, modifier: animatable.replacingAnimatableValue(data))
    }
}

extension ModifiedContent: AnimatableViewValue where Content: View, Modifier: ViewModifier {
    /// A modifier of the user's own that is `Animatable` (SwiftUI's `AnimatableModifier`).
    package var animatableValue: AnyAnimatableData? { animatableData(of: modifier) }
    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        ModifiedContent(content: content, modifier: settingAnimatableData(of: modifier, to: data))
    }
}

extension Color: Animatable {
    /// Red, green, blue and opacity, the colours in linear light (so a change from red to green passes
    /// through a bright yellow, not a dark one). A colour in between has no dark-appearance variant.
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get {
            AnimatablePair(AnimatablePair(Color.decodeSRGB(red), Color.decodeSRGB(green)), AnimatablePair(Color.decodeSRGB(blue), opacity))
        }
        set {
            func encoded(_ l: Double) -> Double { Color.encodeSRGB(min(1, max(0, l))) }
            self = Color(red: encoded(newValue.first.first), green: encoded(newValue.first.second),
                         blue: encoded(newValue.second.first), opacity: min(1, max(0, newValue.second.second)))
        }
    }
}

/// A shape view an animation moves (a fill, stroke or `strokeBorder`): its shape's data, with its
/// colour's where it is painted with a colour.
package protocol AnimatableShapeView: AnimatableViewValue {
    associatedtype Content: Shape
    associatedtype Style: ShapeStyle
    var shape: Content { get set }
    var style: Style { get set }
}

extension AnimatableShapeView {
    package var animatableValue: AnyAnimatableData? {
        if let color = style as? Color { return AnyAnimatableData(AnimatablePair(shape.animatableData, color.animatableData)) }
        return Content.AnimatableData.self == EmptyAnimatableData.self ? nil : AnyAnimatableData(shape.animatableData)
    }

    package func withAnimatableValue(_ data: AnyAnimatableData) -> Self {
        var v = self
        if let d = data.base as? AnimatablePair<Content.AnimatableData, Color.AnimatableData> {
            v.shape.animatableData = d.first
            var color = Color.clear
            color.animatableData = d.second
            if let c = color as? Style { v.style = c }
        } else if let d = data.base as? Content.AnimatableData {
            v.shape.animatableData = d
        }
        return v
    }
}

extension _ShapeView: AnimatableShapeView {}
extension _StrokeShapeView: AnimatableShapeView {}
extension _StrokeBorderShapeView: AnimatableShapeView {}

// MARK: - Built-in shapes' animatable data (SwiftUI's)

extension TrimmedShape {
    /// The trimmed shape's data, then the fractions (a progress ring animates its end).
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(startFraction, endFraction)) }
        set { shape.animatableData = newValue.first; (startFraction, endFraction) = (newValue.second.first, newValue.second.second) }
    }
}

extension RoundedRectangle {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { cornerSize.animatableData }
        set { cornerSize.animatableData = newValue }
    }
}

extension OffsetShape {
    public var animatableData: AnimatablePair<Content.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(shape.animatableData, offset.animatableData) }
        set { shape.animatableData = newValue.first; offset.animatableData = newValue.second }
    }
}

extension RotatedShape {
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<Double, UnitPoint.AnimatableData>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(angle.animatableData, anchor.animatableData)) }
        set { shape.animatableData = newValue.first; angle.animatableData = newValue.second.first; anchor.animatableData = newValue.second.second }
    }
}

extension ScaledShape {
    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<CGSize.AnimatableData, UnitPoint.AnimatableData>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(scale.animatableData, anchor.animatableData)) }
        set { shape.animatableData = newValue.first; scale.animatableData = newValue.second.first; anchor.animatableData = newValue.second.second }
    }
}
