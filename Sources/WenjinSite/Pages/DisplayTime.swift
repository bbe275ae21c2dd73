import Foundation

/// Times as pages show them, in China Standard Time (UTC+8, no daylight saving), the
/// community's own clock. Computed by hand so that output does not depend on the machine's
/// time zone, locale or tz database, and so formatting is cheap on any thread.
struct DisplayTime: Sendable {
    let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    /// Unix seconds of 1600-01-01 00:00 UTC and of 9999-12-31 23:59:59 in China: a time outside
    /// is shown at the nearer end, so a stored time of any size formats with a four-digit year
    /// in both clocks (UTC for feeds, UTC+8 for pages) and never traps. (Before 1582 Foundation's
    /// calendar, which feeds use, turns Julian and would disagree with the pages.)
    static let shownSeconds: ClosedRange<Double> = -11_676_096_000...253_402_271_999

    /// `date` held to `shownSeconds` (NaN as 1970), for every formatter of times.
    static func shown(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        guard !seconds.isNaN else { return Date(timeIntervalSince1970: 0) }
        return Date(timeIntervalSince1970: min(max(seconds, shownSeconds.lowerBound), shownSeconds.upperBound))
    }

    /// `date` on the community's clock; `offset` seconds east of UTC for another (feeds: 0).
    init(_ date: Date, offset: Int = 8 * 3600) {
        let seconds = Int(Self.shown(date).timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let inDay = seconds - days * 86_400
        (hour, minute, second) = (inDay / 3600, inDay % 3600 / 60, inDay % 60)
        // Howard Hinnant's days-to-civil algorithm.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// `2015-04-10 12:30`, for people.
    var text: String { "\(year)-\(Self.two(month))-\(Self.two(day)) \(Self.two(hour)):\(Self.two(minute))" }

    /// `2015-04-10T12:30:00+08:00`, for `<time datetime>`, JSON-LD and feeds.
    var iso8601: String {
        "\(year)-\(Self.two(month))-\(Self.two(day))T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))+08:00"
    }

    /// `2015-04-10T04:30:00Z`, for a time made with `offset: 0`.
    var utcText: String {
        "\(year)-\(Self.two(month))-\(Self.two(day))T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))Z"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
