import Foundation

/// The safe-area regions a view may extend into (SwiftUI's `SafeAreaRegions`).
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// Modifiers about a device's screen and navigation chrome. A render has no safe area, status bar or
/// navigation bar, so each returns the view unchanged: seed code keeps them and draws the same picture.
extension View {
    /// No safe area in a render: the view is unchanged.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }
    /// No safe area in a render: the view is unchanged (SwiftUI's older name for `ignoresSafeArea`).
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }
    /// No navigation bar in a render: the title is not drawn and the view is unchanged.
    public func navigationTitle(_ title: Text) -> Self { self }
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> Self { self }
    public func navigationTitle<S: StringProtocol>(_ title: S) -> Self { self }
    /// No navigation bar in a render: the title is not drawn and the view is unchanged.
    public func navigationBarTitle(_ title: Text) -> Self { self }
    public func navigationBarTitle(_ titleKey: LocalizedStringKey) -> Self { self }
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> Self { self }
}
