import Foundation
import TileRender

// Placeholder until the importer lands (same public names).
public struct SVGWarning: Sendable, CustomStringConvertible { public var element: String; public var line: Int; public var message: String; public var description: String { message } }
public enum SVGError: Error { case notSVG(String) }
public struct SVGDocument: Sendable {
    public var size: CGSize = .zero
    public var warnings: [SVGWarning] = []
    public init(contentsOf url: URL) throws { throw SVGError.notSVG("importer not merged yet") }
    public func makeScene(size targetSize: CGSize? = nil) -> Scene { Scene(size: targetSize ?? size) }
}
