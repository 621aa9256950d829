// Port of the seed 004_5675202f8aa3459e.txt, lesson 25 "A boarding pass, drawn in code": the Ticket shape
// (step 4), NightsRing (step 5) and BoardingPass as step 5 ends it, with the lesson's previews.
//
// Edits from the seed (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - The types are public, each with a public init (the memberwise ones are internal).
// - `Trip` and the `highlight` environment value come from the Trips project's earlier lessons, which
//   the seed does not include: below is the least of them the lesson uses (a city, a start date, a
//   number of nights; a highlight colour, blue by default).
// Nothing else. TripDetail is app UI (navigation, toolbar, alerts, sheets) and is left out.
import Foundation
import TileRender

/// A trip of the Trips project (the part this lesson reads).
public struct Trip: Identifiable, Hashable, Sendable {
    public var id = UUID()
    public var city: String
    public var start: Date
    public var nights: Int
    public init(city: String, start: Date, nights: Int) { self.city = city; self.start = start; self.nights = nights }
    public static let seattle = Trip(city: "Seattle", start: Date(timeIntervalSinceReferenceDate: 820_454_400), nights: 5)
}

private struct HighlightKey: EnvironmentKey { static let defaultValue = Color.blue }

extension EnvironmentValues {
    /// The Trips project's highlight colour (blue unless a view sets it).
    public var highlight: Color {
        get { self[HighlightKey.self] }
        set { self[HighlightKey.self] = newValue }
    }
}

/// A ticket: a rectangle with a round notch bitten out of each side.
public struct Ticket: Shape {
    var notch: CGFloat = 14

    public init(notch: CGFloat = 14) { self.notch = notch }

    public func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY - notch))
        path.addArc(center: CGPoint(x: rect.maxX, y: rect.midY), radius: notch,
                    startAngle: .degrees(270), endAngle: .degrees(90), clockwise: true)
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.midY + notch))
        path.addArc(center: CGPoint(x: rect.minX, y: rect.midY), radius: notch,
                    startAngle: .degrees(90), endAngle: .degrees(270), clockwise: true)
        path.closeSubpath()
        return path
    }
}

#Preview("Three sizes") {
    VStack(spacing: 24) {
        Ticket().fill(.orange).frame(width: 120, height: 60)
        Ticket().fill(.orange).frame(width: 240, height: 100)
        Ticket(notch: 24).fill(.orange).frame(width: 340, height: 160)
    }
}

public struct NightsRing: View {
    let nights: Int
    let total: Int
    @Environment(\.highlight) private var highlight

    public init(nights: Int, total: Int) { self.nights = nights; self.total = total }

    public var body: some View {
        ZStack {
            Circle()
                .strokeBorder(highlight.opacity(0.3), lineWidth: 8)
            Circle()
                .inset(by: 4)
                .trim(from: 0, to: Double(nights) / Double(max(total, 1)))
                .stroke(highlight, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                .rotationEffect(.degrees(-90))
            VStack(spacing: 0) {
                Text(nights, format: .number)
                    .font(.headline)
                Text("of \(total)")
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
        }
        .frame(width: 64, height: 64)
    }
}

#Preview {
    HStack(spacing: 20) {
        NightsRing(nights: 1, total: 18)
        NightsRing(nights: 5, total: 18)
        NightsRing(nights: 12, total: 18)
    }
}

public struct BoardingPass: View {
    let trip: Trip
    let totalNights: Int
    @Environment(\.highlight) private var highlight

    public init(trip: Trip, totalNights: Int) { self.trip = trip; self.totalNights = totalNights }

    public var body: some View {
        HStack(spacing: 16) {
            VStack(alignment: .leading, spacing: 4) {
                Text("Boarding pass")
                    .font(.caption.weight(.semibold))
                    .textCase(.uppercase)
                    .foregroundStyle(.secondary)
                Text(trip.city)
                    .font(.title2.weight(.bold))
                Text(trip.start, format: .dateTime.day().month(.wide).year())
                    .foregroundStyle(.secondary)
            }
            Spacer()
            NightsRing(nights: trip.nights, total: totalNights)
        }
        .padding(.vertical, 20)
        .padding(.horizontal, 28)
        .background(highlight.opacity(0.3), in: Ticket())
        .padding(.horizontal)
    }
}

#Preview {
    BoardingPass(trip: .seattle, totalNights: 18)
}
