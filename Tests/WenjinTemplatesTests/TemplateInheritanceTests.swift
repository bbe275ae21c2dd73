import Testing
import WenjinTemplates

@Suite("Layouts by inheritance, as a theme uses them")
struct TemplateInheritanceTests {
    private func library(_ templates: [String: String]) throws -> TemplateLibrary {
        try TemplateLibrary(templates.map { try Template(name: TemplateName($0.key), text: $0.value) })
    }

    private static let base = """
        <html>
        <head><title>{{$title}}问津{{/title}}</title></head>
        <body>
          {{>header}}
          <main>
            {{$main}}
            {{/main}}
          </main>
        </body>
        </html>

        """

    @Test("a page fills the layout's blocks and keeps the defaults of the others, indented to fit")
    func pageFillsLayout() throws {
        let templates = try library([
            "base": Self.base,
            "header": "<header>{{$brand}}问津{{/brand}}</header>\n",
            "page": """
                {{<base}}
                {{$main}}
                <h1>{{title}}</h1>
                <p>{{summary}}</p>
                {{/main}}
                {{/base}}

                """,
        ])
        let output = try templates.render("page", with: ["title": "标题", "summary": "摘要"])
        #expect(output == """
            <html>
            <head><title>问津</title></head>
            <body>
              <header>问津</header>
              <main>
                <h1>标题</h1>
                <p>摘要</p>
              </main>
            </body>
            </html>

            """)
    }

    @Test("a page can override a block of a partial the layout includes")
    func overrideReachesLayoutPartials() throws {
        let templates = try library([
            "base": Self.base,
            "header": "<header>{{$brand}}问津{{/brand}}</header>\n",
            "page": "{{<base}}{{$brand}}WENJIN{{/brand}}{{$title}}关于{{/title}}{{/base}}",
        ])
        let output = try templates.render("page", with: TemplateValue.null)
        #expect(output.contains("<header>WENJIN</header>"))
        #expect(output.contains("<title>关于</title>"))
    }

    @Test("the layout can be chosen by the context with a dynamic parent")
    func dynamicParent() throws {
        let templates = try library([
            "wide": "[wide {{$main}}{{/main}}]",
            "narrow": "[narrow {{$main}}{{/main}}]",
            "page": "{{<*layout}}{{$main}}{{text}}{{/main}}{{/*layout}}",
        ])
        #expect(try templates.render("page", with: ["layout": "wide", "text": "x"]) == "[wide x]")
        #expect(try templates.render("page", with: ["layout": "narrow", "text": "y"]) == "[narrow y]")
    }

    @Test("closing a dynamic parent with the plain name is a mismatch")
    func dynamicParentCloseMustMatch() {
        #expect(throws: TemplateError(file: "page", line: 1, column: 25,
                                      reason: .mismatchedClose(expected: "*layout", found: "layout"))) {
            try Template(name: "page", text: "{{<*layout}}{{$a}}{{/a}}{{/layout}}")
        }
    }

    @Test("a block that overrides itself stops with an error at the block")
    func selfOverridingBlockIsBounded() throws {
        let templates = try library(["base": "{{$a}}{{/a}}", "page": "{{<base}}{{$a}}x{{$a}}{{/a}}{{/a}}{{/base}}"])
        #expect(throws: TemplateError(file: "page", line: 1, column: 17, reason: .recursionTooDeep(limit: 200))) {
            try templates.render("page", with: TemplateValue.null)
        }
    }
}
