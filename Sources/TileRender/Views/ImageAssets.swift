import Foundation
import TileRenderGeometry
import TileRenderPipeline

// Images by name, as an app's asset catalog gives them on Apple platforms. Linux has no asset
// catalogs: a name is looked up as a PNG or JPEG file (see `Image.init(_:bundle:)`), decoded once per
// process and kept, so a view rendered every frame does not read its files again.

extension Image {
    /// File extensions tried for a name, in order.
    static let assetExtensions = ["png", "jpg", "jpeg"]
    /// The most pixels an image loaded by name may have (256 MB of RGBA8).
    public static let maxAssetPixels = 1 << 26
    /// The largest image file read by name.
    public static let maxAssetFileBytes = 256 << 20

    private static let assets = Locked(AssetState())

    private struct AssetState {
        var folders: [URL] = []
        var loaded: [String: Bitmap] = [:]
        var warned: Set<String> = []
    }

    /// Adds a folder that `Image(_:)` searches after the bundle's resources and `TILERENDER_ASSETS`.
    public static func registerAssetFolder(_ folder: URL) {
        assets.withLock { if !$0.folders.contains(folder) { $0.folders.append(folder) } }
    }

    /// The image named `name`: NAME.png, NAME.jpg or NAME.jpeg (or `name` itself when it ends in one
    /// of those) from `bundle`'s resources (`Bundle.main` by default), else from each folder of the
    /// environment variable `TILERENDER_ASSETS` (colon-separated), else from the folders given to
    /// `registerAssetFolder(_:)`. An image found nowhere, or that cannot be decoded, is empty (no
    /// size; it draws nothing), with one warning per name on standard error.
    public init(_ name: String, bundle: Bundle? = nil) {
        if let bitmap = Image.loadAsset(name, bundle: bundle ?? .main) {
            self.init(bitmap: bitmap)
        } else {
            self.init(bitmap: Image.placeholderPixel)
            isMissing = true
        }
    }

    /// SF Symbols do not exist on Linux: a visible placeholder instead (a 16 x 16 grey square with a
    /// darker frame and a cross), with one warning per name on standard error.
    public init(systemName: String) {
        Image.warnOnce("systemName:" + systemName, "TileRender: SF Symbols are not available on Linux; "
                       + "Image(systemName: \"\(systemName)\") draws a placeholder square")
        self.init(bitmap: Image.symbolPlaceholder)
    }

    private static let placeholderPixel = try! Bitmap(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])

    private static let symbolPlaceholder: Bitmap = {
        let n = 16
        var pixels = [UInt8](repeating: 0, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let edge = x == 0 || y == 0 || x == n - 1 || y == n - 1
                let cross = x == y || x == n - 1 - y
                let v: UInt8 = edge || cross ? 96 : 200
                pixels.replaceSubrange((y * n + x) * 4..<(y * n + x) * 4 + 4, with: [v, v, v, 255])
            }
        }
        return try! Bitmap(width: n, height: n, premultipliedRGBA: pixels)
    }()

    private static func warnOnce(_ key: String, _ message: String) {
        let first = assets.withLock { $0.warned.insert(key).inserted }
        if first { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }

    /// The files `name` may be, in search order.
    static func assetCandidates(_ name: String, bundle: Bundle) -> [URL] {
        let ext = (name as NSString).pathExtension.lowercased()
        let base = assetExtensions.contains(ext) ? (name as NSString).deletingPathExtension : name
        let extensions = assetExtensions.contains(ext) ? [ext] : assetExtensions
        var folders: [URL] = []
        if let resources = bundle.resourceURL { folders.append(resources) }
        if let list = ProcessInfo.processInfo.environment["TILERENDER_ASSETS"] {
            folders += list.split(separator: ":").map { URL(fileURLWithPath: String($0), isDirectory: true) }
        }
        folders += assets.withLock { $0.folders }
        return folders.flatMap { folder in extensions.map { folder.appendingPathComponent(base).appendingPathExtension($0) } }
    }

    private static func loadAsset(_ name: String, bundle: Bundle) -> Bitmap? {
        guard !name.isEmpty, !name.contains("\0") else {
            warnOnce("name:" + name, "TileRender: no image named '\(name)'")
            return nil
        }
        for url in assetCandidates(name, bundle: bundle) where FileManager.default.fileExists(atPath: url.path) {
            if let known = assets.withLock({ $0.loaded[url.path] }) { return known }
            do {
                let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                guard bytes <= maxAssetFileBytes else { throw TileRenderError.invalidBuffer("a file of \(bytes) bytes, over \(maxAssetFileBytes)") }
                let bitmap = try Bitmap(imageData: try Data(contentsOf: url), maxPixels: maxAssetPixels)
                assets.withLock { $0.loaded[url.path] = bitmap }
                return bitmap
            } catch {
                warnOnce("name:" + name, "TileRender: image '\(name)' at \(url.path) could not be read: \(error)")
                return nil
            }
        }
        warnOnce("name:" + name, "TileRender: no image named '\(name)' (searched the bundle's resources, "
                 + "TILERENDER_ASSETS and the registered asset folders for .png, .jpg and .jpeg)")
        return nil
    }
}
