import Foundation
import Testing
@testable import WenjinKeyedArchive

/// Archives written by an independent writer (python3 plistlib) in the iOS layout.
struct KeyedArchiveFixtureTests {
    @Test(arguments: ["embedded-images", "fonts-colors-links", "many-runs", "missing-image", "serialized-wrapper", "single-run-plain-string"])
    func attributedStringFixturesGiveTheTextRunsAndImagesPythonWrote(name: String) throws {
        let expected = try #require(try Fixtures.expectations()[name])
        let string = try KeyedArchive(data: Fixtures.archive(name)).attributedString()
        #expect(string.string == expected.text)
        let expectedRuns = try #require(expected.runs)
        try #require(string.runs.count == expectedRuns.count)
        for (run, want) in zip(string.runs, expectedRuns) {
            #expect(run.range == want.start..<(want.start + want.length))
            #expect(run.attributes.font == want.font.map { ArchivedFont(name: $0.name, size: $0.size) })
            #expect(run.attributes.color == want.color.map { ArchivedColor(red: $0[0], green: $0[1], blue: $0[2], alpha: $0[3]) })
            #expect(run.attributes.link == want.link)
            #expect(run.attributes.otherNames == (want.others ?? []))
            #expect(run.attributes.attachment?.imageData == want.attachment?.image.map { Data(hex: $0) })
            #expect(run.attributes.attachment?.fileName == want.attachment?.name)
            #expect((run.attributes.attachment != nil) == (want.attachment != nil))
        }
    }

    @Test func runLengthsCountUTF16UnitsSoEmojiTakeTwo() throws {
        let string = try KeyedArchive(data: Fixtures.archive("fonts-colors-links")).attributedString()
        #expect(string.text(of: string.runs[0]) == "问津：天大的问答社区😀\n")
        #expect(string.text(of: string.runs[1]) == "欢迎提问👨‍👩‍👧，")
        #expect(string.text(of: string.runs[2]) == "链接")
        #expect(string.runs[2].attributes.link == "https://example.com/测试")
    }

    @Test func piecesPutEachAttachmentWhereItsCharacterWas() throws {
        let string = try KeyedArchive(data: Fixtures.archive("embedded-images")).attributedString()
        let pieces = string.pieces
        try #require(pieces.count == 5)
        #expect(pieces[0] == .text("图一："))
        guard case .attachment(let png) = pieces[1], case .attachment(let jpeg) = pieces[3] else {
            Issue.record("expected attachments at 1 and 3, got \(pieces)")
            return
        }
        #expect(png.imageData?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(png.fileName == "image.png")
        #expect(jpeg.imageData?.starts(with: [0xFF, 0xD8, 0xFF]) == true)
        #expect(pieces[2] == .text("\n图二😀："))
        #expect(pieces[4] == .text("\n完"))
    }

    @Test func anAttachmentWithoutImageBytesStillMarksItsPlace() throws {
        let string = try KeyedArchive(data: Fixtures.archive("missing-image")).attributedString()
        #expect(string.string == "前\u{FFFC}\u{FFFC}后 blue")
        #expect(string.pieces == [.text("前\u{FFFC}"), .attachment(ArchivedAttachment(imageData: nil)), .text("后 blue")])
    }

    @Test(arguments: ["topics", "topics-mutable"])
    func topicArraysGiveTheirTitlesInOrder(name: String) throws {
        let expected = try #require(try Fixtures.expectations()[name])
        #expect(try KeyedArchive(data: Fixtures.archive(name)).strings() == expected.strings)
    }

    @Test func dictionariesGiveNumbersDatesDataURLsAndNameUnknownClasses() throws {
        let expected = try #require(try Fixtures.expectations()["assorted-dictionary"])
        guard case .dictionary(let entries) = try KeyedArchive(data: Fixtures.archive("assorted-dictionary")).decodeRoot() else {
            Issue.record("root is not a dictionary")
            return
        }
        var values: [String: ArchivedObject] = [:]
        for entry in entries {
            if case .string(let key) = entry.key { values[key] = entry.value }
        }
        #expect(values["count"] == .integer(42))
        #expect(values["ratio"] == .real(0.25))
        #expect(values["flag"] == .bool(true))
        #expect(values["big"] == .integer(-7))
        #expect(values["when"] == .date(Date(timeIntervalSinceReferenceDate: try #require(expected.date))))
        #expect(values["bytes"] == .data(Data([0, 1, 2])))
        #expect(values["wrapped"] == .data(Data("abc".utf8)))
        #expect(values["list"] == .array([.string("x"), .string("y")]))
        guard case .url(let url)? = values["url"] else {
            Issue.record("url is \(String(describing: values["url"]))")
            return
        }
        #expect(url.absoluteString == expected.url)
        #expect(values["style"] == .unknown(className: "NSParagraphStyle"))
    }

    @Test func aTopicArrayIsNotAnAttributedString() throws {
        #expect(throws: KeyedArchiveError.self) { try KeyedArchive(data: Fixtures.archive("topics")).attributedString() }
    }
}
