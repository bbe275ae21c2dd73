import Foundation
import Testing
import WenjinTemplates

@Suite("Template errors name file, line and column")
struct TemplateErrorTests {
    private func compileError(_ text: String, file: String? = "theme/page.mustache") -> TemplateError? {
        do {
            _ = try Template(name: "page", text: text, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test("an unclosed section is reported at its opening tag")
    func unclosedSection() {
        let error = compileError("<ul>\n  {{#answers}}\n  <li>{{body}}</li>\n</ul>\n")
        #expect(error == TemplateError(file: "theme/page.mustache", line: 2, column: 3, reason: .unclosedSection("answers")))
        #expect(error?.description == "theme/page.mustache:2:3: section 'answers' is not closed")
    }

    @Test("a mismatched closing tag is reported where it stands, with both names")
    func mismatchedClose() {
        let error = compileError("{{#a}}\n{{#b}}x{{/a}}\n")
        #expect(error == TemplateError(file: "theme/page.mustache", line: 2, column: 8,
                                       reason: .mismatchedClose(expected: "b", found: "a")))
    }

    @Test("a closing tag with nothing open is an error")
    func unexpectedClose() {
        #expect(compileError("text {{/a}}")?.reason == .unexpectedClose("a"))
    }

    @Test("an opening delimiter without its closing one is an error")
    func unclosedTag() {
        #expect(compileError("line one\nhello {{name")
            == TemplateError(file: "theme/page.mustache", line: 2, column: 7, reason: .unclosedTag))
    }

    @Test("a set-delimiters tag needs two delimiters")
    func badDelimiters() {
        #expect(compileError("{{=<%=}}")?.reason == .badDelimiters("<%"))
        #expect(compileError("{{=<% %> x=}}")?.reason == .badDelimiters("<% %> x"))
    }

    @Test("empty tag names and names with spaces are errors")
    func invalidNames() {
        #expect(compileError("{{ }}")?.reason == .invalidTagName(" "))
        #expect(compileError("{{#a b}}{{/a b}}")?.reason == .invalidTagName("a b"))
    }

    @Test("columns count characters, so Chinese text before a tag counts one per character")
    func columnsCountCharacters() {
        let error = compileError("问题：{{#答案}}")
        #expect(error?.line == 1)
        #expect(error?.column == 4)
    }

    @Test("without a file path the template's name is used")
    func nameWhenNoFile() {
        #expect(compileError("{{#a}}", file: nil)?.description == "page:1:1: section 'a' is not closed")
    }

    @Test("the localized description is the same one-line message, for commands that print it")
    func localizedDescription() {
        let error = compileError("{{#a}}")
        #expect(error?.localizedDescription == "theme/page.mustache:1:1: section 'a' is not closed")
    }

    @Test("asking a library for a template it does not hold names the template")
    func unknownTemplate() throws {
        let library = try TemplateLibrary([], mode: .strict)
        #expect(throws: TemplateError(file: "home", reason: .unknownTemplate("home"))) {
            try library.render("home", with: TemplateValue.null)
        }
    }

    @Test("two templates with one name are refused")
    func duplicateNames() throws {
        let one = try Template(name: "a", text: "1")
        let two = try Template(name: "a", text: "2")
        #expect(throws: TemplateError(file: "a", reason: .duplicateTemplate("a"))) {
            try TemplateLibrary([one, two])
        }
    }

    @Test("a template that includes itself unconditionally stops with an error instead of crashing")
    func recursionIsBounded() throws {
        let loop = try Template(name: "loop", text: "x{{>loop}}")
        let library = try TemplateLibrary([loop], mode: .lenient)
        #expect(throws: TemplateError(file: "loop", line: 1, column: 2, reason: .recursionTooDeep(limit: 200))) {
            try library.render("loop", with: TemplateValue.null)
        }
    }
}
