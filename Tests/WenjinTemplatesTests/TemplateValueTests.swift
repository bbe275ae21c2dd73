import Testing
import WenjinTemplates

@Suite("Template values and the ways to build them")
struct TemplateValueTests {
    private func render(_ text: String, _ context: TemplateValue) throws -> String {
        try TemplateLibrary([], mode: .lenient).render(Template(name: "t", text: text), with: context)
    }

    @Test("object literals keep their keys in the order written")
    func objectKeyOrder() {
        let object: TemplateObject = ["zeta": 1, "alpha": 2, "mid": 3]
        #expect(object.keys == ["zeta", "alpha", "mid"])
    }

    @Test("setting a key to nil removes it, setting it again appends it")
    func objectRemoval() {
        var object: TemplateObject = ["a": 1, "b": 2]
        object["a"] = nil
        object["a"] = 3
        #expect(object.keys == ["b", "a"])
        #expect(object["a"] == 3)
    }

    @Test("Swift values convert: optionals to null, arrays to lists, dictionaries with sorted keys")
    func renderableConversions() {
        let missing: String? = nil
        #expect(missing.templateValue == .null)
        #expect([1, 2].templateValue == .list([.int(1), .int(2)]))
        guard case .object(let object) = ["b": "x", "a": "y"].templateValue else {
            Issue.record("a dictionary did not become an object")
            return
        }
        #expect(object.keys == ["a", "b"])
    }

    @Test("a view model renders through the protocol")
    func viewModelRenders() throws {
        struct QuestionSummary: TemplateRenderable {
            let title: String
            let answerCount: Int
            var templateValue: TemplateValue { ["title": .string(title), "answerCount": .int(answerCount)] }
        }
        let library = try TemplateLibrary([Template(name: "row", text: "{{title}} ({{answerCount}})")])
        #expect(try library.render("row", with: QuestionSummary(title: "怎么办", answerCount: 3)) == "怎么办 (3)")
    }

    @Test("empty strings hide a section, zero does not")
    func truthiness() throws {
        #expect(try render("[{{#s}}shown{{/s}}]", ["s": ""]) == "[]")
        #expect(try render("[{{#n}}shown {{.}}{{/n}}]", ["n": 0]) == "[shown 0]")
    }

    @Test("numbers print as people write them")
    func numberFormatting() throws {
        #expect(try render("{{a}} {{b}} {{c}} {{d}}", ["a": 3.0, "b": 0.5, "c": -12, "d": true]) == "3 0.5 -12 true")
    }

    @Test("escaping covers & < > \" and the apostrophe")
    func escaping() throws {
        #expect(try render("{{x}}", ["x": "a&b<c>d\"e'f 中文"]) == "a&amp;b&lt;c&gt;d&quot;e&#39;f 中文")
    }
}
