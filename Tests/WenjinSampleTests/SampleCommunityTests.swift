import Foundation
import Testing
@testable import WenjinSample

/// The generated community: deterministic, stable as it grows, realistic, and fully discoverable.
@Suite struct SampleCommunityTests {
    private func fingerprint(_ community: SampleCommunity, questions: Int) -> [String] {
        let api = SampleAPI(community: community)
        return (1...questions).map { id in
            String(decoding: api.respond(to: SampleRequest(target: "/?/api/question/question/&id=\(id)")).body, as: UTF8.self)
        }
    }

    @Test func theSameSeedGivesTheSameCommunityAndAnotherSeedAnother() {
        let a = SampleCommunity(.init(seed: 9, questions: 80))
        let b = SampleCommunity(.init(seed: 9, questions: 80))
        let c = SampleCommunity(.init(seed: 10, questions: 80))
        #expect(fingerprint(a, questions: 80) == fingerprint(b, questions: 80), "same seed")
        #expect(fingerprint(a, questions: 80) != fingerprint(c, questions: 80), "another seed")
        #expect(SampleStats(a) == SampleStats(b))
    }

    @Test func aLargerCommunityKeepsEverySmallerOnesEntitiesUnchanged() {
        let small = SampleCommunity(.init(seed: 4, questions: 60))
        let large = SampleCommunity(.init(seed: 4, questions: 90))
        let before = fingerprint(small, questions: 60)
        let after = fingerprint(large, questions: 60)
        let firstDifference = zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "question \((firstDifference ?? -1) + 1) changed")
        #expect(large.users.count > small.users.count)
        #expect(zip(small.answers, large.answers).allSatisfy { $0.id == $1.id && $0.authorID == $1.authorID && $0.agreeCount == $1.agreeCount })
    }

    @Test func editedAnswersChangeTheirTextAndMoveTheirQuestionToTheTopOfExplore() {
        let plain = SampleCommunity(.init(seed: 4, questions: 60))
        let edited = SampleCommunity(.init(seed: 4, questions: 60, editedAnswers: 3))
        let changed = edited.answers.filter(\.isEdited)
        #expect(changed.count == 3)
        for answer in changed {
            #expect(plain.answerBody(answer.id, base: "http://h/").stored() != edited.answerBody(answer.id, base: "http://h/").stored())
        }
        let top = edited.lookup.posts.prefix(3).compactMap { if case .question(let id) = $0 { id } else { nil } }
        #expect(Set(top) == Set(changed.map(\.questionID)))
    }

    @Test func everyUserHasAskedAQuestionUnderTheirOwnName() {
        let community = SampleCommunity(.init(seed: 2015, questions: 500))
        let named = Set(community.questions.filter { !$0.isAnonymous }.map(\.askerID))
        #expect(named == Set(community.users.map(\.id)))
    }

    @Test func theCommunityReadsLikeARealOldForum() {
        let community = SampleCommunity(.init(seed: 2015, questions: 400))
        let api = SampleAPI(community: community)
        let bodies = community.answers.map { community.answerBody($0.id, base: "http://127.0.0.1:8080/").html(attachmentURL: api.attachmentURL(base: "http://127.0.0.1:8080/")) }
        let all = bodies.joined()
        for marker in ["<strong>", "<blockquote><p>", "<pre>", "<ul><li>", "<br />", "<img src='http://127.0.0.1:8080/uploads/answer/",
                       "170x110_", "<script>", "onerror=", "javascript:", "<iframe", "http://wenjin.in/", "?/question/", "rel=\"nofollow\"",
                       "&amp;", "&lt;", "😂"] {
            #expect(all.contains(marker), "some answer body contains \(marker)")
        }
        #expect(community.questions.contains { $0.isAnonymous } && community.answers.contains { $0.isAnonymous })
        #expect(community.comments.contains { $0.replyToUserID != nil })
        #expect(community.questions.contains { community.questionTitle($0.id).contains("&") })
        #expect(community.questions.contains { $0.lineEnding == "\r\n" } && community.questions.contains { $0.lineEnding == "\n" })
    }

    @Test func statsCountWhatTheCommunityHolds() {
        let community = SampleCommunity(.init(seed: 1, questions: 250))
        let stats = SampleStats(community)
        #expect(stats.questions == 250)
        #expect(stats.answers == community.questions.reduce(0) { $0 + $1.answerIDs.count })
        #expect(stats.comments == community.answers.reduce(0) { $0 + $1.commentIDs.count })
        #expect(stats.articles == 10 && stats.articleComments == community.articles.reduce(0) { $0 + $1.commentIDs.count })
        let json = String(decoding: try! JSONEncoder().encode(stats), as: UTF8.self)
        #expect(json.contains("\"article_comments\""))
    }
}
