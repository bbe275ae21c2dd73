import Testing
import WenjinTemplates

@Suite("Strict mode: unescaped output only for trusted HTML, partials must exist")
struct StrictModeTests {
    private func library(_ templates: [String: String], mode: TemplateLibrary.Mode = .strict) throws -> TemplateLibrary {
        try TemplateLibrary(templates.map { try Template(name: TemplateName($0.key), text: $0.value, file: "\($0.key).mustache") },
                            mode: mode)
    }

    @Test("trusted HTML is written as is by triple mustaches and ampersands")
    func trustedHTMLIsRaw() throws {
        let html = TrustedHTML(trusted: "<p>答案 &amp; 解释</p>")
        let output = try library(["page": "{{{body}}}|{{&body}}"]).render("page", with: ["body": .html(html)])
        #expect(output == "<p>答案 &amp; 解释</p>|<p>答案 &amp; 解释</p>")
    }

    @Test("trusted HTML in a double mustache is escaped like any text")
    func trustedHTMLEscapedWhenAsked() throws {
        let output = try library(["page": "{{body}}"]).render("page", with: ["body": .html(TrustedHTML(trusted: "<b>x</b>"))])
        #expect(output == "&lt;b&gt;x&lt;/b&gt;")
    }

    @Test("a plain string in a triple mustache is an error naming file, line and column")
    func plainStringUnescapedIsError() throws {
        let templates = try library(["question": "<h1>{{title}}</h1>\n  <div>{{{detail}}}</div>"])
        #expect(throws: TemplateError(file: "question.mustache", line: 2, column: 8,
                                      reason: .untrustedUnescapedValue("detail"))) {
            try templates.render("question", with: ["title": "标题", "detail": "<script>alert(1)</script>"])
        }
    }

    @Test("numbers and booleans are refused unescaped too, but a missing value writes nothing")
    func otherValuesUnescaped() throws {
        let templates = try library(["page": "[{{&count}}]"])
        #expect(throws: TemplateError.self) { try templates.render("page", with: ["count": 3]) }
        #expect(try templates.render("page", with: TemplateValue.null) == "[]")
    }

    @Test("lenient mode writes plain strings unescaped, as the spec requires")
    func lenientWritesRaw() throws {
        let templates = try library(["page": "{{{x}}}"], mode: .lenient)
        #expect(try templates.render("page", with: ["x": "<i>"]) == "<i>")
    }

    @Test("a partial missing from the library is an error when the library is built")
    func missingPartialAtLoad() throws {
        #expect(throws: TemplateError(file: "page.mustache", line: 2, column: 1, reason: .unknownPartial("footer"))) {
            try library(["page": "body\n{{>footer}}\n"])
        }
    }

    @Test("a parent missing from the library is an error too")
    func missingParentAtLoad() throws {
        #expect(throws: TemplateError(file: "page.mustache", line: 1, column: 1, reason: .unknownPartial("layout"))) {
            try library(["page": "{{<layout}}{{$main}}x{{/main}}{{/layout}}"])
        }
    }

    @Test("a missing partial writes nothing in lenient mode")
    func missingPartialLenient() throws {
        #expect(try library(["page": "a{{>footer}}b"], mode: .lenient).render("page", with: TemplateValue.null) == "ab")
    }

    @Test("a dynamic partial name that finds no template is an error in strict mode")
    func dynamicPartialMissing() throws {
        let templates = try library(["page": "{{#items}}{{>*kind}}{{/items}}", "text": "T"])
        #expect(try templates.render("page", with: ["items": [["kind": "text"]]]) == "T")
        #expect(throws: TemplateError(file: "page.mustache", line: 1, column: 11, reason: .unknownPartial("image"))) {
            try templates.render("page", with: ["items": [["kind": "image"]]])
        }
        #expect(throws: TemplateError(file: "page.mustache", line: 1, column: 11, reason: .unresolvedDynamicName("kind"))) {
            try templates.render("page", with: ["items": [["other": 1]]])
        }
    }

    @Test("an error inside a partial names the partial's file, not the page's")
    func errorInPartialNamesPartial() throws {
        let templates = try library(["page": "{{#q}}{{>card}}{{/q}}", "card": "\n\n<p>{{{title}}}</p>"])
        #expect(throws: TemplateError(file: "card.mustache", line: 3, column: 4, reason: .untrustedUnescapedValue("title"))) {
            try templates.render("page", with: ["q": ["title": "x"]])
        }
    }
}
