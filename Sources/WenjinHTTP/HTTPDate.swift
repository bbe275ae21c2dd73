import Glibc
import Synchronization

/// The `Date` header value in IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`), formatted
/// at most once per second: every response needs it, and formatting is not free.
enum HTTPDate {
    private static let cache = Mutex<(second: time_t, text: String)>((-1, ""))

    static func now() -> String {
        let second = time(nil)
        return cache.withLock { cached in
            if cached.second != second {
                cached = (second, format(second))
            }
            return cached.text
        }
    }

    static func format(_ second: time_t) -> String {
        var seconds = second
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
