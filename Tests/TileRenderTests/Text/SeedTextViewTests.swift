import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText

/// The columns of ink in `rows` of `bitmap` whose pixel differs from `background` (any channel over 40).
private func inkColumns(_ bitmap: Bitmap, rows: Range<Int>, background: Bitmap.Pixel) -> ClosedRange<Int>? {
    var first: Int?, last: Int?
    for x in 0..<bitmap.width {
        let inked = rows.contains { y in
            let p = bitmap.pixel(x: x, y: y)
            return max(abs(Int(p.r) - Int(background.r)), abs(Int(p.g) - Int(background.g)),
                       abs(Int(p.b) - Int(background.b)), abs(Int(p.a) - Int(background.a))) > 40
        }
        if inked { first = first ?? x; last = x }
    }
    guard let first, let last else { return nil }
    return first...last
}

/// The largest channel difference between `a` and `b` over `rows` (both the same width).
private func worstDifference(_ a: Bitmap, _ b: Bitmap, rows: Range<Int>) -> Int {
    var worst = 0
    for y in rows { for x in 0..<a.width {
        let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
        worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
    } }
    return worst
}

/// With PORTS_OUT set, writes `bitmap` there as NAME.png (to look at a view's render).
private func keep(_ bitmap: Bitmap, _ name: String) {
    guard let dir = ProcessInfo.processInfo.environment["PORTS_OUT"] else { return }
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try? bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
}

/// The body line height in Inter: (ascender - descender) / unitsPerEm * size (hhea; lineGap 0).
private func interLineHeight(_ size: Double) -> Double { (2728.0 + 680.0) / 2816 * size }

/// The size `text` takes on one line with the body font by default.
private func shapedSize(_ text: Text) -> CGSize { PreparedText(text, settings: TextSettings()).layout(width: nil).size }

/// Seed views with their text restored, laid out by the view layer and drawn through `ImageRenderer`.
@Suite struct SeedTextViewTests {
    /// Seed 001's AirportAwards: each award at 250x250 with its caption below, in a VStack.
    /// Documented edit: the seed's ScrollView is left out (scrolling comes with the views issue), so
    /// the column is its content's VStack. The awards are the reference-checked ports, drawn as images.
    @Test func awardCaptionsSitUnderTheirAwards() throws {
        let awards = try [PortsBadge.firstVisitAwardScene(), StrokePortScenes.overnight_park_award(),
                          StrokePortScenes.airport_meal_award()].map { try Renderer(backend: .cpu).render($0) }
        let captions = ["First Visit", "Left Car Overnight", "Ate Meal at Airport"]
        let column = VStack {
            Image(bitmap: awards[0]).frame(width: 250, height: 250)
            Text(captions[0])
            Image(bitmap: awards[1]).frame(width: 250, height: 250)
            Text(captions[1])
            Image(bitmap: awards[2]).frame(width: 250, height: 250)
            Text(captions[2])
        }
        .navigationBarTitle("Your Awards")
        let bitmap = try ImageRenderer(content: column).render(backend: .cpu)
        keep(bitmap, "seed_award_captions")
        let line = interLineHeight(17)
        #expect(bitmap.width == 250)
        #expect(abs(Double(bitmap.height) - (3 * 250 + 3 * line + 5 * 8)) <= 1, "\(bitmap.width)x\(bitmap.height)")
        let clear = Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0)
        for (i, caption) in captions.enumerated() {
            let top = Double(i) * (250 + 8 + line + 8) + 250 + 8
            // Black body text, centred under its award, as wide as its shaped advances.
            guard let ink = inkColumns(bitmap, rows: Int(top)..<Int(top + line), background: clear) else {
                Issue.record("no ink for \(caption)"); continue
            }
            let advance = shapedSize(Text(caption)).width
            #expect(abs(Double(ink.lowerBound + ink.upperBound + 1) / 2 - 125) <= 2, "\(caption): ink \(ink)")
            #expect(abs(Double(ink.count) - advance) <= 3, "\(caption): ink \(ink.count) px, advance \(advance)")
            // The award above it is the port's picture, row for row (the first starts on a whole pixel).
            if i == 0 {
                let award = awards[0]
                var worst = 0
                for y in 0..<250 { for x in 0..<250 {
                    let p = bitmap.pixel(x: x, y: y), q = award.pixel(x: x, y: y)
                    worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.a) - Int(q.a)))
                } }
                #expect(worst <= 1, "the first award differs by \(worst) levels")
            }
        }
    }

    /// Seed 003's SingleShapeView: "Card from Shape" in bold title, padded 30 above and below, over the
    /// rotated card. The title is centred and bold, and the card under it is the same as with an empty
    /// box of the title's size in its place.
    @Test func cardFromShapeTitle() throws {
        let background = Color(red: 214 / 255, green: 232 / 255, blue: 248 / 255)
        func card<Title: View>(@ViewBuilder title: () -> Title) -> some View {
            ZStack {
                background.edgesIgnoringSafeArea(.all)
                VStack {
                    title()
                    Group {
                        Canvas { context, size in
                            let w = size.width / 7, h = size.height / 21
                            for r in 0..<21 {
                                let n = r % 2 == 0 ? 7 : 6
                                for c in 0..<n {
                                    let x = (size.width - Double(n) * w) / 2 + Double(c) * w
                                    context.fill(DiamondShape().path(in: CGRect(x: x, y: Double(r) * h, width: w, height: h)),
                                                 with: .color(Color(red: 250 / 255, green: 100 / 255, blue: 90 / 255)))
                                }
                            }
                        }
                        .padding(40)
                        .frame(width: 250, height: 430)
                        .background(Color(red: 30 / 255, green: 40 / 255, blue: 60 / 255))
                        .cornerRadius(30)
                        .overlay(RoundedRectangle(cornerRadius: 30).stroke(.black, lineWidth: 2).cornerRadius(30))
                    }
                    .rotationEffect(.degrees(10))
                    Spacer()
                }
            }
            .frame(width: 390, height: 600)
        }
        let titled = try ImageRenderer(content: card {
            Text("Card from Shape").font(.title).fontWeight(.bold).padding(.vertical, 30)
        }).render(backend: .cpu)
        let titleSize = shapedSize(Text("Card from Shape").font(.title).fontWeight(.bold))
        let untitled = try ImageRenderer(content: card {
            Color.clear.frame(width: titleSize.width, height: titleSize.height).padding(.vertical, 30)
        }).render(backend: .cpu)
        keep(titled, "seed_card_from_shape")
        let line = interLineHeight(28)
        #expect(abs(titleSize.height - line) < 0.01)
        let titleTop = 30, titleBottom = Int((30 + line).rounded(.up))
        let paper = titled.pixel(x: 0, y: 0)
        guard let ink = inkColumns(titled, rows: titleTop..<titleBottom, background: paper) else {
            Issue.record("the title has no ink"); return
        }
        #expect(abs(Double(ink.lowerBound + ink.upperBound + 1) / 2 - 195) <= 2, "ink \(ink)")
        #expect(abs(Double(ink.count) - titleSize.width) <= 4, "ink \(ink.count) px, advance \(titleSize.width)")
        // Bold: wider than the same words in the regular weight.
        #expect(titleSize.width > shapedSize(Text("Card from Shape").font(.title)).width + 5)
        // Nothing above the title's padding and nothing below its line differs from the untitled card.
        #expect(worstDifference(titled, untitled, rows: 0..<titleTop) == 0)
        #expect(worstDifference(titled, untitled, rows: titleBottom..<titled.height) == 0)
        #expect(worstDifference(titled, untitled, rows: titleTop..<titleBottom) > 100)
    }
}
