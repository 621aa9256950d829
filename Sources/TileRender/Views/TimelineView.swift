import Foundation
import TileRenderGeometry
import TileRenderPipeline

// TimelineView renders still pictures here: its content is built for one date, the latest entry of its
// schedule at or before the renderer's date (`ImageRenderer.date`). Rendering a sequence of dates makes
// the animation's frames.

/// When a timeline updates (SwiftUI's `TimelineSchedule`): the dates of its entries from a start date.
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

public enum TimelineScheduleMode: Sendable { case normal, lowFrequency }

/// The most entries of a schedule looked through for one render: a longer explicit schedule is cut
/// there (a million dates ends in milliseconds; an endless custom one ends).
package let maxTimelineEntriesScanned = 1_000_000

extension TimelineSchedule {
    /// The date a render at `date` shows: the latest entry at or before it (looked for among the
    /// entries from the distant past), the first entry when all are later, `date` when there are none.
    package func renderedDate(at date: Date) -> Date {
        var latest: Date? = nil, first: Date? = nil
        for (n, entry) in entries(from: .distantPast, mode: .normal).enumerated() {
            if n >= maxTimelineEntriesScanned { break }
            if first == nil { first = entry }
            if entry <= date, latest.map({ entry >= $0 }) ?? true { latest = entry }
        }
        return latest ?? first ?? date
    }
}

/// Updates as often as an animation needs (every frame), or at most every `minimumInterval` seconds.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public var minimumInterval: Double?
    public var paused: Bool
    public init(minimumInterval: Double? = nil, paused: Bool = false) { self.minimumInterval = minimumInterval; self.paused = paused }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> AnyIterator<Date> {
        let step = minimumInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1.0 / 60
        var next = startDate
        return AnyIterator { defer { next = next.addingTimeInterval(step) }; return next }
    }
}

/// Entries `interval` seconds apart from `startDate`.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    public var startDate: Date
    public var interval: TimeInterval
    public init(from startDate: Date, by interval: TimeInterval) { self.startDate = startDate; self.interval = interval }
    public func entries(from start: Date, mode: TimelineScheduleMode) -> AnyIterator<Date> {
        let i = interval, s = startDate
        var n = 0.0
        return AnyIterator {
            guard i.isFinite, i > 0 else { return nil }
            defer { n += 1 }
            return s.addingTimeInterval(n * i)
        }
    }
}

/// An entry at the start of every minute.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> AnyIterator<Date> {
        var next = Date(timeIntervalSinceReferenceDate: (startDate.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60)
        return AnyIterator { defer { next = next.addingTimeInterval(60) }; return next }
    }
}

/// The given dates.
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
    public var dates: Dates
    public init(_ dates: Dates) { self.dates = dates }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Dates { dates }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}

/// What a `TimelineView`'s content is built from: the date shown and how often the timeline updates.
public struct TimelineViewDefaultContext: Sendable {
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
    public let date: Date
    public let cadence: Cadence
}

/// A view rebuilt as time passes (SwiftUI's `TimelineView`): rendered here for one date, see
/// `ImageRenderer.date`. `.animation` shows the renderer's date itself (a minimum interval rounds it
/// down to a multiple of the interval since the reference date); the other schedules show their latest
/// entry at or before it.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    public typealias Body = Never

    /// What the content is built from (not generic, so that a closure's content type can be inferred).
    public typealias Context = TimelineViewDefaultContext

    package let schedule: Schedule
    package let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule; self.content = content
    }

    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        let (shown, cadence) = entry(at: environment.date)
        // The place is built again only when a render's date falls in another entry.
        if let context = environment.graph {
            let schedule = self
            context.parent.timeline = (shown, { schedule.entry(at: $0).date })
            context.graph.registerTimeline(context.parent)
        }
        environment.counters?.counts.bodies += 1
        return makeViewNode(content(Context(date: shown, cadence: cadence)), environment)
    }

    /// The entry shown at `date`, and the cadence.
    private func entry(at date: Date) -> (date: Date, cadence: Context.Cadence) {
        if let animation = schedule as? AnimationTimelineSchedule {
            if let m = animation.minimumInterval, m.isFinite, m > 0 {
                return (Date(timeIntervalSinceReferenceDate: (date.timeIntervalSinceReferenceDate / m).rounded(.down) * m), .live)
            }
            return (date, .live)
        }
        let cadence: Context.Cadence = schedule is EveryMinuteTimelineSchedule ? .minutes : .seconds
        if let periodic = schedule as? PeriodicTimelineSchedule, periodic.interval.isFinite, periodic.interval > 0 {
            // Computed, not walked: any distance from the start costs the same.
            let n = ((date.timeIntervalSince(periodic.startDate)) / periodic.interval).rounded(.down)
            return (periodic.startDate.addingTimeInterval(max(0, n.isFinite ? n : 0) * periodic.interval), cadence)
        }
        if schedule is EveryMinuteTimelineSchedule {
            return (Date(timeIntervalSinceReferenceDate: (date.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60), cadence)
        }
        return (schedule.renderedDate(at: date), cadence)
    }
}
