import Foundation
import Testing
import WenjinAPI

/// Which refusals say "this question, answer, article or user does not exist": the crawler records
/// a deletion for these and for nothing else.
@Suite struct MissingEntityTests {
    static func refusal<T: APIDecodable>(_ name: String, as type: T.Type) throws -> APIError {
        do {
            _ = try RecordedResponse.load(name).decoded(as: type)
        } catch let error as APIError {
            return error
        }
        throw APIError(.notAnEnvelope, url: name)
    }

    @Test("upstream's answers for a missing question, answer, article and user each say the entity is missing")
    func recordedMissingResponses() throws {
        #expect(try Self.refusal("question_missing", as: QuestionDetail.self).saysEntityMissing)
        #expect(try Self.refusal("answer_detail_missing", as: AnswerDetail.self).saysEntityMissing)
        #expect(try Self.refusal("article_missing", as: ArticleDetail.self).saysEntityMissing)
        #expect(try Self.refusal("get_userinfo_missing", as: UserProfile.self).saysEntityMissing)
    }

    @Test("a refusal for a missing parameter or a missing login says nothing about the entity")
    func otherRefusals() throws {
        #expect(try !Self.refusal("get_userinfo_nouid", as: UserProfile.self).saysEntityMissing)
        #expect(try !Self.refusal("question_noid", as: QuestionDetail.self).saysEntityMissing)
        #expect(try !Self.refusal("home_loggedout", as: HomePage.self).saysEntityMissing)
        #expect(!APIError(.httpStatus(404), url: "x").saysEntityMissing)
    }
}
