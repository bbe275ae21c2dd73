import Foundation
import Testing
import WenjinConfig
import WenjinCrawler
import WenjinModel
import WenjinSample
import WenjinStore
@testable import WenjinSite

/// Hostile values never crash (issue 10 §4): extreme numbers from the source are checked
/// where they are decoded, and nothing downstream overflows on what a store holds.
@Suite("Extreme values end to end")
struct ExtremeValueTests {
    @Test("a source with extreme values in its numeric fields is crawled and built: nothing traps, odd items are reported, the rest is archived",
          .timeLimit(.minutes(20)), arguments: SampleAPI.Flavor.allCases)
    func fuzzedSourceCrawlsAndBuilds(flavor: SampleAPI.Flavor) async throws {
        let server = try ExtremeValueServer(questions: 60, flavor: flavor, seed: 0x5EED_2026, share: 0.12)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-extreme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var config = try FixtureSite.linkingRepositoryThemes(into: root)
        let store = try Store.open(at: root.appendingPathComponent(".wenjin/cache.sqlite"))
        var options = CrawlOptions(source: .init(server.base)!, assetsFolder: root.appendingPathComponent(".wenjin/assets"))
        options.credentials = .init(userName: server.community.users[0].userName, password: SampleAPI.password)
        options.requestsPerSecond = 0
        options.connectionsPerHost = 4
        options.retries = 0
        options.backoffBase = .milliseconds(20)
        options.backoffMax = .milliseconds(200)
        // Odd items fail their task; the crawl must go on however many there are.
        options.maxFailureShare = 1
        let summary = try await Crawler(options: options, store: store).run()

        #expect(server.changedFieldCount >= 20)
        #expect(server.untouchedFields(seenAtLeast: 30) == [])
        #expect(summary.unreadableRows + summary.tasksFailed > 0, "odd items are reported")
        let counts = try store.counts()
        #expect(counts.questions >= server.community.questions.count / 2, "the rest is archived: \(counts)")
        #expect(counts.answers > 0 && counts.users > 0 && counts.topics > 0)

        config.baseURL = URL(string: "https://archive.example.org/")
        let output = root.appendingPathComponent("_site")
        _ = try SiteBuilder(config: config, store: store).build(into: output)
        for question in try store.read({ try $0.questions() }) {
            let page = try String(contentsOf: output.appendingPathComponent("questions/\(question.id.rawValue).html"), encoding: .utf8)
            #expect(page.contains("datetime=\""))
        }
    }

    @Test("a store holding Int.max counts and a time near Int64.max (written before values were checked) builds")
    func extremeStoreBuilds() throws {
        var site = try FixtureSite()
        defer { site.remove() }
        site.config.baseURL = URL(string: "https://archive.example.org/")
        let far = Date(timeIntervalSince1970: 9_223_372_036_854_774_784)
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(100))
            (question.focusCount, question.viewCount, question.answerCount) = (.max, .max, .max)
            (question.addTime, question.updateTime) = (far, far)
            try writer.upsert(question)
            var answer = try #require(try writer.reader.answer(1001))
            (answer.agreeCount, answer.commentCount, answer.addTime) = (.max, .max, far)
            try writer.upsert(answer)
            var user = try #require(try writer.reader.user(1))
            user.counts = .init(fans: .max, friends: .max, questions: .max, answers: .max, topicFocus: .max, agree: .max, thanks: .max)
            try writer.upsert(user)
            var article = try #require(try writer.reader.article(7))
            (article.votes, article.views, article.addTime) = (.min, .max, Date(timeIntervalSince1970: -9_223_372_036_854_774_784))
            try writer.upsert(article)
        }
        _ = try site.build()
        let page = try String(contentsOf: site.output.appendingPathComponent("questions/100.html"), encoding: .utf8)
        #expect(page.contains("9999-12-31"))
        let feed = try String(contentsOf: site.output.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<updated>"))

        // Taken down, the same question keeps an emptied search document with the same weight.
        try #"{"questions": [100]}"#.write(to: site.root.appendingPathComponent("takedowns.json"), atomically: true, encoding: .utf8)
        _ = try site.build()
        let notice = try String(contentsOf: site.output.appendingPathComponent("questions/100.html"), encoding: .utf8)
        #expect(notice.contains("此内容已应要求移除"))
    }
}
