import Foundation
import Testing
import WenjinModel
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// Anonymity as crawled: WENJIN's API says who is anonymous; upstream WeCenter's does not (it
/// sends the real author), so a `wecenter` crawl reads each question's web page.
@Suite("Anonymity on both source flavors")
struct AnonymityCrawlTests {
    /// The IDs of the questions and answers a store holds as anonymous.
    struct Anonymity: Equatable {
        var questions: Set<Int> = []
        var answers: Set<Int> = []

        init(_ store: Store) throws {
            try store.read { reader in
                for question in try reader.questions() {
                    if question.isAnonymous { questions.insert(question.id.rawValue) }
                    for answer in try reader.answers(of: question.id) where answer.isAnonymous { answers.insert(answer.id.rawValue) }
                }
            }
        }

        init(_ community: SampleCommunity) {
            questions = Set(community.questions.filter(\.isAnonymous).map(\.id))
            answers = Set(community.answers.filter(\.isAnonymous).map(\.id))
        }
    }

    // 130 questions hold question 120, whose 103 answers take two web pages.
    @Test("a crawl of a wecenter sample gives the same anonymity as its wenjin twin, and as the community holds it")
    func wecenterMatchesItsWenjinTwin() async throws {
        let (_, _, wenjinStore) = try await SharedSampleCrawls.shared.crawled(questions: 130, flavor: .wenjin).all
        let (wecenter, summary, wecenterStore) = try await SharedSampleCrawls.shared.crawled(questions: 130, flavor: .wecenter).all
        #expect(summary.tasksFailed == 0)
        let truth = Anonymity(wecenter.community)
        #expect(!truth.questions.isEmpty && !truth.answers.isEmpty)
        #expect(try Anonymity(wenjinStore) == truth)
        #expect(try Anonymity(wecenterStore) == truth)
        // The store keeps the real author upstream sent (private); the build is what hides it.
        let anonymousAnswer = try #require(wecenter.community.answers.first { $0.isAnonymous })
        let stored = try #require(try wecenterStore.read { try $0.answer(AnswerID(anonymousAnswer.id)) })
        #expect(stored.authorID == UserID(anonymousAnswer.authorID))
    }

    @Test("a wecenter crawl fetches each question's web page once, two for the question with 103 answers")
    func webPagesCostAboutOneRequestPerQuestion() async throws {
        let site = try await SharedSampleCrawls.shared.crawled(questions: 130, flavor: .wecenter).site
        let pages = site.log.contentTargets.filter { $0.hasPrefix("/?/question/") }
        #expect(pages.count == site.community.questions.count + 1)
        #expect(Set(pages).count == pages.count)
        #expect(pages.contains("/?/question/id-120__page-2"))
    }

    @Test("when the web pages cannot be read, every upstream question and answer stays anonymous")
    func unreadablePagesKeepPostsAnonymous() async throws {
        let site = try SampleSite(questions: 40, flavor: .wecenter,
                                  robotsTxt: SampleAPI.defaultRobotsTxt + "Disallow: /?/question/\n")
        let (summary, store) = try await site.crawl()
        #expect(summary.disallowed == site.community.questions.count)
        try store.read { reader in
            let questions = try reader.questions()
            #expect(questions.count == site.community.questions.count)
            #expect(questions.allSatisfy { $0.isAnonymous })
            let answers = try reader.answersByQuestion().values.flatMap { $0 }
            #expect(!answers.isEmpty)
            #expect(answers.allSatisfy { $0.isAnonymous })
        }
    }

    @Test("a web page the server no longer has is done with nothing learned, not a failure every crawl")
    func aMissingPageIsNotAFailure() async throws {
        let site = try SampleSite(questions: 10, flavor: .wecenter)
        let (_, store) = try await site.crawl()
        try store.write { try $0.redo(.questionPage(9_999)) }
        let (summary, _) = try await site.crawl()
        #expect(summary.tasksFailed == 0)
        #expect(site.log.contentTargets.contains("/?/question/9999"))
        #expect(try store.read { try $0.shownAuthor(of: .question(QuestionID(9_999))) } == nil)
    }

    @Test("a second crawl that re-reads the API does not unmask what the pages showed, nor mask what they named")
    func recrawlKeepsTheVerifiedAnonymity() async throws {
        let site = try SampleSite(questions: 60, flavor: .wecenter, editedAnswers: 0)
        let (_, store) = try await site.crawl()
        let first = try Anonymity(store)
        // Every question fetched again through the API (as a full re-verification would).
        try store.write { writer in
            for question in site.community.questions { try writer.redo(.question(question.id)) }
        }
        try await site.crawl()
        #expect(try Anonymity(store) == first)
        #expect(first == Anonymity(site.community))
    }
}
