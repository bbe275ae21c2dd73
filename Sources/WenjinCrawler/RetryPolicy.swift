import Foundation

/// When to try a failed request again: exponential backoff with jitter, and the server's own
/// `Retry-After` (delay seconds or an HTTP date), whichever is later.
struct RetryPolicy: Sendable {
    var retries: Int
    var base: Duration
    var maximum: Duration

    /// The delay before retry number `attempt` (1 for the first retry): base × 2^(attempt−1),
    /// capped, then scaled by a random factor in 0.5...1 so that many clients do not retry in step.
    func backoff(attempt: Int) -> Duration {
        let exponent = Double(min(max(attempt - 1, 0), 30))
        let seconds = min(base.seconds * pow(2, exponent), maximum.seconds)
        return .seconds(seconds * Double.random(in: 0.5...1))
    }

    /// The longest pause a `Retry-After` can impose. The value comes from the server: at
    /// `9223372036854775807` seconds or a date in the year 9999 the wait would never end, and
    /// its `Duration` traps the process when a sleep converts it to nanoseconds.
    static let longestRetryAfter: TimeInterval = 3600

    /// Seconds to wait from `now` as a `Retry-After` value says, at most `longestRetryAfter`;
    /// nil when it says nothing usable.
    static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return requested(text, now: now).map { min(max(0, $0), longestRetryAfter) }
    }

    private static func requested(_ text: String, now: Date) -> TimeInterval? {
        if let seconds = Int(text) { return TimeInterval(seconds) }
        // More digits than an Int holds: a pause longer than any limit.
        if text.allSatisfy(\.isASCIIDigit) { return .infinity }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        // RFC 9110 IMF-fixdate first, then the two obsolete forms a server may still send.
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date.timeIntervalSince(now) }
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
