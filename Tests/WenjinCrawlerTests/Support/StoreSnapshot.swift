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
}
