import Foundation

/// Runs the importer's recursive passes (building the drawing model, replaying it) on a thread with a
/// stack of known size.
///
/// Those passes recurse once per nesting level (groups, `<use>`, nested `<svg>`, clip paths), and a
/// release build needs about 12 KB of stack per level to build and 4 KB to draw (a debug build more).
/// Callers' threads may have small stacks (Swift concurrency and test threads: 512 KB), too small for
/// the nesting the importer accepts (`SVGXMLTree.maxElementDepth`, `SVGBuilder.maxNestingDepth`), so
/// the work runs on a helper thread with `stackSize` bytes while the caller waits.
enum SVGLargeStack {
    /// 64 MB: several times what the deepest accepted document needs in a debug build. Only the pages
    /// actually touched are committed.
    static let stackSize = 64 << 20

    /// Set on the helper thread, so nested calls run inline.
    @TaskLocal private static var onHelperThread = false

    private final class Box<T>: @unchecked Sendable {
        // Written by the helper thread before it signals, read by the caller after waiting: the
        // semaphore orders the accesses.
        var result: T?
        /// Dropped before the caller resumes: `withoutActuallyEscaping` checks that nothing keeps it.
        var body: (() -> T)?
        init(_ body: @escaping () -> T) { self.body = body }
    }

    /// Runs `body` on a thread with a `stackSize` stack and returns its result.
    static func run<T>(_ body: () -> T) -> T {
        if onHelperThread { return body() }
        return withoutActuallyEscaping(body) { escapable in
            let box = Box(escapable)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                box.result = $onHelperThread.withValue(true) { box.body!() }
                box.body = nil
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
            done.wait()
            return box.result!
        }
    }

    /// `run` for a throwing body: its error is rethrown on the caller's thread.
    static func runThrowing<T>(_ body: () throws -> T) throws -> T {
        try run { Result { try body() } }.get()
    }
}
