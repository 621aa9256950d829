import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText

/// The seeds' views with their text restored (the reference scenes leave text out): the text draws
/// where the seed puts it, in the seed's fonts and colours, and changes nothing else.
@Suite struct SeedTextTests {
    private func inkRows(_ bitmap: Bitmap, x: Range<Int>, y: Range<Int>) -> Int {
        y.filter { row in x.contains { bitmap.pixel(x: $0, y: row).a > 100 } }.count
    }

    /// Seed 004's BoardingPass labels: a caption in semibold capitals in the secondary colour, the
    /// city in bold title2, and the date formatted by Foundation, 4 points apart, leading-aligned.
    @Test func boardingPassLabels() throws {
        let start = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                   year: 2026, month: 6, day: 12).date!
        var format = Date.FormatStyle.dateTime.day().month(.wide).year()
        format.timeZone = TimeZone(identifier: "UTC")!
        format.locale = Locale(identifier: "en_US")
        let labels = VStack(alignment: .leading, spacing: 4) {
            Text("Boarding pass")
                .font(.caption.weight(.semibold))
                .textCase(.uppercase)
                .foregroundStyle(.secondary)
            Text("Seattle")
                .font(.title2.weight(.bold))
            Text(start, format: format)
                .foregroundStyle(.secondary)
        }
        let renderer = ImageRenderer(content: labels)
        let bitmap = try renderer.render(backend: .cpu)
        let caption = (2728.0 + 680.0) / 2816 * 12, title = (2728.0 + 680.0) / 2816 * 22, body = (2728.0 + 680.0) / 2816 * 17
        #expect(abs(Double(bitmap.height) - (caption + title + body + 8).rounded(.up)) <= 1, "\(bitmap.width)x\(bitmap.height)")
        // The caption is secondary (60% opacity at most), the city opaque black.
        let captionRows = 0..<Int(caption)
        let captionAlpha = captionRows.flatMap { y in (0..<bitmap.width).map { bitmap.pixel(x: $0, y: y).a } }.max() ?? 0
        #expect(captionAlpha > 100 && captionAlpha <= 154, "caption alpha \(captionAlpha)")
        let cityRows = Int(caption + 4)..<Int(caption + 4 + title)
        let cityAlpha = cityRows.flatMap { y in (0..<bitmap.width).map { bitmap.pixel(x: $0, y: y).a } }.max() ?? 0
        #expect(cityAlpha == 255)
        // The date reads "June 12, 2026" (Foundation's FormatStyle), drawn on the third line.
        #expect(Text(start, format: format).string == "June 12, 2026")
        #expect(inkRows(bitmap, x: 0..<bitmap.width, y: Int(caption + title + 8)..<bitmap.height) > 8)
    }

    /// Seed 003's line chart with its title and y-axis tick labels (footnote) drawn beside the port of
    /// the chart: the chart's pixels are those of the port without text.
    @Test func lineChartWithAxisLabels() throws {
        let chart = StrokePortScenes.line_chart_basic()
        let plain = try Renderer(backend: .cpu).render(chart)
        var labelled = Scene(size: CGSize(width: 360, height: 350))
        labelled.draw { context in
            context.draw(Text("Line Chart").font(.title2), at: CGPoint(x: 155, y: 4), anchor: .top)
            var chartContext = context
            chartContext.translateBy(x: 40, y: 36)
            chartContext.clip(to: Path(CGRect(x: 0, y: 0, width: 310, height: 310)))
            // The port's drawing, replayed inside the clip (its white background, frame and line).
            for command in chart.commands {
                var c = chartContext
                switch command {
                case .fill(let f):
                    c.concatenate(f.transform)
                    c.fill(f.path, with: f.shading, style: FillStyle(eoFill: f.rule == .evenOdd))
                case .stroke(let s):
                    c.concatenate(s.transform)
                    c.stroke(s.path, with: s.shading, style: s.style)
                default:
                    Issue.record("the line chart port has a command the test does not replay: \(command)")
                }
            }
            for t in stride(from: 0, through: 100, by: 20) {
                let y = 36 + 5 + 300 - Double(t) * 3
                context.draw(Text("\(t)").font(.footnote), at: CGPoint(x: 38, y: y), anchor: .trailing)
            }
        }
        let bitmap = try Renderer(backend: .cpu).render(labelled)
        // The chart area matches the port (the labels lie outside it).
        var worst = 0
        for y in 0..<310 { for x in 0..<310 {
            let a = bitmap.pixel(x: x + 40, y: y + 36), b = plain.pixel(x: x, y: y)
            worst = max(worst, abs(Int(a.a) - Int(b.a)), abs(Int(a.r) - Int(b.r)))
        } }
        #expect(worst <= 1, "the chart differs by \(worst) levels")
        // The title above and the six tick labels to the left have ink.
        #expect(inkRows(bitmap, x: 100..<220, y: 0..<34) > 10)
        for t in stride(from: 0, through: 100, by: 20) {
            let y = Int(36 + 5 + 300 - Double(t) * 3)
            #expect(inkRows(bitmap, x: 0..<39, y: (y - 8)..<(y + 8)) > 5, "tick \(t)")
        }
    }
}
