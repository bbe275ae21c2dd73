import Foundation
import Testing
@testable import WenjinSite

/// Feeds and sitemaps write times by hand (`AtomDate`); they must read exactly as Foundation's
/// RFC 3339 formatter wrote them, across the whole range of times a page can show.
@Suite("Atom dates")
struct AtomDateTests {
    private func foundation(_ date: Date) -> String {
        DisplayTime.shown(date).formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    @Test("Whole-second times from 1600 to 9999, leap days and the ends of the range read as Foundation writes them")
    func handFormattingMatchesFoundation() {
        var seconds: [Double] = [0, -1, 951_782_400, 951_868_799, 1_430_000_000, 1_764_000_000, 4_107_542_400,
                                 DisplayTime.shownSeconds.lowerBound, DisplayTime.shownSeconds.upperBound,
                                 -1e18, 1e18, -11_676_096_001]
        var value: UInt64 = 2015
        for _ in 0..<2000 {
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            seconds.append(Double(Int64(value >> 30) % 270_000_000_000 - 12_000_000_000))
        }
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            #expect(AtomDate.string(date) == foundation(date), "\(second)")
        }
    }

    @Test("A time with a fraction of a second is written as Foundation writes it")
    func fractionalSecondsFallBackToFoundation() {
        let date = Date(timeIntervalSince1970: 1_430_000_000.75)
        #expect(AtomDate.string(date) == foundation(date))
    }
}
