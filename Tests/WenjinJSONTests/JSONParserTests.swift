import Testing
@testable import WenjinJSON

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try JSONParser.parse(text).value }

    @Test("PHP-style escapes decode to the text they stand for")
    func phpStyleEscapes() throws {
        let value = try parse(#"{"a":"\u5317\u6d0b\u56ed","b":"http:\/\/wenjin.in\/","c":"\ud83d\ude00","d":"\"\\\b\f\n\r\t"}"#)
        #expect(value["a"] == .string("北洋园"))
        #expect(value["b"] == .string("http://wenjin.in/"))
        #expect(value["c"] == .string("😀"))
        #expect(value["d"] == .string("\"\\\u{08}\u{0C}\n\r\t"))
    }

    @Test("Numbers keep integers apart from fractions, and booleans apart from numbers")
    func numbers() throws {
        guard case .array(let items) = try parse(#"[0, -1, 1795951967, 4.28, 1e3, true, false, null, "12", 1e999]"#) else {
            Issue.record("an array")
            return
        }
        #expect(items.map(\.value) == [.integer(0), .integer(-1), .integer(1795951967), .double(4.28), .double(1000),
                                       .bool(true), .bool(false), .null, .string("12"), .double(.infinity)])
    }

    @Test("Objects keep their members in document order")
    func memberOrder() throws {
        guard case .object(let members) = try parse(#"{"2":1,"1":2,"10":3}"#) else { Issue.record("object"); return }
        #expect(members.map(\.key) == ["2", "1", "10"])
    }

    @Test("A byte-order mark and surrounding whitespace are accepted")
    func byteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(" {\"errno\":1}\n".utf8)).value["errno"] == .integer(1))
    }

    @Test("Malformed documents are rejected", arguments: [
        "", "{", #"{"a":1"#, #"{"a" 1}"#, "[1,]", "[01]", "1.", "-", "tru", "truex", #""abc"#, #""\x""#, #""\ud83d""#,
        #""\ude00""#, "{} x", "\"a\u{01}b\"", #"{"a":1,}"#, "<!doctype html>", "// note\n{}", "['a']",
    ])
    func malformedDocumentsAreRejected(text: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test("Nesting is bounded so a hostile body cannot exhaust the stack")
    func nestingBound() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? parse(fine)) != nil)
    }

    @Test("A failure says what broke and at which byte: a string left open points at its opening quote")
    func failureOffset() {
        let truncated = #"{"rsm":{"total_rows":6,"rows":[{"id":"1","title":"\u95ee"#
        #expect(throws: JSONSyntaxError(message: "unterminated string", offset: truncated.utf8.count - 7)) {
            try parse(truncated)
        }
        #expect(throws: JSONSyntaxError(message: "expected ',' or '}' after the value of \"a\", found 'x'", offset: 7)) {
            try parse(#"{"a":1 x}"#)
        }
    }

    @Test("Every value and key records its byte offset, and the source turns one into line and column")
    func offsetsAndPositions() throws {
        let text = "{\n  \"名\": [1,\n    \"x\"]\n}"
        let source = JSONSource(text)
        let root = try source.parse()
        guard case .object(let members) = root.value, case .array(let items) = members[0].value.value else {
            Issue.record("an object holding an array")
            return
        }
        #expect(members[0].keyOffset == 4)
        #expect(source.position(at: members[0].keyOffset) == TextPosition(line: 2, column: 3))
        // Columns count characters, not bytes: 名 is three bytes of UTF-8.
        #expect(source.position(at: members[0].value.offset) == TextPosition(line: 2, column: 8))
        #expect(source.position(at: items[1].offset) == TextPosition(line: 3, column: 5))
        #expect(source.position(at: root.offset) == TextPosition(line: 1, column: 1))
    }
}
