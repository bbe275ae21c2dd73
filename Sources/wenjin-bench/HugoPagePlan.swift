// The pages the Hugo export should make, counted as wenjin's page plan counts its own
// (`PageJob.plan`): lists of 30 questions, indexes of 120 names, one page per post, user and
// topic. Printed beside Hugo's own count so a reader sees both sites hold the same pages.
import WenjinModel

struct HugoPagePlan {
    private(set) var parts: [(name: String, pages: Int)] = []

    init(archive: HugoArchive) {
        func pages(_ items: Int, _ perPage: Int) -> Int { max(1, (items + perPage - 1) / perPage) }
        var filedUnderUser: [String: Int] = [:]
        var filedUnderTopic: [TopicID: Int] = [:]
        for question in archive.questions {
            for term in archive.userTerms(of: question) { filedUnderUser[term, default: 0] += 1 }
            for topic in question.topicIDs { filedUnderTopic[topic, default: 0] += 1 }
        }
        for article in archive.articles where archive.usersByID[article.authorID] != nil {
            filedUnderUser[String(article.authorID.rawValue), default: 0] += 1
        }
        let unanswered = archive.questions.filter { (archive.answers[$0.id] ?? []).isEmpty }.count
        parts = [
            ("search, about, 404", 3),
            ("home", pages(archive.questions.count, 30)),
            ("unanswered", pages(unanswered, 30)),
            ("article lists", pages(archive.articles.count, 30)),
            ("topic indexes", pages(archive.topics.count, 120)),
            ("user indexes", pages(archive.users.count, 120)),
            ("questions", archive.questions.count),
            ("articles", archive.articles.count),
            ("user pages", archive.users.reduce(0) { $0 + pages(filedUnderUser[String($1.id.rawValue)] ?? 0, 30) }),
            ("topic pages", archive.topics.reduce(0) { $0 + pages(filedUnderTopic[$1.id] ?? 0, 30) }),
        ]
    }

    var total: Int { parts.reduce(0) { $0 + $1.pages } }
    var summary: String { parts.map { "\($0.name) \($0.pages)" }.joined(separator: ", ") }
}
