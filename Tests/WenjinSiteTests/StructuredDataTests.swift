import Foundation
import Testing
@testable import WenjinSite

/// JSON-LD text: valid JSON that gives the strings back, and nothing that can end a `<script>`.
@Suite("Structured data")
struct StructuredDataTests {
    static let tricky = "问津 \"quoted\" back\\slash\nline\rreturn\ttab </script> a&b \u{1}\u{1f} \u{2028}\u{2029} end"

    @Test("Strings are escaped for JSON and for a script element")
    func escapes() {
        let text = StructuredData.object([("name", .string(Self.tricky))]).scriptElementContent.markup
        #expect(text == #"{"name":"问津 \"quoted\" back\\slash\nline\rreturn\ttab \u003c/script\u003e a\u0026b \u0001\u001f \u2028\u2029 end"}"#)
    }

    @Test("The text parses as JSON and gives every string back unchanged")
    func roundTrips() throws {
        let data = StructuredData.array([.string(Self.tricky), .string(""), .int(42), .string("€𝄞")])
        let parsed = try JSONSerialization.jsonObject(with: Data(data.scriptElementContent.markup.utf8)) as? [Any]
        #expect(parsed?[0] as? String == Self.tricky)
        #expect(parsed?[1] as? String == "")
        #expect((parsed?[2] as? NSNumber)?.intValue == 42)
        #expect(parsed?[3] as? String == "€𝄞")
    }
}
