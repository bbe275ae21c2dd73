import Foundation
import WenjinModel
import WenjinStore

/// Everything a reader of the archive would see in a store, for comparing two crawls.
struct StoreSnapshot: Equatable {
    var questions: [Question] = []
    var answers: [Answer] = []
    var comments: [WenjinModel.AnswerComment] = []
    var users: [User] = []
    var topics: [Topic] = []
    var articles: [Article] = []
    var articleComments: [WenjinModel.ArticleComment] = []
    var assets: [Asset] = []

    init(_ store: Store) throws {
        self = try store.read { reader in
            var snapshot = StoreSnapshot()
            snapshot.questions = try reader.questions()
            for question in snapshot.questions {
                let answers = try reader.answers(of: question.id)
                snapshot.answers += answers
                for answer in answers { snapshot.comments += try reader.comments(of: answer.id) }
            }
            snapshot.users = try reader.users()
            snapshot.topics = try reader.topics()
            snapshot.articles = try reader.articles()
            for article in snapshot.articles { snapshot.articleComments += try reader.comments(of: article.id) }
            snapshot.assets = try reader.assets()
            return snapshot
        }
    }

    private init() {}

    /// The snapshot as JSON with the server's address replaced, so crawls of two servers of
    /// the same community compare equal (bodies and image URLs name the host they came from).
    func normalized(replacing address: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let parts: [Data] = [
            try encoder.encode(questions), try encoder.encode(answers), try encoder.encode(comments),
            try encoder.encode(users), try encoder.encode(topics), try encoder.encode(articles),
            try encoder.encode(articleComments), try encoder.encode(assets),
        ]
        return parts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
            .replacingOccurrences(of: address, with: "HOST")
    }
}
