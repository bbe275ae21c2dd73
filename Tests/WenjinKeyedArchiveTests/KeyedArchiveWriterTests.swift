import Foundation
import Testing
@testable import WenjinKeyedArchive

struct KeyedArchiveWriterTests {
    private let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    @Test func anAttributedStringWithImagesReadsBackPieceForPiece() throws {
        let pieces: [AttributedStringPiece] = [
            .text("第一段 😀\n\n"), .attachment(ArchivedAttachment(imageData: png, fileName: "a.png")),
            .text("\n第二段 👨‍👩‍👧"), .attachment(ArchivedAttachment(imageData: nil)), .text("end"),
        ]
        let data = KeyedArchiveWriter().attributedString(pieces)
        let string = try KeyedArchive(data: data).attributedString()
        #expect(string.string == "第一段 😀\n\n\u{FFFC}\n第二段 👨‍👩‍👧\u{FFFC}end")
        #expect(string.pieces == pieces)
        #expect(string.runs.map(\.range.count) == [8, 1, 13, 1, 3])  // the family emoji alone is 8 UTF-16 units
        let font = ArchivedFont(name: ".SFUIText", size: 17)
        #expect(string.runs.allSatisfy { $0.attributes.font == font })
    }

    @Test func plainTextIsOneRunWithoutAttributeInfoAsIOSWritesIt() throws {
        let data = KeyedArchiveWriter(font: ArchivedFont(name: "PingFangSC-Regular", size: 15)).attributedString([.text("只有文字")])
        let archive = try KeyedArchive(data: data)
        let root = try #require(archive.objects[archive.rootIndex].dictionaryValue)
        #expect(root["NSAttributeInfo"] == nil)
        #expect(archive.className(of: archive.rootIndex) == "NSMutableAttributedString")
        let string = try archive.attributedString()
        #expect(string.runs == [AttributeRun(range: 0..<4, attributes: TextAttributes(font: ArchivedFont(name: "PingFangSC-Regular", size: 15)))])
    }

    @Test func anEmptyBodyIsAnEmptyStringWithoutRuns() throws {
        let string = try KeyedArchive(data: KeyedArchiveWriter().attributedString([])).attributedString()
        #expect(string == ArchivedAttributedString(string: "", runs: []))
    }

    @Test func topicArraysReadBackInOrder() throws {
        let titles = ["天津大学", "考研", "emoji😀", "", "考研"]
        #expect(try KeyedArchive(data: KeyedArchiveWriter().stringArray(titles)).strings() == titles)
    }

    @Test func foundationSeesAKeyedArchiveInOurTopicArray() throws {
        let data = KeyedArchiveWriter().stringArray(["天津大学", "考研"])
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
        #expect(plist["$archiver"] as? String == "NSKeyedArchiver")
        #expect((plist["$version"] as? NSNumber)?.intValue == 100_000)
        let objects = try #require(plist["$objects"] as? [Any])
        #expect(objects.first as? String == "$null")
        #expect(objects.contains { $0 as? String == "天津大学" })
        let root = try #require((plist["$top"] as? [String: Any])?["root"])
        // Foundation's UID class hides its number; reflection is the only way to it.
        let rootNumber = Mirror(reflecting: root).children.first { $0.label == "value" }?.value as? UInt32
        #expect(rootNumber == 1)
    }

    @Test func foundationsUnarchiverReadsOurTopicArray() throws {
        let data = KeyedArchiveWriter().stringArray(["天津大学", "考研", "Swift"])
        let array = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, NSString.self], from: data) as? [String]
        #expect(array == ["天津大学", "考研", "Swift"])
    }

    @Test func foundationSeesTheTextClassesAndRunDataOfOurAttributedString() throws {
        let data = KeyedArchiveWriter(font: nil).attributedString([
            .text("图 😀"), .attachment(ArchivedAttachment(imageData: png, fileName: "a.png")), .text("完"),
        ])
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
        let objects = try #require(plist["$objects"] as? [Any])
        #expect(objects.contains { ($0 as? [String: Any])?["NS.string"] as? String == "图 😀\u{FFFC}完" })
        let classNames = objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String }
        #expect(Set(classNames) == ["NSMutableAttributedString", "NSMutableString", "NSArray", "NSDictionary", "NSTextAttachment", "NSFileWrapper"])
        #expect(objects.contains { $0 as? Data == png })
        // Runs of 4, 1 and 1 UTF-16 units over attribute dictionaries 0, 1, 0.
        #expect(objects.contains { $0 as? Data == Data([4, 0, 1, 1, 1, 0]) })
    }
}
