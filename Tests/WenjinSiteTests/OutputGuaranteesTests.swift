import Foundation
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinSite

/// Determinism, atomicity and incrementality of the output folder.
@Suite("Output guarantees")
struct OutputGuaranteesTests {
    @Test("Two builds of the same store are byte-identical")
    func twoBuildsAreIdentical() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let other = site.root.appendingPathComponent("second")
        _ = try site.build()
        // Its lookups made too, not taken from the first build's (`KeptLookups`).
        _ = try FixtureSite.withoutKeptLookups(of: site.store) { try SiteBuilder(config: site.config, store: site.store).build(into: other) }
        let first = try site.outputFiles()
        let second = try FixtureSite.files(under: other)
        #expect(first.count > 15)
        #expect(first == second)
    }

    @Test("A rebuild of an unchanged store rewrites no file")
    func unchangedRebuildWritesNothing() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        let second = try site.build()
        #expect(first.pagesWritten == first.pages)
        #expect(second.pagesWritten == 0)
        #expect(second.filesWritten == 0)
        #expect(second.pagesUnchanged == first.pages)
    }

    @Test("Changing one question rewrites only the pages that show it")
    func changingOneQuestionRewritesItsPages() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let before = try inodes(of: site.output)
        try site.store.write { writer in
            guard var question = try writer.reader.question(101) else { return }
            question.title = "C++ 和 Rust 选哪个？"
            try writer.upsert(question)
        }
        _ = try site.build()
        let after = try inodes(of: site.output)
        #expect(before.keys.sorted() == after.keys.sorted())
        let rewritten = Set(after.keys.filter { before[$0] != after[$0] && $0.hasSuffix(".html") })
        // The question itself, the lists that show its title (home, unanswered, its two
        // topics), its asker's page and question 100, whose related questions list it.
        #expect(rewritten == ["questions/101.html", "index.html", "unanswered.html", "topics/10.html",
                              "topics/11.html", "users/2.html", "questions/100.html"])
        let page = try String(contentsOf: site.output.appendingPathComponent("questions/101.html"), encoding: .utf8)
        #expect(page.contains("C++ 和 Rust 选哪个？"))
    }

    @Test("A build that fails on a broken template leaves the previous site and names file, line and column")
    func failedBuildKeepsPreviousOutput() throws {
        var site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let before = try site.outputFiles()
        // A copy of the theme with a stray closing tag on line 3 of the question template.
        let theme = site.root.appendingPathComponent("Themes-broken")
        try FileManager.default.copyItem(at: FixtureSite.packageRoot.appendingPathComponent("Themes"), to: theme)
        let broken = theme.appendingPathComponent("default/templates/question.mustache")
        var lines = try String(contentsOf: broken, encoding: .utf8).components(separatedBy: "\n")
        lines[2] = "<h1>{{/nothing}}</h1>"
        try lines.joined(separator: "\n").write(to: broken, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Themes"))
        try FileManager.default.moveItem(at: theme, to: site.root.appendingPathComponent("Themes"))
        site.config.title = "changed"
        let error = #expect(throws: SiteError.self) { try site.build() }
        #expect(error?.reason == .template)
        #expect(error?.file?.hasSuffix("question.mustache") == true)
        #expect(error?.line == 3)
        #expect(error?.column != nil)
        #expect(try site.outputFiles() == before)
        // Beside the output only its twin, the previous build's output kept for the next build.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix("._site") }
        #expect(leftovers == ["._site.previous"])
    }

    private func inodes(of folder: URL) throws -> [String: Int] {
        var result: [String: Int] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            if attributes[.type] as? FileAttributeType == .typeRegular {
                result[path] = (attributes[.systemFileNumber] as? NSNumber)?.intValue
            }
        }
        return result
    }
}
