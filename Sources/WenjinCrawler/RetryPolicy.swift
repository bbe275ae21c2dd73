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

    /// Seconds to wait from `now` as a `Retry-After` value says; nil when it says nothing usable.
    static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return TimeInterval(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        // RFC 9110 IMF-fixdate first, then the two obsolete forms a server may still send.
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
