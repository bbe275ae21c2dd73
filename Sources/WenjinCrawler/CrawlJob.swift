import WenjinStore

/// One unit of crawl work as the crawler understands it; stored in the queue as a
/// `CrawlTask` (kind and key), so a killed crawl finds it again.
enum CrawlJob: Hashable, Sendable {
    /// A page of explore `sort_type=new` (from 1).
    case explore(page: Int)
    /// A page of the topic square `hot` (from 1).
    case topicSquare(page: Int)
    /// A question with all its answer pages.
    case question(Int)
    /// An answer's detail, where the question endpoint left out fields.
    case answer(Int)
    case answerComments(answer: Int)
    case user(Int)
    /// A page of a user's follow list; `before` counts the rows of the earlier pages.
    case follows(FollowList, user: Int, page: Int, before: Int)
    case topic(Int)
    case topicBestAnswers(topic: Int, page: Int)
    case article(Int)
    /// A page of an article's comments (100 a page); `before` counts the earlier pages' rows.
    case articleComments(article: Int, page: Int, before: Int)
    /// An image, by its absolute URL.
    case asset(String)

    enum FollowList: String, Sendable {
        case following, followers
    }

    /// Discovery first, so the total is known early; images last.
    var priority: Int {
        switch self {
        case .explore, .topicSquare: 10
        case .asset: -1
        default: 0
        }
    }

    var task: CrawlTask {
        switch self {
        case .explore(let page): CrawlTask(kind: "explore", key: "\(page)")
        case .topicSquare(let page): CrawlTask(kind: "topic-square", key: "\(page)")
        case .question(let id): CrawlTask(kind: "question", key: "\(id)")
        case .answer(let id): CrawlTask(kind: "answer", key: "\(id)")
        case .answerComments(let id): CrawlTask(kind: "answer-comments", key: "\(id)")
        case .user(let id): CrawlTask(kind: "user", key: "\(id)")
        case .follows(let list, let user, let page, let before):
            CrawlTask(kind: .init(rawValue: "user-\(list.rawValue)"), key: "\(user)/\(page)/\(before)")
        case .topic(let id): CrawlTask(kind: "topic", key: "\(id)")
        case .topicBestAnswers(let topic, let page): CrawlTask(kind: "topic-best-answers", key: "\(topic)/\(page)")
        case .article(let id): CrawlTask(kind: "article", key: "\(id)")
        case .articleComments(let article, let page, let before): CrawlTask(kind: "article-comments", key: "\(article)/\(page)/\(before)")
        case .asset(let url): CrawlTask(kind: "asset", key: url)
        }
    }

    /// The job a stored task stands for; nil for a task this crawler does not know.
    init?(_ task: CrawlTask) {
        let numbers = task.key.split(separator: "/").compactMap { Int($0) }
        func one() -> Int? { numbers.count == 1 ? numbers[0] : nil }
        switch task.kind.rawValue {
        case "explore": guard let n = one() else { return nil }; self = .explore(page: n)
        case "topic-square": guard let n = one() else { return nil }; self = .topicSquare(page: n)
        case "question": guard let n = one() else { return nil }; self = .question(n)
        case "answer": guard let n = one() else { return nil }; self = .answer(n)
        case "answer-comments": guard let n = one() else { return nil }; self = .answerComments(answer: n)
        case "user": guard let n = one() else { return nil }; self = .user(n)
        case "user-following", "user-followers":
            guard numbers.count == 3 else { return nil }
            self = .follows(task.kind.rawValue == "user-following" ? .following : .followers,
                            user: numbers[0], page: numbers[1], before: numbers[2])
        case "topic": guard let n = one() else { return nil }; self = .topic(n)
        case "topic-best-answers":
            guard numbers.count == 2 else { return nil }
            self = .topicBestAnswers(topic: numbers[0], page: numbers[1])
        case "article": guard let n = one() else { return nil }; self = .article(n)
        case "article-comments":
            guard numbers.count == 3 else { return nil }
            self = .articleComments(article: numbers[0], page: numbers[1], before: numbers[2])
        case "asset": self = .asset(task.key)
        default: return nil
        }
    }
}

extension StoreWriter {
    /// Queues a job unless it is queued or done already.
    func add(_ job: CrawlJob) throws { try enqueue(job.task, priority: job.priority) }

    /// Queues a job again even when done: its content changed since it was fetched.
    func redo(_ job: CrawlJob) throws { try requeue(job.task, priority: job.priority) }
}
