import Foundation
import TileRenderPipeline

/// SwiftUI's colour-effect modifiers: each draws the view as one layer through the
/// `GraphicsContext.Filter` of the same name (see it for what each does).
extension View {
    public func brightness(_ amount: Double) -> _ModifiedView<Self> { colorFilter(.brightness(amount)) }
    public func contrast(_ amount: Double) -> _ModifiedView<Self> { colorFilter(.contrast(amount)) }
    public func saturation(_ amount: Double) -> _ModifiedView<Self> { colorFilter(.saturation(amount)) }
    public func grayscale(_ amount: Double) -> _ModifiedView<Self> { colorFilter(.grayscale(amount)) }
    public func hueRotation(_ angle: Angle) -> _ModifiedView<Self> { colorFilter(.hueRotation(angle)) }
    public func colorInvert() -> _ModifiedView<Self> { colorFilter(.colorInvert()) }
    public func colorMultiply(_ color: Color) -> _ModifiedView<Self> { colorFilter(.colorMultiply(color)) }
    public func luminanceToAlpha() -> _ModifiedView<Self> { colorFilter(.luminanceToAlpha) }

    private func colorFilter(_ filter: GraphicsContext.Filter) -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, draw in
            var c = context
            c.addFilter(filter)
            c.drawLayer { inner in draw(rect, inner) }
        })
    }
}

/// `mask`: the view is kept where the mask view draws, scaled by its alpha.
package struct MaskModifier: NodeWrapper {
    package let alignment: Alignment
    package let makeMask: (ViewEnvironment) -> any ViewNode
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        let mask = makeMask(environment), alignment = self.alignment
        return EffectNode(child: node) { rect, context, drawChild in
            context.drawLayer(masked: { m in
                mask.draw(in: alignment.place(mask.sizeThatFits(ProposedViewSize(rect.size)), in: rect), context: m)
            }, content: { c in drawChild(rect, c) })
        }
    }
}

extension View {
    /// Keeps the view where `mask` (laid out in the view's frame, placed by `alignment`) draws, with
    /// the mask's alpha: an opaque mask keeps the view as it is, a transparent one removes it.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> _ModifiedView<Self> {
        let m = mask()
        return modified(MaskModifier(alignment: alignment) { makeViewNode(m, $0) })
    }

    /// SwiftUI's older spelling of `mask(alignment:_:)`, centred.
    public func mask<Mask: View>(_ mask: Mask) -> _ModifiedView<Self> {
        modified(MaskModifier(alignment: .center) { makeViewNode(mask, $0) })
    }

    /// Draws the view as one layer before its opacity, blend mode and effects apply (SwiftUI's
    /// `compositingGroup`): overlapping parts inside no longer show through each other.
    public func compositingGroup() -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, draw in context.drawLayer { inner in draw(rect, inner) } })
    }
}

/// SwiftUI's blur and shadow modifiers, through `GraphicsContext.Filter.blur` and `.shadow`.
extension View {
    /// Blurs the view as one layer with a Gaussian of σ = `radius / 2`. `opaque`: the blur repeats the
    /// view's edge pixels instead of fading into transparency (see `BlurOptions.opaque`).
    public func blur(radius: CGFloat, opaque: Bool = false) -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, draw in
            var c = context
            c.addFilter(.blur(radius: radius, options: opaque ? .opaque : []))
            c.drawLayer { inner in draw(rect, inner) }
        })
    }

    /// Draws a shadow of the view: its alpha blurred with σ = `radius / 2`, moved by (`x`, `y`), in
    /// `color`, under the view. As in SwiftUI, each drawing inside the view casts its own shadow (a
    /// container's text and background each get one); put `compositingGroup()` before `shadow` to
    /// shadow the view as a whole.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, draw in
            var c = context
            c.addFilter(.shadow(color: color, radius: radius, x: x, y: y))
            draw(rect, c)
        })
    }
}
