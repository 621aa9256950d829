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
