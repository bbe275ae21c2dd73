import Foundation
import Testing
@testable import WenjinKeyedArchive

/// Archives written by Foundation's own NSKeyedArchiver (valid input, a second independent writer).
struct FoundationArchiveTests {
    @Test func readsFoundationsArchiveOfAStringArray() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: ["问津", "😀", "plain"] as NSArray, requiringSecureCoding: false)
        #expect(try KeyedArchive(data: data).strings() == ["问津", "😀", "plain"])
    }

    @Test func readsFoundationsArchiveOfAMultiRunAttributedString() throws {
        let string = NSMutableAttributedString(string: "看 😀 链接 end")
        let link = NSAttributedString.Key("NSLink")
        string.addAttribute(link, value: NSURL(string: "https://example.com/a")!, range: NSRange(location: 5, length: 2))
        string.addAttribute(NSAttributedString.Key("Custom"), value: "x", range: NSRange(location: 0, length: 1))
        let data = try NSKeyedArchiver.archivedData(withRootObject: string, requiringSecureCoding: false)
        let read = try KeyedArchive(data: data).attributedString()
        #expect(read.string == "看 😀 链接 end")
        #expect(read.runs.map(\.range) == [0..<1, 1..<5, 5..<7, 7..<11])
        #expect(read.runs.map(\.attributes.link) == [nil, nil, "https://example.com/a", nil])
        #expect(read.runs[0].attributes.otherNames == ["Custom"])
    }

    @Test func readsFoundationsSingleRunArchiveThatFoundationItselfCannotRead() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: NSAttributedString(string: "hi 你好"), requiringSecureCoding: false)
        let read = try KeyedArchive(data: data).attributedString()
        #expect(read.string == "hi 你好")
        #expect(read.runs.map(\.range) == [0..<5])
    }
}
