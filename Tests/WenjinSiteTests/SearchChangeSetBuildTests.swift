import Foundation
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinSample
@testable import WenjinSite

/// A rebuild digests only the search documents of rows written since the index it patches was
/// made (`SiteSearchChanges`, under the `search-basis` published with the index): it must still
/// leave exactly the files a full build writes, whatever other builds moved the store's folder on.
@Suite("Search documents from the change set")
struct SearchChangeSetBuildTests {
    private func retitle(_ id: Int, _ title: String, in site: FixtureSite) throws {
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(QuestionID(id)))
            question.title = title
            question.detailHTML += "<p>\(title)</p>"
            try writer.upsert(question)
        }
    }

    @Test("After random edits of questions, answers, articles, topics and users, every rebuild's files equal a full build's")
    func randomEdits() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        var random = SeededRandom(seed: 53)
        let words = ["北洋园", "食堂", "图书馆", "期末", "选课", "wifi", "自习室"]
        for round in 0..<10 {
            try site.store.write { writer in
                let reader = writer.reader
                for _ in 0..<random.int(1...3) {
                    let word = random.pick(words) + "\(round)"
                    switch random.int(0...5) {
                    case 0:
                        var question = random.pick(try reader.questions())
                        question.title = word + question.title
                        try writer.upsert(question)
                    case 1:
                        var question = random.pick(try reader.questions())
                        question.detailHTML += "<p>\(word)</p>"
                        question.focusCount += random.int(0...3)
                        try writer.upsert(question)
                    case 2:
                        let question = random.pick(try reader.questions())
                        guard var answer = try reader.answers(of: question.id).first else { continue }
                        answer.contentHTML += "<p>\(word)</p>"
                        answer.agreeCount += random.int(0...2)
                        try writer.upsert(answer)
                    case 3:
                        var article = random.pick(try reader.articles())
                        article.title += word
                        article.votes += 1
                        try writer.upsert(article)
                    case 4:
                        var topic = random.pick(try reader.topics())
                        topic.description += word
                        try writer.upsert(topic)
                    default:
                        var user = random.pick(try reader.users())
                        user.signature = (user.signature ?? "") + word
                        user.counts.agree += 1
                        try writer.upsert(user)
                    }
                }
            }
            let notes = NoteKeepingProgress()
            _ = try site.build(progress: notes)
            #expect(notes.lines.withLock { $0 }.isEmpty, "round \(round)")
            let expected = try site.buildAfresh(named: "full-\(round)").files
            let actual = try site.outputFiles()
            #expect(FixtureSite.differing(expected, actual).isEmpty, "round \(round): \(FixtureSite.differing(expected, actual))")
        }
    }

    @Test("A build into another output between two builds of this one leaves this one's index equal to a full build's")
    func buildIntoAnotherOutputBetween() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        // The other build sees the edit and moves the store's folder on past it; this output's
        // index has not seen it, and its next build reads no row as changed.
        try retitle(100, "图书馆周日几点开门？", in: site)
        _ = try site.buildAfresh(named: "preview")
        let notes = NoteKeepingProgress()
        _ = try site.build(progress: notes)
        #expect(notes.lines.withLock { $0 }.isEmpty)
        let actual = try site.outputFiles()
        #expect(FixtureSite.differing(try site.buildAfresh(named: "full").files, actual).isEmpty)
        #expect(actual.contains { $0.key.hasPrefix("search/docs-") && String(decoding: $0.value, as: UTF8.self).contains("周日") })
    }

    @Test("A damaged or missing search basis makes the rebuild digest every document, say so once, and equal a full build",
          arguments: ["damaged", "missing"])
    func unusableBasisFallsBack(damage: String) throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let bases = try FileManager.default.contentsOfDirectory(at: site.storeFolder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix("." + SiteIndexes.searchBasisSidecar) }
        #expect(!bases.isEmpty)
        for file in bases {
            if damage == "missing" { try FileManager.default.removeItem(at: file) } else { try Data("search-basis 1\nx\n".utf8).write(to: file) }
        }
        try retitle(101, "C++ 和 Rust 选哪个？", in: site)
        let notes = NoteKeepingProgress()
        _ = try site.build(progress: notes)
        #expect(notes.lines.withLock { $0 } == ["no readable search basis from the last build: digesting every search document"])
        #expect(FixtureSite.differing(try site.buildAfresh(named: "full").files, try site.outputFiles()).isEmpty)
        // The basis is published again: the next build patches from the change set without a word.
        try retitle(101, "C++ 和 Go 选哪个？", in: site)
        let next = NoteKeepingProgress()
        _ = try site.build(progress: next)
        #expect(next.lines.withLock { $0 }.isEmpty)
        #expect(FixtureSite.differing(try site.buildAfresh(named: "full-again").files, try site.outputFiles()).isEmpty)
    }
}
