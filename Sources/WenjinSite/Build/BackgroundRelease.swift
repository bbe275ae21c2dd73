import Dispatch

/// Lets go of a large value on another thread, so the caller returns without waiting for it.
///
/// Freeing a 100,000-question archive (its dictionaries and arrays, a few million allocations)
/// took 0.4 s of CPU after the build's clock had stopped. A command-line build exits right
/// after (`SiteBuilder.exitsAfterBuild`): the process ends while the free is under way (or
/// before it starts), and the system takes the memory back whole. Should the process go on,
/// the free runs to its end beside it, so nothing leaks; but what the value holds (the store's
/// connections, through the bodies) stays open until then, so only a caller about to exit asks.
enum BackgroundRelease {
    static func drop(_ value: consuming some Sendable) {
        let held = Box(value)
        DispatchQueue.global(qos: .background).async { held.release() }
    }

    /// Owns the value until `release`, so the last reference is dropped on the worker thread,
    /// never by the caller's frame as it unwinds.
    private final class Box<Value: Sendable>: @unchecked Sendable {
        // Unchecked: `value` is set once here and cleared once, by the one thread that runs `release`.
        private var value: Value?

        init(_ value: consuming Value) { self.value = consume value }

        func release() { value = nil }
    }
}
