import Foundation
import Testing
import TileRender
import TileRenderSVG

/// Every Swift snippet of the README appears in this file, so that it compiles (and runs) here.
/// A snippet matches when its lines, trimmed and without blank lines, appear in this order in a run of
/// this file's lines; only the file a `URL(fileURLWithPath:)` names may differ (the tests write to a
/// temporary folder and read the fixtures). A snippet's `import` lines must be imports of this file.
@Suite struct ReadmeSnippetTests {
    static let readme = Fixtures.packageRoot.appendingPathComponent("README.md")
    static let thisFile = URL(fileURLWithPath: #filePath)

    /// The contents of the README's ```swift fences.
    static func swiftSnippets(in markdown: String) -> [[String]] {
        var snippets: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" { current = [] }
            else if current != nil, trimmed == "```" { snippets.append(current!); current = nil }
            else if current != nil { current!.append(line) }
        }
        return snippets
    }

    /// Trimmed, non-blank lines, with the path inside `URL(fileURLWithPath: ...)` replaced by `PATH`.
    static func normalized(_ lines: [String]) -> [String] {
        let path = try! NSRegularExpression(pattern: #"URL\(fileURLWithPath: [^()]*\)"#)
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { line in
            path.stringByReplacingMatches(in: line, range: NSRange(line.startIndex..., in: line),
                                          withTemplate: "URL(fileURLWithPath: PATH)")
        }
    }

    static func contains(_ haystack: [String], run needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    @Test func everySwiftSnippetOfTheReadmeIsInThisFile() throws {
        let snippets = ReadmeSnippetTests.swiftSnippets(in: try String(contentsOf: ReadmeSnippetTests.readme, encoding: .utf8))
        #expect(snippets.count >= 5, "the README's quick start has a snippet for drawing, text, views, SVG and linking")
        let source = ReadmeSnippetTests.normalized(try String(contentsOf: ReadmeSnippetTests.thisFile, encoding: .utf8)
            .components(separatedBy: "\n"))
        for snippet in snippets {
            let lines = ReadmeSnippetTests.normalized(snippet)
            for line in lines where line.hasPrefix("import ") {
                #expect(source.contains(line), "the README's \(line) is not an import of ReadmeExampleTests.swift")
            }
            let code = lines.filter { !$0.hasPrefix("import ") }
            let found = ReadmeSnippetTests.contains(source, run: code)
            #expect(found, "this README snippet is not in ReadmeExampleTests.swift:\n\(snippet.joined(separator: "\n"))")
        }
    }
}

/// The README's example, verbatim apart from the output path: it must keep compiling and drawing.
@Test func readmeExampleRenders() throws {
    let heartPath = NSTemporaryDirectory() + "/readme-heart-\(getpid()).png"
    defer { try? FileManager.default.removeItem(atPath: heartPath) }
    var scene = Scene(size: CGSize(width: 300, height: 200))
    scene.draw { context in
        var heart = Path()
        heart.move(to: CGPoint(x: 150, y: 50))
        heart.addCurve(to: CGPoint(x: 150, y: 200), control1: CGPoint(x: 50, y: 0), control2: CGPoint(x: 50, y: 120))
        heart.addCurve(to: CGPoint(x: 150, y: 50), control1: CGPoint(x: 250, y: 120), control2: CGPoint(x: 250, y: 0))
        context.fill(heart, with: .color(.red))
        context.stroke(heart, with: .color(.black), style: StrokeStyle(lineWidth: 3, lineJoin: .round, dash: [8, 4]))
        context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 40)),
                     with: .linearGradient(Gradient(colors: [.blue, .purple]),
                                           startPoint: CGPoint(x: 10, y: 10), endPoint: CGPoint(x: 70, y: 50)))
    }
    let bitmap = try Renderer(backend: .cpu).render(scene)     // premultiplied RGBA8
    try bitmap.writePNG(to: URL(fileURLWithPath: heartPath))
    #expect(bitmap.pixel(x: 150, y: 120) == Bitmap.Pixel(r: 255, g: 59, b: 48, a: 255))   // inside the heart
    #expect(bitmap.pixel(x: 40, y: 30).a == 255)                                          // the ellipse
    #expect(bitmap.pixel(x: 290, y: 190).a == 0)                                          // transparent corner
}

/// The README's view example, verbatim.
@Test func readmeViewExampleRenders() throws {
    let renderer = ImageRenderer(content:
        HStack(spacing: 20) {
            Circle().stroke(.blue, lineWidth: 20).frame(width: 120, height: 120)
            Circle().strokeBorder(.blue, lineWidth: 20).frame(width: 120, height: 120)
        }
        .offset(x: 20, y: 20))
    renderer.proposedSize = ProposedViewSize(CGSize(width: 300, height: 160))
    let image = try renderer.render()
    #expect(image.width == 300 && image.height == 160)
    #expect(image.pixel(x: 80, y: 80).a == 0)          // inside the first ring
    #expect(image.pixel(x: 20 + 120, y: 80).a == 255)  // the first ring's stroke spills past its frame
}

/// The README's text example, verbatim.
@Test func readmeTextExampleRenders() throws {
    let gate = 7
    var scene = Scene(size: CGSize(width: 300, height: 150))
    let title = Text("Boarding pass").font(.title).bold() + Text("  \(gate, specifier: "%02d")").foregroundColor(.gray)
    scene.draw { context in
        context.draw(title, at: CGPoint(x: 150, y: 40))                         // centred on the point
        context.draw(Text("Wraps to the width").font(.body), in: CGRect(x: 10, y: 60, width: 120, height: 80))
    }
    let label = ImageRenderer(content: VStack { Text("42 km").font(.largeTitle); Text("today").textCase(.uppercase) })
    #expect(title.string == "Boarding pass  07")
    let bitmap = try Renderer(backend: .cpu).render(scene)
    // The title's ink is centred on x = 150 around y = 40; the wrapped text takes two lines below 60.
    var inkRows = Set<Int>()
    for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).a > 128 { inkRows.insert(y) } }
    #expect(inkRows.contains(40) && inkRows.contains(70) && inkRows.contains(92), "\(inkRows.sorted())")
    let image = try label.render()
    // "42 km" at 34 pt (41.2 high) over "TODAY" at 17 (20.6): two texts in a column touch (ViewSpacing).
    #expect(abs(Double(image.height) - (41.17 + 20.58).rounded(.up)) <= 1, "\(image.width)x\(image.height)")
}

/// The README's SVG example, verbatim apart from the files: it reads the benchmark tiger.
@Test func readmeSVGExampleRenders() throws {
    let tigerPath = try Fixtures.file("Ghostscript_Tiger.svg", in: Fixtures.bench).path
    let outputPath = NSTemporaryDirectory() + "/readme-tiger-\(getpid()).png"
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let document = try SVGDocument(contentsOf: URL(fileURLWithPath: tigerPath))
    for warning in document.warnings { print("warning:", warning) }
    let tiger = try Renderer(backend: .cpu).render(document.makeScene())
    try tiger.writePNG(to: URL(fileURLWithPath: outputPath))
    #expect(document.warnings.isEmpty, "\(document.warnings)")
    #expect(CGFloat(tiger.width) == document.size.width.rounded(.up) && CGFloat(tiger.height) == document.size.height.rounded(.up))
    #expect(try Bitmap(contentsOfPNG: URL(fileURLWithPath: outputPath)).width == tiger.width)
}

/// The README's `Package.swift` fragment cannot compile in a test; it is kept here, and what it
/// promises is checked against the package: the two products, the `Vulkan` trait on by default, and
/// `traits: []` as the CPU-only form that `Examples/CPUOnly` (built by scripts/check-cpu-only.sh) uses.
@Test func readmeManifestMatchesThePackage() throws {
    let readmeManifest = """
        dependencies: [
            .package(url: "https://…/TileRender.git", from: "…"),                 // CPU and Vulkan
            // .package(url: "https://…/TileRender.git", from: "…", traits: []),  // CPU only
        ],
        targets: [
            .executableTarget(name: "MyApp", dependencies: [
                .product(name: "TileRender", package: "TileRender"),
                .product(name: "TileRenderSVG", package: "TileRender"),            // only for SVG import
            ]),
        ]
        """
    let root = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let example = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/CPUOnly/Package.swift"), encoding: .utf8)
    #expect(root.contains(#".library(name: "TileRender", targets: ["TileRender"])"#))
    #expect(root.contains(#".library(name: "TileRenderSVG", targets: ["TileRenderSVG"])"#))
    #expect(root.contains(#".default(enabledTraits: ["Vulkan"])"#))
    #expect(example.contains("traits: [])") && readmeManifest.contains("traits: [])"))
    #expect(example.contains(#".product(name: "TileRender", package: "TileRender")"#))
}
