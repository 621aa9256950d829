import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline

/// `mask(alignment:_:)` and `compositingGroup()`.
@Suite struct MaskTests {
    private let blue = Color(red: 0, green: 0, blue: 1)
    private var content: some View {
        ZStack {
            Rectangle().fill(LinearGradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                            startPoint: .leading, endPoint: .trailing))
            Circle().fill(Color(red: 0, green: 1, blue: 0, opacity: 0.5)).padding(10)
        }
        .frame(width: 60, height: 40)
    }

    private func render<V: View>(_ view: V, backend: Backend = .cpu) throws -> Bitmap {
        try ImageRenderer(content: view).render(backend: backend)
    }

    @Test func anOpaqueMaskChangesNothing() throws {
        let plain = try render(content), masked = try render(content.mask { Rectangle() })
        #expect(plain.pixels == masked.pixels)
        #expect(try render(content.mask(Color.black)).pixels == plain.pixels)
    }

    @Test func theMaskKeepsTheViewWhereItDrawsWithItsAlpha() throws {
        let plain = try render(content)
        let circle = try render(content.mask { Circle() })
        // A 40-point circle centred in 60x40: the corners go, the centre stays.
        #expect(circle.pixel(x: 2, y: 2).a == 0 && circle.pixel(x: 57, y: 37).a == 0)
        #expect(circle.pixel(x: 30, y: 20) == plain.pixel(x: 30, y: 20))
        // A half-transparent mask halves the alpha.
        let half = try render(content.mask { Rectangle().fill(Color.black.opacity(0.5)) })
        #expect(abs(Int(half.pixel(x: 3, y: 20).a) - 128) <= 1)
        // A mask aligned to a corner keeps only that corner.
        let corner = try render(content.mask(alignment: .topLeading) { Rectangle().frame(width: 20, height: 10) })
        #expect(corner.pixel(x: 5, y: 5) == plain.pixel(x: 5, y: 5))
        #expect(corner.pixel(x: 25, y: 5).a == 0 && corner.pixel(x: 5, y: 15).a == 0 && corner.pixel(x: 50, y: 30).a == 0)
        // An empty mask removes everything.
        #expect(try render(content.mask { Color.clear }).pixels.allSatisfy { $0 == 0 })
    }

    @Test func masksNestAndCompose() throws {
        // Masking by a circle, then by the left half, keeps the left half of the circle.
        let both = try render(content.mask { Circle() }.mask(alignment: .leading) { Rectangle().frame(width: 30) })
        #expect(both.pixel(x: 25, y: 20).a > 0 && both.pixel(x: 35, y: 20).a == 0 && both.pixel(x: 2, y: 2).a == 0)
    }

    @Test func aCompositingGroupComposesBeforeOpacity() throws {
        let pair = HStack(spacing: -10) {
            Rectangle().fill(blue).frame(width: 20, height: 20)
            Rectangle().fill(blue).frame(width: 20, height: 20)
        }
        // Without a group each square is half transparent and the overlap is darker; with it the
        // overlap looks like the rest. (Here opacity already draws a layer, so the two agree.)
        let grouped = try render(pair.compositingGroup().opacity(0.5))
        let overlap = grouped.pixel(x: 15, y: 10), single = grouped.pixel(x: 3, y: 10)
        #expect(overlap == single && abs(Int(single.a) - 128) <= 1, "\(overlap) \(single)")
        // A group on its own changes nothing.
        let plain = try render(pair)
        #expect(try render(pair.compositingGroup()).pixels == plain.pixels)
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func vulkanMasksLikeTheCPU() throws {
        let view = content.mask { Circle() }.mask(alignment: .leading) { Rectangle().frame(width: 30) }
        expectVulkanParity(try render(view), try render(view, backend: .vulkan), "mask")
    }
}
