import Foundation
import TileRender

// tile-bench check OUT_DIR [--set DIR] [--json OUT.json]
//
// Tests/Fixtures/Scenes/check.py in Swift, so that a clone checks its renders without Python: OUT_DIR holds
// NAME.png for each scene of the set; each is compared with the set's NAME.png by the MANIFEST tolerance
// rule (ImageDifference, SceneTolerance) against the scene's limits in agreement.json. The lines, the JSON
// and the verdicts are check.py's (CheckCLITests runs both on the same folders); exit status 1 when any
// scene fails or is missing.

let checkUsage = "usage: tile-bench check OUT_DIR [--set DIR] [--json OUT.json]"

/// Where the scene sets live in the repository, and the default set.
let sceneSetsPath = "Tests/Fixtures/Scenes"
let defaultSceneSet = "public"

/// `text` right-aligned in `width` columns, as Python's `{:>N}`.
func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// One scene's verdict, with what check.py writes for it in its JSON.
struct SceneVerdict {
    enum Outcome {
        case measured(ImageDifference, SceneTolerance)
        case missing
        case unreadable(String)
        case wrongSize(candidate: (Int, Int), reference: (Int, Int))
    }
    var name: String
    var outcome: Outcome

    var passed: Bool {
        if case .measured(let difference, let tolerance) = outcome { return tolerance.accepts(difference) }
        return false
    }

    /// The table line, formatted as check.py formats it.
    var line: String {
        let scene = name.padding(toLength: max(32, name.count), withPad: " ", startingAt: 0)
        switch outcome {
        case .missing:
            return "\(scene) \(rightAligned("-", 15)) \(rightAligned("-", 17)) \(rightAligned("-", 15))  MISSING"
        case .unreadable(let reason):
            return "\(scene) unreadable PNG (\(reason))  FAIL"
        case .wrongSize(let candidate, let reference):
            return "\(scene) size \(candidate.0)x\(candidate.1) != \(reference.0)x\(reference.1)  FAIL"
        case .measured(let d, let t):
            return scene + String(format: " %6.3f <= %6.3f %7.3f <= %7.3f %6.1f <= %6.1f  %@", d.meanAbs, t.meanAbs,
                                  d.pctOver8, t.pctOver8, d.local5, t.local5, passed ? "pass" : "FAIL")
        }
    }

    /// check.py's JSON entry for the scene.
    var json: [String: Any] {
        switch outcome {
        case .missing: return ["result": "MISSING"]
        case .unreadable: return ["result": "FAIL", "reason": "unreadable"]
        case .wrongSize: return ["result": "FAIL", "reason": "size"]
        case .measured(let d, let t):
            return ["mean_abs": d.meanAbs, "pct_over8": d.pctOver8, "local5": d.local5, "max_abs": d.maxAbs,
                    "tol": [t.meanAbs, t.pctOver8, t.local5], "result": passed ? "pass" : "FAIL"]
        }
    }
}

/// Compares the candidates in `candidates` with the scene set in `set`, scene by scene, in name order.
func checkScenes(candidates: URL, set: URL) throws -> [SceneVerdict] {
    let tolerances = try SceneTolerance.load(from: set)
    return try tolerances.keys.sorted().map { name in
        let candidate = candidates.appendingPathComponent(name + ".png")
        guard FileManager.default.fileExists(atPath: candidate.path) else { return SceneVerdict(name: name, outcome: .missing) }
        // A reference that cannot be read is a broken set, not a failed candidate: that error stops the check.
        let reference = try Bitmap.straightRGBA(contentsOfPNG: set.appendingPathComponent(name + ".png"))
        let got: (width: Int, height: Int, pixels: [UInt8])
        do {
            got = try Bitmap.straightRGBA(contentsOfPNG: candidate)
        } catch TileRenderError.pngRead(_, let reason) {
            return SceneVerdict(name: name, outcome: .unreadable(reason))
        } catch {
            return SceneVerdict(name: name, outcome: .unreadable("\(error)"))
        }
        guard got.width == reference.width, got.height == reference.height else {
            return SceneVerdict(name: name, outcome: .wrongSize(candidate: (got.width, got.height),
                                                                reference: (reference.width, reference.height)))
        }
        let difference = ImageDifference(straightRGBA: reference.pixels, got.pixels, width: got.width, height: got.height)
        return SceneVerdict(name: name, outcome: .measured(difference, tolerances[name]!))
    }
}

/// `relative` (a path inside the repository) looked for from the working directory upwards, then from the
/// executable (.build/<config>/tile-bench) upwards; nil when neither is inside a clone that has it.
func repositoryItem(_ relative: String) -> URL? {
    var starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() { starts.append(executable.deletingLastPathComponent()) }
    for start in starts {
        var folder = start.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
    }
    return nil
}

/// The scene set: `--set`'s folder, or a set's name (as check.py's `--set public`) in the repository's
/// Tests/Fixtures/Scenes; by default the repository's public set.
func sceneSet(named requested: String?) throws -> URL {
    var isFolder: ObjCBool = false
    if let requested, FileManager.default.fileExists(atPath: requested, isDirectory: &isFolder), isFolder.boolValue {
        return URL(fileURLWithPath: requested)
    }
    let setName = requested ?? defaultSceneSet
    if !setName.contains("/"), let set = repositoryItem(sceneSetsPath + "/" + setName) { return set }
    if let requested {
        throw UsageError(description: "no scene set '\(requested)': not a folder, nor a set in \(sceneSetsPath) of the repository")
    }
    throw UsageError(description: "cannot find the reference scenes (\(sceneSetsPath)/\(defaultSceneSet)) above the working directory or the executable: run tile-bench from the repository, or pass --set DIR")
}

/// Runs `tile-bench check`; returns false when a scene failed or was missing (exit status 1).
func runCheck(_ args: [String]) throws -> Bool {
    var candidates: String?
    var setName: String?
    var jsonPath: String?
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--set": setName = try arguments.value(for: a)
        case "--json": jsonPath = try arguments.value(for: a)
        default:
            if a.hasPrefix("-") { throw UsageError(description: "unknown option \(a)\n\(checkUsage)") }
            guard candidates == nil else { throw UsageError(description: "more than one candidate folder\n\(checkUsage)") }
            candidates = a
        }
    }
    guard let candidates else { throw UsageError(description: "no candidate folder\n\(checkUsage)") }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: candidates, isDirectory: &isFolder), isFolder.boolValue else {
        throw UsageError(description: "no folder '\(candidates)' of candidate PNGs")
    }
    let set = try sceneSet(named: setName)
    guard FileManager.default.fileExists(atPath: set.appendingPathComponent("agreement.json").path) else {
        throw UsageError(description: "\(set.path) has no agreement.json: not a scene set")
    }

    let verdicts = try checkScenes(candidates: URL(fileURLWithPath: candidates), set: set)
    print("scene".padding(toLength: 32, withPad: " ", startingAt: 0)
          + " \(rightAligned("mean_abs", 15)) \(rightAligned("pct>8 (%)", 17)) \(rightAligned("local5", 15))  result")
    for verdict in verdicts { print(verdict.line) }
    let failed = verdicts.filter { !$0.passed }.count
    print("\(verdicts.count - failed) passed, \(failed) failed")
    if let jsonPath {
        let entries = Dictionary(uniqueKeysWithValues: verdicts.map { ($0.name, $0.json) })
        let data = try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: jsonPath))
    }
    return failed == 0
}
