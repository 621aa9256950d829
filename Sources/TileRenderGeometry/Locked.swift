#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share behind a lock; every TileRender module uses it for shared state.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is taken in the kernel
/// (`FUTEX_LOCK_PI`), which ThreadSanitizer cannot see, so every contended `Mutex` reads as a data
/// race under `swift test --sanitize=thread`. A pthread mutex is intercepted by the sanitizers, so
/// their reports stay about real races.
package final class Locked<State>: @unchecked Sendable {
    // The mutex comes first, so that a zero-size `State` never shares its address.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The mutex makes access exclusive: the runtime's own checks would only add to each access.
    @exclusivity(unchecked) private var state: State

    package init(_ initial: State) {
        mutex = .allocate(capacity: 1)
        state = initial
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state while holding the lock (not reentrant: `body` must not lock it again).
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Hands `value` to `body` while holding the lock, moved rather than copied (a closure cannot
    /// give up what it captured, so a value appended from inside one would be copied).
    package func withLock<Value>(moving value: consuming Value, _ body: (inout State, consuming Value) -> Void) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        body(&state, value)
    }
}
