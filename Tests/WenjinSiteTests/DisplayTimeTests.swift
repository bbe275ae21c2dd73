import Foundation
import Testing
@testable import WenjinSite

@Suite("Display time")
struct DisplayTimeTests {
    @Test("Times show in China Standard Time whatever the machine's zone")
    func chinaStandardTime() {
        // 2015-04-10 16:30:05 UTC is 2015-04-11 00:30:05 in Tianjin.
        let time = DisplayTime(Date(timeIntervalSince1970: 1_428_683_405))
        #expect(time.text == "2015-04-11 00:30")
        #expect(time.iso8601 == "2015-04-11T00:30:05+08:00")
    }

    @Test("Days match Foundation's calendar across leap years and before 1970")
    func matchesFoundationCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 8 * 3600)!
        var seconds = -400_000_000.0
        while seconds < 2_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let time = DisplayTime(date)
            #expect([time.year, time.month, time.day, time.hour, time.minute, time.second]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second])
            seconds += 7_654_321
        }
    }

    @Test("A time of any size shows as a four-digit year, never traps, and feeds format it the same way")
    func extremeTimesShowAtTheEnds() {
        let late = DisplayTime(Date(timeIntervalSince1970: Double(Int64.max)))
        #expect(late.iso8601 == "9999-12-31T23:59:59+08:00")
        let early = DisplayTime(Date(timeIntervalSince1970: Double(Int64.min)))
        #expect(early.iso8601 == "1600-01-01T08:00:00+08:00")
        #expect(DisplayTime(Date(timeIntervalSince1970: .nan)).text == "1970-01-01 08:00")
        #expect(AtomDate.string(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T15:59:59Z")
        #expect(AtomDate.string(Date(timeIntervalSince1970: -.infinity)) == "1600-01-01T00:00:00Z")
    }
}
