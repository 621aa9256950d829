import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `TimelineView` renders its content for the date of `ImageRenderer.date` through its schedule.
@Suite struct TimelineViewTests {
    /// The date the timeline's content is built with, read back through a Text.
    private func shownDate<S: TimelineSchedule>(_ schedule: S, at date: Date) throws -> Double {
        let renderer = ImageRenderer(content: TimelineView(schedule) { context in
            Text(String(context.date.timeIntervalSinceReferenceDate))
        })
        renderer.date = date
        let text = try #require(try renderer.layoutSnapshot().leaves.first?.text)
        return try #require(Double(text))
    }

    private let t0 = Date(timeIntervalSinceReferenceDate: 1000)

    @Test func schedulesPickTheirEntry() throws {
        #expect(try shownDate(.animation, at: t0.addingTimeInterval(0.37)) == 1000.37)
        #expect(try shownDate(.animation(minimumInterval: 0.25), at: t0.addingTimeInterval(0.37)) == 1000.25)
        #expect(try shownDate(.periodic(from: t0, by: 10), at: t0.addingTimeInterval(25)) == 1020)
        #expect(try shownDate(.periodic(from: t0, by: 10), at: t0.addingTimeInterval(-5)) == 1000)
        #expect(try shownDate(.everyMinute, at: Date(timeIntervalSinceReferenceDate: 125)) == 120)
        let dates = [t0, t0.addingTimeInterval(3), t0.addingTimeInterval(9)]
        #expect(try shownDate(.explicit(dates), at: t0.addingTimeInterval(5)) == 1003)
        #expect(try shownDate(.explicit(dates), at: t0.addingTimeInterval(-1)) == 1000)  // before all: the first
    }

    @Test func badSchedulesEndCleanly() throws {
        // A zero or NaN interval shows the render date; an empty schedule too.
        #expect(try shownDate(.periodic(from: t0, by: 0), at: t0.addingTimeInterval(7)) == 1007)
        #expect(try shownDate(.periodic(from: t0, by: .nan), at: t0.addingTimeInterval(7)) == 1007)
        #expect(try shownDate(.explicit([Date]()), at: t0) == 1000)
        // A million (and more) dates: at most a million are looked through.
        let many = (0..<1_500_000).lazy.map { Date(timeIntervalSinceReferenceDate: Double($0)) }
        #expect(try shownDate(.explicit(many), at: Date(timeIntervalSinceReferenceDate: 2_000_000)) == 999_999)
    }

    @Test func framesOfAnAnimationDiffer() throws {
        // The seeds' pattern: an angle from the timeline's date, rendered at two dates.
        let view = TimelineView(.animation) { timeline in
            let angle = Angle.degrees(timeline.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 4) * 90)
            Rectangle().fill(.red).frame(width: 40, height: 4).rotationEffect(angle).frame(width: 50, height: 50)
        }
        let renderer = ImageRenderer(content: view)
        renderer.date = Date(timeIntervalSinceReferenceDate: 0)
        let a = try renderer.render(backend: Backend.cpu)
        renderer.date = Date(timeIntervalSinceReferenceDate: 1)   // a quarter turn later
        let b = try renderer.render(backend: Backend.cpu)
        #expect(a.pixel(x: 25, y: 8).a == 0 && a.pixel(x: 8, y: 25).a == 255)
        #expect(b.pixel(x: 25, y: 8).a == 255 && b.pixel(x: 8, y: 25).a == 0)
    }
}

/// `AnimationRenderer`: frames over time, PNG files and an animated WebP that decodes back to them.
@Suite struct AnimationRendererTests {
    private func spinner() -> some View {
        TimelineView(.animation) { timeline in
            let angle = Angle.degrees(timeline.date.timeIntervalSinceReferenceDate * 90)
            Rectangle().fill(Color(red: 0.8, green: 0.1, blue: 0.2, opacity: 0.75)).frame(width: 30, height: 4)
                .rotationEffect(angle).frame(width: 40, height: 40)
        }
    }

    @Test func anAnimatedWebPRoundTrips() throws {
        let animation = AnimationRenderer(content: spinner(), start: Date(timeIntervalSinceReferenceDate: 0), duration: 1, framesPerSecond: 4)
        let frames = try animation.frames(backend: Backend.cpu)
        #expect(frames.count == 4)
        #expect(frames[0].pixels != frames[1].pixels)
        let data = try AnimatedWebP.encode(frames, frameDuration: 0.25)
        let decoded = try AnimatedWebP.decode(data)
        #expect(decoded.count == 4)
        #expect(decoded.map(\.start) == [0, 0.25, 0.5, 0.75])
        for (a, b) in zip(frames, decoded.map(\.bitmap)) {
            // Lossless, up to the straight-alpha round trip of translucent pixels (a level or two).
            let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 2, "worst \(worst)")
        }
        // Files: numbered PNGs and the WebP.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("anim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var reported: [Int] = []
        let urls = try animation.writeFrames(to: dir, backend: Backend.cpu) { done, _ in reported.append(done) }
        #expect(urls.map(\.lastPathComponent) == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png"])
        #expect(reported == [1, 2, 3, 4])
        #expect(try Bitmap(contentsOfPNG: urls[2]).pixels == frames[2].pixels)
        try animation.writeWebP(to: dir.appendingPathComponent("a.webp"), backend: Backend.cpu)
        #expect(try AnimatedWebP.decode(Data(contentsOf: dir.appendingPathComponent("a.webp"))).count == 4)
    }

    @Test func badAnimationsThrow() throws {
        for (duration, fps) in [(0.0, 30.0), (-1, 30), (.nan, 30), (1, 0), (1, .infinity), (1e9, 60)] {
            #expect(throws: TileRenderError.self) { try AnimationRenderer(content: Color.red, duration: duration, framesPerSecond: fps).frameCount() }
        }
        #expect(throws: TileRenderError.self) { try AnimatedWebP.encode([], frameDuration: 0.1) }
        #expect(throws: TileRenderError.self) { try AnimatedWebP.decode(Data("RIFF....WEBPVP8 garbage".utf8)) }
        let a = try Bitmap(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
        let b = try Bitmap(width: 3, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 24))
        #expect(throws: TileRenderError.self) { try AnimatedWebP.encode([a, b], frameDuration: 0.1) }
    }
}
