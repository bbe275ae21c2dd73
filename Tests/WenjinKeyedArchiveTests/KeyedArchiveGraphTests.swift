import Foundation
import Testing
@testable import WenjinKeyedArchive

/// Hostile and odd object graphs, built directly as property lists.
struct KeyedArchiveGraphTests {
    /// An archive whose `$objects` are `$null` then `objects`; the root is the first of them.
    private func archive(_ objects: [PropertyListValue]) throws -> KeyedArchive {
        try KeyedArchive(propertyList: .dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
            "$top": .dictionary(["root": .uid(1)]), "$objects": .array([.string("$null")] + objects),
        ]))
    }

    private func classDescription(_ names: String...) -> PropertyListValue {
        .dictionary(["$classname": .string(names[0]), "$classes": .array(names.map(PropertyListValue.string))])
    }

    private func reason(_ body: () throws -> some Any) -> KeyedArchiveError.Reason? {
        do {
            _ = try body()
            return nil
        } catch let error as KeyedArchiveError {
            return error.reason
        } catch {
            return nil
        }
    }

    @Test func refusesPropertyListsThatAreNotKeyedArchives() {
        #expect(reason { try KeyedArchive(propertyList: .array([])) } == .notKeyedArchive)
        #expect(reason { try KeyedArchive(propertyList: .dictionary(["$archiver": .string("NSKeyedArchiver")])) } == .notKeyedArchive)
        #expect(reason {
            try KeyedArchive(propertyList: .dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": .uid(9)]), "$objects": .array([.string("$null")]),
            ]))
        } == .notKeyedArchive)
    }

    @Test func anArrayThatHoldsItselfIsACycle() throws {
        let graph = try archive([.dictionary(["NS.objects": .array([.uid(1)]), "$class": .uid(2)]), classDescription("NSArray", "NSObject")])
        #expect(reason { try graph.decodeRoot() } == .cycle)
    }

    @Test func sharedArraysCannotExpandWithoutBound() throws {
        // Object i holds object i+1 twice, forty levels deep: 2^40 visits if walked naively.
        var objects: [PropertyListValue] = (1...40).map { .dictionary(["NS.objects": .array([.uid(UInt64($0 + 1)), .uid(UInt64($0 + 1))]), "$class": .uid(42)]) }
        objects.append(.string("leaf"))
        objects.append(classDescription("NSArray", "NSObject"))
        let graph = try archive(objects)
        #expect(reason { try graph.decodeRoot() } == .tooManyObjects)
    }

    @Test func nestingPastTheDepthLimitIsRefused() throws {
        let depth = ArchiveGraphDecoder.maxDepth + 10
        var objects: [PropertyListValue] = (1...depth).map { .dictionary(["NS.objects": .array([.uid(UInt64($0 + 1))]), "$class": .uid(UInt64(depth + 2))]) }
        objects.append(.string("leaf"))
        objects.append(classDescription("NSArray", "NSObject"))
        #expect(reason { try archive(objects).decodeRoot() } == .tooDeep)
    }

    @Test func sharingCannotNestPastTheDepthLimit() throws {
        // Root [A0, B0]; A0…A99 and B0…B99 are chains of arrays, and B99 holds A0: each
        // walk is at most 101 deep, the value over 200.
        let chain = 100
        let arrayClass = UInt64(2 * chain + 3)
        func array(_ elements: [Int]) -> PropertyListValue {
            .dictionary(["NS.objects": .array(elements.map { .uid(UInt64($0)) }), "$class": .uid(arrayClass)])
        }
        var objects: [PropertyListValue] = [array([2, 2 + chain])]
        objects += (0..<chain).map { array([$0 == chain - 1 ? 2 * chain + 2 : 3 + $0]) }
        objects += (0..<chain).map { array([$0 == chain - 1 ? 2 : 3 + chain + $0]) }
        objects.append(.string("leaf"))
        objects.append(classDescription("NSArray", "NSObject"))
        #expect(reason { try archive(objects).decodeRoot() } == .tooDeep)
    }

    @Test func referencesOutsideObjectsAreRefused() throws {
        let graph = try archive([.dictionary(["NS.objects": .array([.uid(99)]), "$class": .uid(2)]), classDescription("NSArray", "NSObject")])
        #expect(reason { try graph.decodeRoot() } == .outOfBounds)
    }

    private func attributedString(info: [UInt8], text: String = "abcd") throws -> KeyedArchive {
        try archive([
            .dictionary(["NSString": .uid(2), "NSAttributes": .uid(3), "NSAttributeInfo": .uid(6), "$class": .uid(7)]),
            .string(text),
            .dictionary(["NS.objects": .array([.uid(4)]), "$class": .uid(5)]),
            .dictionary(["NS.keys": .array([]), "NS.objects": .array([]), "$class": .uid(8)]),
            classDescription("NSArray", "NSObject"),
            .data(Data(info)),
            classDescription("NSAttributedString", "NSObject"),
            classDescription("NSDictionary", "NSObject"),
        ])
    }

    @Test func attributeRunsMustCoverTheStringExactly() throws {
        #expect(try attributedString(info: [4, 0]).attributedString().runs.map(\.range) == [0..<4])
        #expect(try attributedString(info: [1, 0, 3, 0]).attributedString().runs.map(\.range) == [0..<1, 1..<4])
        #expect(reason { try attributedString(info: [5, 0]).attributedString() } == .badAttributeRuns)
        #expect(reason { try attributedString(info: [3, 0]).attributedString() } == .badAttributeRuns)
        #expect(reason { try attributedString(info: [4, 1]).attributedString() } == .badAttributeRuns)
        #expect(reason { try attributedString(info: [4]).attributedString() } == .badAttributeRuns)
        #expect(reason { try attributedString(info: [0xFF, 0xFF, 0xFF]).attributedString() } == .badAttributeRuns)
        #expect(reason { try attributedString(info: [UInt8](repeating: 0xFF, count: 12) + [1, 0]).attributedString() } == .integerOutOfRange)
    }

    @Test func aFontWithoutANameKeepsTheTextAndNamesTheAttribute() throws {
        let graph = try archive([
            .dictionary(["NSString": .uid(2), "NSAttributes": .uid(3), "$class": .uid(6)]),
            .string("文字"),
            .dictionary(["NS.keys": .array([.uid(4)]), "NS.objects": .array([.uid(5)]), "$class": .uid(7)]),
            .string("NSFont"),
            .dictionary(["NSSize": .real(12), "$class": .uid(8)]),
            classDescription("NSAttributedString", "NSObject"),
            classDescription("NSDictionary", "NSObject"),
            classDescription("UIFont", "NSObject"),
        ])
        let string = try graph.attributedString()
        #expect(string.string == "文字")
        #expect(string.runs == [AttributeRun(range: 0..<2, attributes: TextAttributes(otherNames: ["NSFont"]))])
    }

    @Test func aClassReferenceThatIsNotAClassDescriptionIsMalformed() throws {
        let graph = try archive([.dictionary(["NS.string": .string("x"), "$class": .uid(2)]), .string("NSString")])
        #expect(reason { try graph.decodeRoot() } == .malformedObject)
    }
}
