// The template engine alone: a question page (layout by inheritance, partials, 20 answers
// with comments) rendered many times, on one thread and on every core, to show rendering
// leaves room for the site's goal of 2,000 pages/s.
import Dispatch
import Foundation
import WenjinTemplates

enum TemplateBenchmark {
    static let templates: [String: String] = [
        "layouts/base": """
            <!doctype html>
            <html lang="zh-Hans">
            <head>
              <meta charset="utf-8">
              <title>{{$title}}问津{{/title}}</title>
              <link rel="stylesheet" href="{{root}}assets/bootstrap.min.css">
            </head>
            <body>
              <nav class="navbar">{{#nav}}<a href="{{root}}{{href}}">{{label}}</a>{{/nav}}</nav>
              <main class="container">
                {{$main}}
                {{/main}}
              </main>
              {{>partials/footer}}
            </body>
            </html>

            """,
        "partials/footer": "<footer>{{site}} · {{crawledAt}}</footer>\n",
        "partials/answer": """
            <article id="answer-{{id}}" class="answer{{#best}} best{{/best}}">
              <header><a href="{{root}}users/{{authorID}}.html">{{author}}</a> · {{time}} · {{votes}} 赞</header>
              <div class="body">{{{body}}}</div>
              {{#comments}}
              <p class="comment"><b>{{author}}</b>: {{text}}</p>
              {{/comments}}
            </article>

            """,
        "question": """
            {{<layouts/base}}
            {{$title}}{{title}} - 问津{{/title}}
            {{$main}}
            <h1>{{title}}</h1>
            <div class="detail">{{{detail}}}</div>
            <ul class="topics">{{#topics}}<li><a href="{{root}}topics/{{id}}.html">{{name}}</a></li>{{/topics}}</ul>
            {{#answers}}
            {{>partials/answer}}
            {{/answers}}
            {{^answers}}<p>暂无回答</p>{{/answers}}
            {{/main}}
            {{/layouts/base}}

            """,
    ]

    static func context(_ number: Int) -> TemplateValue {
        let answers: [TemplateValue] = (0..<20).map { index in
            let comments: [TemplateValue] = (0..<(index % 4)).map { ["author": "评论者\($0)", "text": "同意 & 补充 <\(index)>"] }
            return [
                "id": .int(number * 100 + index), "best": .bool(index == 0), "authorID": .int(index),
                "author": .string("用户\(index)"), "time": "2024-05-01 12:00", "votes": .int(20 - index),
                "body": .html(TrustedHTML(trusted: String(repeating: "<p>这是第 \(index) 个回答的内容，包含一些中文文字。</p>", count: 4))),
                "comments": .list(comments),
            ]
        }
        return [
            "root": "../", "site": "问津", "crawledAt": "2026-11-29",
            "nav": [["href": "index.html", "label": "首页"], ["href": "topics/index.html", "label": "话题"]],
            "title": .string("问题 \(number)：如何学习 Swift？"),
            "detail": .html(TrustedHTML(trusted: "<p>问题描述 \(number)</p>")),
            "topics": [["id": 1, "name": "编程"], ["id": 2, "name": "Swift"]],
            "answers": .list(answers),
        ]
    }

    static func run(_ arguments: [String]) throws {
        let pages = arguments.first.flatMap(Int.init) ?? 20_000
        let compileStart = DispatchTime.now()
        let library = try TemplateLibrary(templates.map { try Template(name: TemplateName($0.key), text: $0.value) })
        let compileSeconds = seconds(since: compileStart)
        let contexts = (0..<64).map(context)
        let template = try library.template(named: "question")
        let pageBytes = try library.renderUTF8(template, with: contexts[0]).count

        let singleStart = DispatchTime.now()
        for page in 0..<pages { _ = try library.renderUTF8(template, with: contexts[page % contexts.count]) }
        let single = seconds(since: singleStart)

        let cores = ProcessInfo.processInfo.activeProcessorCount
        let parallelStart = DispatchTime.now()
        DispatchQueue.concurrentPerform(iterations: cores) { core in
            // Each thread its own contexts, as in a site build; the compiled template is shared.
            let ownContexts = (0..<64).map(context)
            for page in stride(from: core, to: pages, by: cores) {
                _ = try? library.renderUTF8(template, with: ownContexts[page % ownContexts.count])
            }
        }
        let parallel = seconds(since: parallelStart)

        print("templates: compile 4 templates: \(format(compileSeconds * 1000)) ms")
        print("templates: page size: \(pageBytes) bytes (20 answers, layout, partials)")
        print("templates: 1 thread: \(pages) pages in \(format(single)) s = \(Int(Double(pages) / single)) pages/s")
        print("templates: \(cores) threads: \(pages) pages in \(format(parallel)) s = \(Int(Double(pages) / parallel)) pages/s")
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
