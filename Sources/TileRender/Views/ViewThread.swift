#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Building, laying out and recording views recurse once per level of the tree, and the thread a
/// render is called from may have a small stack (a `Task`'s). `ImageRenderer` runs that work on a
/// thread of its own with `stackSize` bytes of stack (reserved, not committed), joined before it returns,
/// and bounds the depth of the tree (`ViewGraph.maxDepth`).
package enum ViewThread {
    package static let stackSize = 512 << 20

    /// `work`'s result, computed on a thread with a large stack (or on this one if none can be made).
    package static func run<T>(_ work: () -> T) -> T {
        withoutActuallyEscaping(work) { work in
            var result: T? = nil
            let job = Job { result = work() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job)
            let started = pthread_attr_setstacksize(&attributes, stackSize) == 0
                && pthread_create(&thread, &attributes, { raw in
                    Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().run()
                    return nil
                }, context.toOpaque()) == 0
            if started {
                pthread_join(thread, nil)
            } else {
                context.release()
                job.run()
            }
            return result!
        }
    }

    private final class Job {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
