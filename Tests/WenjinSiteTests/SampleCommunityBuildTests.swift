import Foundation
import Testing
import WenjinConfig
import WenjinCrawler
import WenjinLinkCheck
import WenjinModel
import WenjinSample
import WenjinStore
@testable import WenjinSite

/// The whole pipeline on the sample community: a real crawl over loopback into a store in a
/// temporary site folder, then builds of that store.
@Suite("Built sample community")
struct SampleCommunityBuildTests {
    /// A crawled sample community in a site folder with the repository's theme.
    final class CrawledSite: Sendable {
        let root: URL
        let store: Store
        let config: SiteConfig
        let community: SampleCommunity
        var output: URL { root.appendingPathComponent("_site") }

        /// Whether the site folder goes with this value (not when a shared fixture holds it).
        private let removesRoot: Bool

        /// `crawledAs` is the flavor site.json names; it is the server's unless a test says otherwise.
        /// The crawl is made once per process (`SampleCrawls`) and its store folder copied here.
        /// `folder`: where the site goes, left in place at the end; a new temporary folder by default.
        init(questions: Int, flavor: SampleAPI.Flavor = .wenjin, crawledAs: CrawlOptions.Flavor? = nil, in folder: URL? = nil) async throws {
            community = SampleCrawls.community(questions: questions)
            root = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-sample-site-\(UUID().uuidString)")
            removesRoot = folder == nil
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            var config = try FixtureSite.linkingRepositoryThemes(into: root)
            config.baseURL = URL(string: "https://archive.example.org/")
            self.config = config
            try await SampleCrawls.copy(questions: questions, flavor: flavor, crawledAs: crawledAs ?? CrawlOptions.Flavor(rawValue: flavor.rawValue)!,
                                        to: root.appendingPathComponent(".wenjin"))
            store = try Store.open(at: root.appendingPathComponent(".wenjin/cache.sqlite"))
        }

        deinit { if removesRoot { try? FileManager.default.removeItem(at: root) } }

        func build() throws -> BuildSummary { try SiteBuilder(config: config, store: store).build(into: output) }

        func file(_ path: String) -> String? {
            try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
    }

    @Test("Every stored question, answer, comment, user, topic and article has its page or anchor", .timeLimit(.minutes(20)))
    func everyEntityHasAPage() async throws {
        let site = try await SharedBuiltSamples.shared.built(questions: 120)
        let (questions, articles, users, topics) = try site.store.read { reader in
            (try reader.questions(), try reader.articles(), try reader.users(), try reader.topics())
        }
        #expect(questions.count == 120)
        for question in questions {
            let page = try #require(site.file("questions/\(question.id.rawValue).html"), "question \(question.id)")
            let (answers, comments) = try site.store.read { reader in
                let answers = try reader.answers(of: question.id)
                return (answers, try answers.flatMap { try reader.comments(of: $0.id) })
            }
            for answer in answers { #expect(page.contains("id=\"answer-\(answer.id.rawValue)\"")) }
            for comment in comments { #expect(page.contains("id=\"comment-\(comment.id.rawValue)\"")) }
        }
        for article in articles {
            let page = try #require(site.file("articles/\(article.id.rawValue).html"), "article \(article.id)")
            let comments = try site.store.read { try $0.comments(of: article.id) }
            for comment in comments { #expect(page.contains("id=\"comment-\(comment.id.rawValue)\"")) }
        }
        for user in users { #expect(site.file("users/\(user.id.rawValue).html") != nil, "user \(user.id)") }
        for topic in topics { #expect(site.file("topics/\(topic.id.rawValue).html") != nil, "topic \(topic.id)") }
    }

    @Test("The built sample passes the link checker and builds twice to identical bytes", .timeLimit(.minutes(20)))
    func checkPassesAndBuildsAreIdentical() async throws {
        let site = try await CrawledSite(questions: 120)
        let first = try site.build()
        let report = try LinkChecker(root: site.output).check()
        #expect(report.pages == first.pages)
        #expect(report.problems.map(\.description) == [])
        let second = try site.build()
        #expect(second.pagesWritten == 0)
        #expect(second.filesWritten == 0)
        #expect(second.bodiesSanitized == 0)
    }
}
