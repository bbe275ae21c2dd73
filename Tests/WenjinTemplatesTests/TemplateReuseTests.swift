import Dispatch
import Synchronization
import Testing
import WenjinTemplates

@Suite("A compiled template renders many contexts, from several threads")
struct TemplateReuseTests {
    private static let page = """
        <h1>{{title}}</h1>
        {{#answers}}
          <li id="answer-{{id}}">{{author}}: {{votes}}</li>
        {{/answers}}
        {{^answers}}
          <p>暂无回答</p>
        {{/answers}}

        """

    private static func context(_ number: Int) -> TemplateValue {
        let answers: [TemplateValue] = (0..<(number % 4)).map { ["id": .int(number * 10 + $0), "author": .string("用户\($0)"), "votes": .int($0)] }
        return ["title": .string("问题 \(number) <b>"), "answers": .list(answers)]
    }

    private static func expected(_ number: Int) -> String {
        let answers = (0..<(number % 4)).map { "  <li id=\"answer-\(number * 10 + $0)\">用户\($0): \($0)</li>\n" }.joined()
        return "<h1>问题 \(number) &lt;b&gt;</h1>\n" + (answers.isEmpty ? "  <p>暂无回答</p>\n" : answers)
    }

    @Test("one compiled template renders a thousand different contexts correctly")
    func manyContexts() throws {
        let library = try TemplateLibrary([Template(name: "page", text: Self.page)])
        let template = try library.template(named: "page")
        for number in 0..<1000 {
            #expect(try library.render(template, with: Self.context(number)) == Self.expected(number))
        }
    }

    @Test("two threads rendering one compiled template at once both get their own correct output")
    func twoThreadsAtOnce() throws {
        let library = try TemplateLibrary([Template(name: "page", text: Self.page)])
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for round in 0..<500 {
                let number = round * 2 + thread
                let output = try? library.render("page", with: Self.context(number))
                if output != Self.expected(number) { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
