import Foundation
import Testing
@testable import WenjinKeyedArchive

struct BinaryPropertyListWriterTests {
    private let everyKind: PropertyListValue = .dictionary([
        "null": .null, "true": .bool(true), "false": .bool(false),
        "integers": .array([0, 255, 256, 65_535, 65_536, 4_294_967_296, -1, Int64.min, Int64.max].map(PropertyListValue.integer)),
        "huge": .unsignedInteger(UInt64.max),
        "real": .real(-0.125), "date": .date(Date(timeIntervalSinceReferenceDate: 86_400.5)),
        "data": .data(Data((0..<40).map { UInt8($0) })),
        "ascii": .string("ASCII only, and longer than fourteen"), "unicode": .string("问津 😀 é"),
        "uids": .array([.uid(0), .uid(255), .uid(256), .uid(70_000), .uid(1 << 33)]),
        "set": .set([.string("a"), .integer(1)]),
        "many": .array((0..<300).map { .string("element \($0)") }),
    ])

    @Test func ourReaderReadsBackEveryKindOfValue() throws {
        let data = BinaryPropertyListWriter().write(everyKind)
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(try BinaryPropertyListReader().read(data) == everyKind)
    }

    @Test func foundationReadsOurOutputTheSameWay() throws {
        let value: PropertyListValue = .dictionary([
            "title": .string("问津 😀"), "count": .integer(70_000), "negative": .integer(-3), "ratio": .real(0.5),
            "flag": .bool(true), "bytes": .data(Data([9, 8, 7])), "when": .date(Date(timeIntervalSinceReferenceDate: 1000)),
            "list": .array((0..<20).map { .integer($0) }), "nested": .dictionary(["k": .string("v")]),
        ])
        let data = BinaryPropertyListWriter().write(value)
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let read = try #require(object as? [String: Any])
        #expect(read["title"] as? String == "问津 😀")
        #expect((read["count"] as? NSNumber)?.intValue == 70_000)
        #expect((read["negative"] as? NSNumber)?.intValue == -3)
        #expect((read["ratio"] as? NSNumber)?.doubleValue == 0.5)
        #expect(read["flag"] as? Bool == true)
        #expect(read["bytes"] as? Data == Data([9, 8, 7]))
        #expect(read["when"] as? Date == Date(timeIntervalSinceReferenceDate: 1000))
        #expect((read["list"] as? [NSNumber])?.map(\.intValue) == Array(0..<20))
        #expect(read["nested"] as? [String: String] == ["k": "v"])
        #expect(read.count == 9)
    }

    @Test func equalScalarsAreStoredOnceAndOutputIsDeterministic() throws {
        let value: PropertyListValue = .array(Array(repeating: .string("same"), count: 50))
        let data = BinaryPropertyListWriter().write(value)
        let objectCount = data.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
        #expect(objectCount == 2)
        #expect(BinaryPropertyListWriter().write(everyKind) == BinaryPropertyListWriter().write(everyKind))
    }
}
