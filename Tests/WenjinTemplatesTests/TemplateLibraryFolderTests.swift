import Foundation
import Testing
import WenjinTemplates

@Suite("A library loads a theme folder of .mustache files")
struct TemplateLibraryFolderTests {
    /// A theme in a fresh temporary folder, removed by the caller.
    private func makeTheme(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-templates-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("templates are named by their path below the folder, without the extension")
    func namesFollowPaths() throws {
        let root = try makeTheme([
            "layouts/base.mustache": "<title>{{$title}}问津{{/title}}</title>\n<main>\n  {{$main}}\n  {{/main}}\n</main>\n",
            "partials/answer.mustache": "<p>{{body}}</p>\n",
            "question.mustache": """
                {{<layouts/base}}
                {{$title}}{{question}} - 问津{{/title}}
                {{$main}}
                {{#answers}}
                {{>partials/answer}}
                {{/answers}}
                {{/main}}
                {{/layouts/base}}

                """,
            "README.txt": "not a template",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try TemplateLibrary(folder: root)
        #expect(library.names == ["layouts/base", "partials/answer", "question"])
        let output = try library.render("question", with: ["question": "标题", "answers": [["body": "一"], ["body": "二"]]])
        #expect(output == "<title>标题 - 问津</title>\n<main>\n  <p>一</p>\n  <p>二</p>\n</main>\n")
    }

    @Test("a compile error names the file's path")
    func errorsNameThePath() throws {
        let root = try makeTheme(["home.mustache": "ok\n{{#list}}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("home.mustache").standardizedFileURL.path
        #expect(throws: TemplateError(file: path, line: 2, column: 1, reason: .unclosedSection("list"))) {
            try TemplateLibrary(folder: root)
        }
    }

    @Test("a folder that does not exist is an error naming it")
    func missingFolder() {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-no-such-theme-\(UUID().uuidString)")
        #expect {
            try TemplateLibrary(folder: root)
        } throws: { error in
            (error as? TemplateError)?.file == root.standardizedFileURL.path
        }
    }
}
