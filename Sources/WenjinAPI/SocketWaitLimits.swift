/// How long one blocking wait of a socket exchange may last: the idle timeout (from the start
/// of this wait), the request's total deadline, and whether the caller has given up. Waits poll
/// in short slices so a cancellation is noticed within one slice even when nothing wakes them.
struct SocketWaitLimits: Sendable {
    var idle: Duration
    var deadline: ContinuousClock.Instant
    var isCancelled: @Sendable () -> Bool

    static let slice = Duration.milliseconds(100)

    /// Milliseconds to poll next, or the failure that ends the wait; `idleEnd` is when this wait began plus `idle`.
    func nextSlice(idleEnd: ContinuousClock.Instant) throws(SocketFailure) -> Int32 {
        if isCancelled() { throw .cancelled }
        let now = ContinuousClock.now
        if now >= deadline { throw .deadline }
        if now >= idleEnd { throw .idle }
        let until = min(deadline, idleEnd, now + Self.slice)
        let (seconds, attoseconds) = (until - now).components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
