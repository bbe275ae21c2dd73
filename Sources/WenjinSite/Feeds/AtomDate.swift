import Foundation

/// RFC 3339 dates in UTC with whole seconds (`2026-11-29T12:07:12Z`), as Atom and sitemaps want.
enum AtomDate {
    static func string(_ date: Date) -> String {
        DisplayTime.shown(date).formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
