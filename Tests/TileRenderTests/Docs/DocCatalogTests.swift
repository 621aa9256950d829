import Foundation
import Testing

/// The DocC catalog's inputs, checked without running docc (scripts/docs.sh does that): the articles
/// the catalog and the README link to exist, with the sections they name, the README and the root page
/// link to every article, and every source file the articles' file tables name exists. After a file is renamed this fails until its table row is updated.
@Suite struct DocCatalogTests {
    static let root = Fixtures.packageRoot
    static let catalog = root.appendingPathComponent("Sources/TileRender/TileRender.docc")

    static func text(_ url: URL) throws -> String {
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw DocError(description: "cannot read \(url.path): \(error)")
        }
    }

    struct DocError: Error, CustomStringConvertible { let description: String }

    /// The catalog's articles by file name without `.md`.
    static func articles() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        var result: [String: String] = [:]
        for name in names { result[String(name.dropLast(3))] = try text(catalog.appendingPathComponent(name)) }
        return result
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            c == " " ? "-" : (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : nil
        })
    }

    static func anchors(_ markdown: String) -> Set<String> {
        Set(markdown.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("#") else { return nil }
            return anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
        })
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (1..<m.numberOfRanges).map { Range(m.range(at: $0), in: text).map { String(text[$0]) } ?? "" }  // "": a group that did not take part
        }
    }

    @Test func theScriptAndTheArticlesExist() throws {
        #expect(FileManager.default.isExecutableFile(atPath: DocCatalogTests.root.appendingPathComponent("scripts/docs.sh").path))
        let articles = try DocCatalogTests.articles()
        for name in ["TileRender", "CoordinatesAndConventions", "Pipeline", "BackendsAndEngines", "BadInput", "WritingAStage",
                     "ViewLayout", "Drawing", "Views", "TextAndFonts", "SVGImport", "TileBench"] {
            #expect(articles[name] != nil, "missing article \(name).md")
        }
        // Every article is reachable from the catalog's root page.
        for name in articles.keys where name != "TileRender" {
            #expect(articles["TileRender"]?.contains("<doc:\(name)>") == true, "TileRender.md's topics do not list \(name)")
        }
        #expect(articles["TileRender"]?.hasPrefix("# ``TileRender``") == true, "the root page names the module")
    }

    @Test func articleLinksNameArticlesOfTheCatalog() throws {
        let articles = try DocCatalogTests.articles()
        var links = 0
        for (name, text) in articles {
            for match in DocCatalogTests.matches(#"<doc:([A-Za-z0-9_-]+)>"#, in: text) {
                links += 1
                #expect(articles[match[0]] != nil, "\(name).md links to <doc:\(match[0])>, which is not in the catalog")
            }
        }
        #expect(links >= 5)
    }

    @Test func theReadmeLinksIntoTheCatalogsSections() throws {
        let readme = try DocCatalogTests.text(DocCatalogTests.root.appendingPathComponent("README.md"))
        let links = DocCatalogTests.matches(#"\]\(Sources/TileRender/TileRender\.docc/([A-Za-z]+)\.md(?:#([a-z0-9-]+))?\)"#, in: readme)
        #expect(links.count >= 8, "the README's Documentation section points into the catalog")
        let articles = try DocCatalogTests.articles()
        let linked = Set(links.map { $0[0] })
        for name in articles.keys where name != "TileRender" {
            #expect(linked.contains(name), "the README links to no section of \(name).md: add it to the Documentation section")
        }
        for link in links {
            let article = try #require(articles[link[0]], "README links to \(link[0]).md, which is not in the catalog")
            if link.count > 1, !link[1].isEmpty {
                #expect(DocCatalogTests.anchors(article).contains(link[1]), "\(link[0]).md has no section #\(link[1])")
            }
        }
    }

    /// Paths in the articles' tables: relative to Sources/TileRender, or to the package when they start
    /// with Sources/ or Tests/.
    @Test func everyFileTheArticlesNameExists() throws {
        var checked = 0
        for (name, text) in try DocCatalogTests.articles() {
            for line in text.split(separator: "\n") where line.hasPrefix("|") {
                for match in DocCatalogTests.matches(#"`([A-Za-z0-9_+./-]+\.(?:swift|comp|glsl|h))`"#, in: String(line)) {
                    let path = match[0]
                    let base = path.hasPrefix("Sources/") || path.hasPrefix("Tests/") ? DocCatalogTests.root
                        : DocCatalogTests.root.appendingPathComponent("Sources/TileRender")
                    checked += 1
                    #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path),
                            "\(name).md names \(path), which does not exist: update its file table")
                }
            }
        }
        #expect(checked >= 20)
    }
}
