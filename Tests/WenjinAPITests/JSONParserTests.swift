import Testing
@testable import WenjinAPI

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONParser.Failure) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test func phpStyleEscapesDecodeToTheTextTheyStandFor() throws {
        let value = try parse(#"{"a":"\u5317\u6d0b\u56ed","b":"http:\/\/wenjin.in\/","c":"\ud83d\ude00","d":"\"\\\b\f\n\r\t"}"#)
        #expect(value["a"] == .string("北洋园"))
        #expect(value["b"] == .string("http://wenjin.in/"))
        #expect(value["c"] == .string("😀"))
        #expect(value["d"] == .string("\"\\\u{08}\u{0C}\n\r\t"))
    }

    @Test func numbersKeepIntegersApartFromFractionsAndBooleansApartFromNumbers() throws {
        let value = try parse(#"[0, -1, 1795951967, 4.28, 1e3, true, false, null, "12"]"#)
        #expect(value == .array([.integer(0), .integer(-1), .integer(1795951967), .double(4.28), .double(1000),
                                 .bool(true), .bool(false), .null, .string("12")]))
    }

    @Test func objectsKeepTheirMembersInDocumentOrder() throws {
        guard case .object(let members) = try parse(#"{"2":1,"1":2,"10":3}"#) else { Issue.record("object"); return }
        #expect(members.map(\.key) == ["2", "1", "10"])
    }

    @Test func aByteOrderMarkAndSurroundingWhitespaceAreAccepted() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(" {\"errno\":1}\n".utf8))["errno"] == .integer(1))
    }

    @Test(arguments: [
        "", "{", #"{"a":1"#, #"{"a" 1}"#, "[1,]", "[01]", "1.", "-", "tru", #""abc"#, #""\x""#, #""\ud83d""#,
        #""\ude00""#, "{} x", "\"a\u{01}b\"", #"{"a":1,}"#, "<!doctype html>",
    ])
    func malformedDocumentsAreRejected(text: String) {
        #expect(throws: JSONParser.Failure.self) { try parse(text) }
    }

    @Test func nestingIsBoundedSoAHostileBodyCannotExhaustTheStack() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.Failure.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? parse(fine)) != nil)
    }

    @Test func aFailureSaysWhereTheDocumentBroke() {
        let truncated = #"{"rsm":{"total_rows":6,"rows":[{"id":"1","title":"\u95ee"#
        do {
            _ = try parse(truncated)
            Issue.record("truncated input must fail")
        } catch {
            #expect(error.message == "unterminated string")
            #expect(error.offset == truncated.utf8.count)
        }
    }
}
