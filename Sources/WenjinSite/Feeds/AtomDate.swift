import Foundation

/// RFC 3339 dates in UTC with whole seconds (`2026-11-29T12:07:12Z`), as Atom and sitemaps want.
enum AtomDate {
    /// Whole seconds (all the store holds) by hand, as pages' times are (`DisplayTime`): a sitemap
    /// formats one per page, where Foundation's formatter cost microseconds each. Others as
    /// Foundation formats them.
    static func string(_ date: Date) -> String {
        let shown = DisplayTime.shown(date)
        let seconds = shown.timeIntervalSince1970
        guard seconds.rounded(.down) == seconds else {
            return shown.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
        }
        return DisplayTime(shown, offset: 0).utcText
    }
}
