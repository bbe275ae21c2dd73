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
    /// A question's web page (`?/question/N`) on a `wecenter` source: who it shows as authors.
    case questionPage(Int)
    case answerComments(answer: Int)
    case user(Int)
    /// A page of a user's follow list; `before` counts the rows of the earlier pages.
    case follows(FollowList, user: Int, page: Int, before: Int)
    /// A page of a user's questions or answers, for questions explore does not list.
    case posts(PostList, user: Int, page: Int, before: Int)
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

    enum PostList: String, Sendable {
        case questions, answers
    }

    /// Below every other task: questions found in users' lists wait until explore, which says
    /// more about each question, has had its turn.
    static let latePriority = -5

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
        case .questionPage(let id): CrawlTask(kind: "question-page", key: "\(id)")
        case .answerComments(let id): CrawlTask(kind: "answer-comments", key: "\(id)")
        case .user(let id): CrawlTask(kind: "user", key: "\(id)")
        case .follows(let list, let user, let page, let before):
            CrawlTask(kind: .init(rawValue: "user-\(list.rawValue)"), key: "\(user)/\(page)/\(before)")
        case .posts(let list, let user, let page, let before):
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
        let kind = task.kind.rawValue
        if kind == "asset" {
            self = .asset(task.key)
            return
        }
        let parts = task.key.split(separator: "/")
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        switch (kind, numbers.count) {
        case ("explore", 1): self = .explore(page: numbers[0])
        case ("topic-square", 1): self = .topicSquare(page: numbers[0])
        case ("question", 1): self = .question(numbers[0])
        case ("answer", 1): self = .answer(numbers[0])
        case ("question-page", 1): self = .questionPage(numbers[0])
        case ("answer-comments", 1): self = .answerComments(answer: numbers[0])
        case ("user", 1): self = .user(numbers[0])
        case ("user-following", 3): self = .follows(.following, user: numbers[0], page: numbers[1], before: numbers[2])
        case ("user-followers", 3): self = .follows(.followers, user: numbers[0], page: numbers[1], before: numbers[2])
        case ("user-questions", 3): self = .posts(.questions, user: numbers[0], page: numbers[1], before: numbers[2])
        case ("user-answers", 3): self = .posts(.answers, user: numbers[0], page: numbers[1], before: numbers[2])
        case ("topic", 1): self = .topic(numbers[0])
        case ("topic-best-answers", 2): self = .topicBestAnswers(topic: numbers[0], page: numbers[1])
        case ("article", 1): self = .article(numbers[0])
        case ("article-comments", 3): self = .articleComments(article: numbers[0], page: numbers[1], before: numbers[2])
        default: return nil
        }
    }
}

extension StoreWriter {
    /// Queues a job unless it is queued or done already.
    func add(_ job: CrawlJob, priority: Int? = nil) throws { try enqueue(job.task, priority: priority ?? job.priority) }

    /// Queues a job again even when done: its content changed since it was fetched.
    func redo(_ job: CrawlJob) throws { try requeue(job.task, priority: job.priority) }
}
