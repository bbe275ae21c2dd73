import Foundation

/// The door to one host: spaces requests to the rate limit and holds every request back while
/// the host asked for a pause (`Retry-After`). Connections are limited by the number of
/// workers and URLSession's per-host maximum.
actor HostGate {
    private let interval: Duration
    private var nextSlot = ContinuousClock.now
    private var pausedUntil = ContinuousClock.now

    /// `requestsPerSecond` 0 means no spacing at all.
    init(requestsPerSecond: Double) {
        interval = requestsPerSecond > 0 ? .nanoseconds(Int64(1e9 / requestsPerSecond)) : .zero
    }

    /// Reserves the next slot and returns when the request may be sent. A pause announced
    /// while waiting is honoured too: the caller re-checks until no pause covers its slot.
    func waitForTurn() async throws {
        while true {
            let now = ContinuousClock.now
            let slot = max(now, nextSlot, pausedUntil)
            nextSlot = slot + interval
            if slot <= now { return }
            try await Task.sleep(until: slot, clock: .continuous)
            if pausedUntil <= ContinuousClock.now { return }
        }
    }

    /// Holds every later request until `instant` (a `Retry-After` from this host).
    func pause(until instant: ContinuousClock.Instant) {
        pausedUntil = max(pausedUntil, instant)
    }
}
