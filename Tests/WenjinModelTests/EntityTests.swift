import Foundation
import Testing
import WenjinModel

@Suite struct EntityTests {
    @Test func aUserIsShownByNickNameAndByLoginNameWhenTheNickIsMissingOrEmpty() {
        #expect(User(id: 1, userName: "tju_xiaobei", nickName: "小北").displayName == "小北")
        #expect(User(id: 1, userName: "tju_xiaobei", nickName: nil).displayName == "tju_xiaobei")
        #expect(User(id: 1, userName: "tju_xiaobei", nickName: "").displayName == "tju_xiaobei")
    }

    @Test func aNewUserHasZeroCounts() {
        #expect(User(id: 1, userName: "u").counts == User.Counts(fans: 0, friends: 0, questions: 0, answers: 0,
                                                                  topicFocus: 0, agree: 0, thanks: 0))
    }

    @Test func entitiesSurviveAJSONRoundTripWithTheirEscapedText() throws {
        let time = Date(timeIntervalSince1970: 1_447_318_820)
        let question = Question(id: 3521, title: "C++ &amp; Java 先学哪个？", detailHTML: "<br />\n🙂",
                                askerID: nil, isAnonymous: true, addTime: time, updateTime: time,
                                topicIDs: [57, 12], bestAnswerID: 10873)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Question.self, from: encoder.encode(question)) == question)

        let comment = ArticleComment(id: 305, articleID: 96, authorID: 2048, message: "&lt;谢谢&gt;", addTime: time)
        #expect(try decoder.decode(ArticleComment.self, from: encoder.encode(comment)) == comment)
        #expect(comment.atUserID == nil)
    }

    @Test func assetStatesAreTheThreeTheStoreAccepts() {
        #expect(Asset.State.allCases.map(\.rawValue) == ["stored", "missing", "failed"])
    }
}
