import Foundation
import Testing
@testable import WenjinSearch
@testable import WenjinSite

/// What the built site's search index holds for the archive's questions and answers.
@Suite("Site search documents")
struct SiteSearchTests {
    @Test("A question's title finds the question, not each of its answers, which only show it")
    func answersDoNotIndexTheirQuestionsTitle() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let folder = site.output.appendingPathComponent("search")
        let manifest = try String(contentsOf: folder.appendingPathComponent("index.js"), encoding: .utf8)
        let count = try #require(manifest.firstMatch(of: /"shards":(\d+)/)?.1)
        let shards = try #require(Int(count))
        let digits = SearchShardKey.digits(forShardCount: shards)
        // "图书" is in the title of question 100 only (图书馆几点开门？), which has two answers.
        let term = "图书"
        let shard = SearchShardKey(term: term, shardCount: shards).name(digits: digits)
        let text = try String(contentsOf: folder.appendingPathComponent("shard-\(shard).js"), encoding: .utf8)
        let postings = try #require(text.firstMatch(of: /"图书":\[([0-9,]*)\]/)?.1).split(separator: ",").compactMap { Int($0) }
        #expect(postings.count == 1)
        #expect(postings.first.map { $0 % 2 } == 1, "the one document has the term in its title")
    }
}
