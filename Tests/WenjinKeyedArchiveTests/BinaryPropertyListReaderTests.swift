import Foundation
import Testing
@testable import WenjinKeyedArchive

struct BinaryPropertyListReaderTests {
    private func read(_ plist: HandBuiltPropertyList, limits: BinaryPropertyListReader.Limits = .init()) throws -> PropertyListValue {
        try BinaryPropertyListReader(limits: limits).read(plist.data)
    }

    private func reason(_ plist: HandBuiltPropertyList, limits: BinaryPropertyListReader.Limits = .init()) -> KeyedArchiveError.Reason? {
        do {
            _ = try BinaryPropertyListReader(limits: limits).read(plist.data)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func readsWhatFoundationsBinaryWriterWrites() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.25)
        let source: [String: Any] = [
            "small": 7, "byte": 200, "short": 40_000, "word": 3_000_000_000, "long": 9_000_000_000_000, "negative": -5,
            "real": 2.5, "yes": true, "no": false, "date": date, "data": Data([1, 2, 3]),
            "ascii": "plain text longer than fourteen bytes", "chinese": "问津 😀",
            "array": (0..<20).map { "item \($0)" }, "nested": ["inner": [1, 2]],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: source, format: .binary, options: 0)
        let value = try BinaryPropertyListReader().read(data)
        let read = try #require(value.dictionaryValue)
        #expect(read["small"] == .integer(7))
        #expect(read["byte"] == .integer(200))
        #expect(read["short"] == .integer(40_000))
        #expect(read["word"] == .integer(3_000_000_000))
        #expect(read["long"] == .integer(9_000_000_000_000))
        #expect(read["negative"] == .integer(-5))
        #expect(read["real"] == .real(2.5))
        #expect(read["yes"] == .bool(true))
        #expect(read["no"] == .bool(false))
        #expect(read["date"] == .date(date))
        #expect(read["data"] == .data(Data([1, 2, 3])))
        #expect(read["ascii"] == .string("plain text longer than fourteen bytes"))
        #expect(read["chinese"] == .string("问津 😀"))
        #expect(read["array"] == .array((0..<20).map { .string("item \($0)") }))
        #expect(read["nested"] == .dictionary(["inner": .array([.integer(1), .integer(2)])]))
        #expect(read.count == source.count)
    }

    @Test func readsNullFillSetsFloatsAndSixteenByteIntegers() throws {
        var plist = HandBuiltPropertyList([
            [0xC5, 1, 2, 3, 4, 5],
            [0x00],
            [0x0F],
            [0x22] + HandBuiltPropertyList.bigEndian(UInt64(Float(1.5).bitPattern), size: 4),
            [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8),
            [0x14] + [UInt8](repeating: 0xFF, count: 16),
        ])
        plist.top = 0
        #expect(try read(plist) == .set([.null, .null, .real(1.5), .unsignedInteger(UInt64.max), .integer(-1)]))
    }

    @Test func readsUIDsOfEveryWidthUpToSixtyFourBits() throws {
        let plist = HandBuiltPropertyList([
            [0xA5, 1, 2, 3, 4, 5],
            [0x80, 0x07],
            [0x81, 0x01, 0x00],
            [0x83, 0x00, 0x01, 0x00, 0x00],
            [0x87] + HandBuiltPropertyList.bigEndian(1 << 40, size: 8),
            [0x8F] + [UInt8](repeating: 0, count: 12) + [0, 0, 0, 9],
        ])
        #expect(try read(plist) == .array([.uid(7), .uid(256), .uid(65_536), .uid(1 << 40), .uid(9)]))
    }

    @Test func readsCountsLongerThanFourteenFromTheFollowingInteger() throws {
        let text = String(repeating: "长", count: 300)
        let units = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let plist = HandBuiltPropertyList([[0x6F, 0x11, 0x01, 0x2C] + units])
        #expect(try read(plist) == .string(text))
    }

    @Test func rejectsDataThatIsNotABinaryPropertyList() {
        for bytes in [Data(), Data("bplist00".utf8), Data("<?xml version=\"1.0\"?><plist></plist>".utf8), Data(repeating: 0, count: 64)] {
            #expect(throws: KeyedArchiveError(.notBinaryPropertyList, "\(bytes.count) bytes")) {
                try BinaryPropertyListReader().read(bytes)
            }
        }
    }

    @Test func rejectsTrailersThatPointOutsideTheData() {
        var hugeCount = HandBuiltPropertyList([[0x09]])
        hugeCount.claimedCount = UInt64.max
        #expect(reason(hugeCount) == .tooManyObjects)
        var tableOutside = HandBuiltPropertyList([[0x09]])
        tableOutside.claimedTableOffset = 1 << 62
        #expect(reason(tableOutside) == .badTrailer)
        var badSize = HandBuiltPropertyList([[0x09]])
        badSize.offsetSize = 0
        #expect(reason(badSize) == .badTrailer)
        var topOutside = HandBuiltPropertyList([[0x09]])
        topOutside.top = 5
        #expect(reason(topOutside) == .badTrailer)
    }

    @Test func rejectsLengthsAndReferencesBeyondTheData() {
        #expect(reason(HandBuiltPropertyList([[0x4F, 0x13] + HandBuiltPropertyList.bigEndian(1 << 60, size: 8)])) == .integerOutOfRange)
        #expect(reason(HandBuiltPropertyList([[0x4E, 1, 2]])) == .outOfBounds)
        #expect(reason(HandBuiltPropertyList([[0xA2, 0, 9], [0x09]])) == .outOfBounds)
        #expect(reason(HandBuiltPropertyList([[0x6F, 0x13] + HandBuiltPropertyList.bigEndian(UInt64(Int64.max), size: 8)])) == .integerOutOfRange)
    }

    @Test func rejectsMarkersNoTypeUses() {
        for marker: UInt8 in [0x01, 0x70, 0x90, 0xB0, 0xE0, 0xF0, 0x15, 0x21, 0x34] {
            #expect(reason(HandBuiltPropertyList([[marker, 0, 0, 0, 0, 0, 0, 0, 0]])) == .unknownMarker(marker))
        }
    }

    @Test func rejectsAContainerThatHoldsItself() {
        #expect(reason(HandBuiltPropertyList([[0xA1, 0]])) == .cycle)
        #expect(reason(HandBuiltPropertyList([[0xD1, 1, 0], [0x51, 0x6B]])) == .cycle)
    }

    @Test func sharedObjectsAreFineButNotExponentialExpansion() throws {
        #expect(try read(HandBuiltPropertyList([[0xA2, 1, 1], [0x51, 0x61]])) == .array([.string("a"), .string("a")]))
        // Each array holds the next one twice: 2^40 values if expanded.
        let chain = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x09]]
        #expect(reason(HandBuiltPropertyList(chain)) == .tooManyObjects)
    }

    @Test(.timeLimit(.minutes(20)))
    func aLargeObjectReferencedManyTimesIsNotCopiedEachTime() throws {
        // 200 KB of data referenced 60,000 times: 12 GB if each reference made its own copy.
        let big = [0x4F, 0x13] + HandBuiltPropertyList.bigEndian(200_000, size: 8) + [UInt8](repeating: 7, count: 200_000)
        let array = [0xAF, 0x12] + HandBuiltPropertyList.bigEndian(60_000, size: 4) + [UInt8](repeating: 1, count: 60_000)
        var plist = HandBuiltPropertyList([array, big])
        plist.offsetSize = 4
        guard case .array(let elements) = try read(plist) else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 60_000)
        #expect(elements.last == .data(Data(repeating: 7, count: 200_000)))
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        let chain = (0..<20).map { [0xA1, UInt8($0 + 1)] } + [[0x09]]
        #expect(reason(HandBuiltPropertyList(chain), limits: .init(maxDepth: 10)) == .tooDeep)
        #expect(throws: Never.self) { try read(HandBuiltPropertyList(chain), limits: .init(maxDepth: 30)) }
    }

    @Test func sharingCannotNestPastTheDepthLimit() {
        // The top array holds two chains of eight arrays; the second ends in the first, so the
        // value is 17 deep although no path the reader walks is deeper than 9.
        let firstChain: [[UInt8]] = (0..<7).map { [0xA1, UInt8($0 + 1)] } + [[0xA1, 16]]
        let secondChain: [[UInt8]] = (8..<15).map { [0xA1, UInt8($0 + 1)] } + [[0xA1, 0]]
        var plist = HandBuiltPropertyList(firstChain + secondChain + [[0x09], [0xA2, 0, 8]])
        plist.top = 17
        #expect(reason(plist, limits: .init(maxDepth: 12)) == .tooDeep)
        #expect(throws: Never.self) { try read(plist, limits: .init(maxDepth: 20)) }
    }

    @Test func rejectsNonStringKeysAndNonASCIIBytesInASCIIStrings() {
        #expect(reason(HandBuiltPropertyList([[0xD1, 1, 1], [0x10, 0x01]])) == .nonStringKey)
        #expect(reason(HandBuiltPropertyList([[0x52, 0xE9, 0x41]])) == .badString)
    }

    @Test func rejectsUIDsAndIntegersWiderThanSixtyFourBits() {
        #expect(reason(HandBuiltPropertyList([[0x8F, 1] + [UInt8](repeating: 0, count: 15)])) == .integerOutOfRange)
        #expect(reason(HandBuiltPropertyList([[0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)])) == .integerOutOfRange)
    }
}
