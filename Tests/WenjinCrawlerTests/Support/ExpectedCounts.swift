import WenjinSample
import WenjinStore

extension StoreCounts {
    /// The sample's stats in the store's shape, so the two compare as one value.
    init(_ stats: SampleStats) {
        self.init(questions: stats.questions, answers: stats.answers, comments: stats.comments, users: stats.users,
                  topics: stats.topics, articles: stats.articles, articleComments: stats.articleComments, assets: stats.assets)
    }
}
