import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts

/// Seed 004's boarding pass at an iPhone's width: the text column keeps its date on one line.
@Suite struct BoardingPassLayoutTests {
    @Test func theBoardingPassDateStaysOnOneLine() throws {
        // Seed 004 at 390 points: the text column was offered half of what the ring left (the spacer
        // took the other half), so the date wrapped; now the spacer yields and keeps its 8 points.
        let pass = ImageRenderer(content: BoardingPass(trip: .seattle, totalNights: 18))
        pass.proposedSize = ProposedViewSize(width: 390, height: nil)
        let s = try pass.layoutSnapshot()
        let texts = s.leaves.filter { $0.kind == "Text" }
        let date = try #require(texts.first { $0.text?.contains("2027") == true || $0.text?.contains("2026") == true })
        let city = try #require(texts.first { $0.text == "Seattle" })
        // One line: no taller than the city's title line (a 17 pt line is shorter than a 22 pt one).
        #expect(date.frame.height < city.frame.height)
        let oneLine = ImageRenderer(content: Text(date.text!))
        let ideal = try oneLine.layoutSnapshot().root.frame.size
        #expect(abs(date.frame.width - ideal.width) < 1e-9 && abs(date.frame.height - ideal.height) < 1e-9)
        // The spacer keeps 8 points at least: the ring is right of the column.
        let ring = try #require(s.leaves.first { $0.kind == "Circle" }).frame
        #expect(ring.minX >= date.frame.maxX + 16 + 8)
        #expect(abs(ring.maxX - (390 - 16 - 28)) < 1e-9)
    }
}
