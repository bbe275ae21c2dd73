import Foundation
import Testing
import WenjinModel
import WenjinSample
import WenjinSanitizer
import WenjinStore
@testable import WenjinCrawler

@Suite("A full crawl of the sample community")
struct FullCrawlTests {
    /// The API sends texts HTML-escaped; the sample keeps them plain.
    private func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    private func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    @Test("stores exactly what the sample holds, for both flavors", arguments: SampleAPI.Flavor.allCases)
    func countsMatchSampleStats(flavor: SampleAPI.Flavor) async throws {
        let (site, summary, store) = try await SharedSampleCrawls.shared.crawled(questions: 130, flavor: flavor).all
        #expect(try store.counts() == StoreCounts(SampleStats(site.community)))
        #expect(summary.tasksFailed == 0)
        #expect(summary.loggedIn)
    }

    @Test("stored entities match the community field by field", arguments: SampleAPI.Flavor.allCases)
    func entitiesMatchTheCommunity(flavor: SampleAPI.Flavor) async throws {
        let (site, _, store) = try await SharedSampleCrawls.shared.crawled(questions: 130, flavor: flavor).all
        let community = site.community
        let hidesAnonymous = flavor == .wenjin
        try store.read { reader in
            for question in community.questions where question.id % 9 == 1 {
                let stored = try #require(try reader.question(QuestionID(question.id)))
                #expect(plain(stored.title) == community.questionTitle(question.id))
                #expect(stored.addTime == date(question.addTime))
                #expect(stored.updateTime == date(question.updateTime))
                #expect(stored.answerCount == question.answerIDs.count)
                #expect(stored.viewCount == question.viewCount)
                #expect(stored.focusCount == question.focusCount)
                #expect(stored.topicIDs == question.topicIDs.map { TopicID($0) })
                #expect(stored.askerID == (hidesAnonymous && question.isAnonymous ? nil : UserID(question.askerID)))
                let answers = try reader.answers(of: QuestionID(question.id))
                #expect(Set(answers.map(\.id.rawValue)) == Set(question.answerIDs))
                for answer in answers {
                    let original = try #require(community.answer(answer.id.rawValue))
                    #expect(answer.addTime == date(original.addTime))
                    #expect(answer.agreeCount == original.agreeCount)
                    #expect(answer.authorID == (hidesAnonymous && original.isAnonymous ? nil : UserID(original.authorID)))
                    let comments = try reader.comments(of: answer.id)
                    #expect(comments.map(\.id.rawValue) == original.commentIDs)
                    for comment in comments {
                        let source = try #require(community.comment(comment.id.rawValue))
                        #expect(comment.authorID == UserID(source.authorID))
                        #expect(comment.addTime == date(source.addTime))
                        #expect(comment.atUserID == source.replyToUserID.map { UserID($0) })
                    }
                }
            }
            for user in community.users where user.id % 5 == 1 {
                let stored = try #require(try reader.user(UserID(user.id)))
                #expect(plain(stored.userName) == user.userName)
                #expect((stored.avatarFile ?? "").isEmpty == !user.hasAvatar)
                #expect(stored.counts.friends == user.following.count)
                if flavor == .wenjin { #expect(stored.nickName.map(plain) == user.nickName) }
            }
            for article in community.articles {
                let stored = try #require(try reader.article(ArticleID(article.id)))
                #expect(stored.authorID == UserID(article.authorID))
                #expect(stored.addTime == date(article.addTime))
                #expect(stored.views == article.views)
                #expect(stored.votes == article.votes)
                #expect(stored.topicIDs == article.topicIDs.map { TopicID($0) })
                #expect(try reader.comments(of: ArticleID(article.id)).map(\.id.rawValue) == article.commentIDs)
            }
            for topic in community.topics {
                let stored = try #require(try reader.topic(TopicID(topic.id)))
                #expect(plain(stored.title) == topic.title)
                #expect((stored.pic ?? "").isEmpty == (topic.picture == nil))
            }
        }
    }

    @Test("images are stored once under their SHA-256, thumbnails as their originals")
    func assetsAreContentAddressed() async throws {
        let site = try SampleSite(questions: 100)
        let (_, store) = try await site.crawl()
        let assets = try store.read { try $0.assets() }
        let folder = AssetFolder(site.options().assetsFolder)
        #expect(!assets.isEmpty)
        for asset in assets {
            #expect(asset.state == .stored)
            #expect(!asset.url.rawValue.contains("170x110_") && !asset.url.rawValue.contains("90x90_"))
            #expect(asset.contentType?.hasPrefix("image/") == true)
            let bytes = try Data(contentsOf: folder.file(sha256: try #require(asset.sha256)))
            #expect(bytes.count == asset.size)
            #expect(Sanitizer.contentHash(of: [UInt8](bytes)) == asset.sha256)
        }
    }

    @Test("every API response is kept raw in the store")
    func rawResponsesAreKept() async throws {
        let site = try SampleSite(questions: 40)
        let (_, store) = try await site.crawl()
        let url = try #require(URL(string: site.base.text + "?/api/question/question/&id=3"))
        let raw = try #require(try store.read { try $0.rawResponse(for: url) })
        #expect(raw.status == 200)
        #expect(String(decoding: raw.body, as: UTF8.self).hasPrefix("{\"rsm\":"))
    }
}
