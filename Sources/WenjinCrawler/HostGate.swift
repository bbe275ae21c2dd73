import Foundation

/// The door to one host: spaces requests to the rate limit and holds every request back while
/// the host asked for a pause (`Retry-After`). Connections are limited by the number of
/// workers and URLSession's per-host maximum.
actor HostGate {
    private let interval: Duration
    private var lastTurn: ContinuousClock.Instant?
    private var pausedUntil = ContinuousClock.now

    /// `requestsPerSecond` 0 means no spacing at all.
    init(requestsPerSecond: Double) {
        interval = requestsPerSecond > 0 ? .nanoseconds(Int64(1e9 / requestsPerSecond)) : .zero
    }

    /// Returns when a request may be sent. A turn is taken only when it is due at the moment of
    /// asking, so a waiter that wakes late never sends in a burst with others; it waits again.
    func waitForTurn() async throws {
        while true {
            let now = ContinuousClock.now
            var due = pausedUntil
            if let lastTurn { due = max(due, lastTurn + interval) }
            if due <= now {
                lastTurn = now
                return
            }
            try await Task.sleep(until: due, clock: .continuous)
        }
    }

    /// Holds every later request until `instant` (a `Retry-After` from this host).
    func pause(until instant: ContinuousClock.Instant) {
        pausedUntil = max(pausedUntil, instant)
    }
}
