import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinSearch

/// The archive's search documents as the index asks for them: for each, a `SearchSource` (its
/// key, and a digest of the fields and body it is made from) costing a few words of hashing,
/// and the document itself only when asked (`document(_:)`). A rebuild thus makes the documents
/// of what changed, not the archive's (docs/design.md#search).
///
/// Each digest covers what its document reads: the raw title (decoding entities is a function
/// of it), the body's ledger digest (its text is a function of the raw HTML and the answers of
/// its links under the build's seed, which the search state is tied to), the weight and IDs
/// that make its URL. A withdrawn post's emptied document (`Withdrawals.emptiedDocuments`)
/// keeps its post's key, so a takedown changes one document rather than the numbering.
struct SiteSearchDocuments: Sendable {
    private let content: ArchiveContent
    private let bodies: SanitizedBodies
    /// The position of each question's document, its answers' following it; one more at the
    /// end, where articles start. Positions are found from these rather than kept per document,
    /// so the 400,000 documents of a large archive cost one digest each and nothing more.
    private let questionStarts: [Int]
    private let emptiedStart: Int
    private let topicStart: Int
    private let userStart: Int
    /// One per document, in the order `document(_:)` takes positions: each question then its
    /// answers, articles, emptied documents, topics, users.
    let sources: [SearchSource]

    /// Documents digested per piece of parallel work.
    private static let piece = 2048

    init(content: ArchiveContent, bodies: SanitizedBodies) {
        self.content = content
        self.bodies = bodies
        let questions = content.questions
        var sources = Self.digested(questions.count) { index, sources in
            let question = questions[index]
            // The title is in the question's digest and each answer's: digested once.
            let title = Self.titleDigest(question)
            let answers = content.answers[question.id] ?? []
            sources.append(Self.source(question, title: title, answerCount: answers.count, bodies: bodies))
            for answer in answers { sources.append(Self.source(answer, of: question, title: title, bodies: bodies)) }
        }
        // Where each question's document is: a question's key has kind 1, its answers' kind 2.
        var starts: [Int] = []
        starts.reserveCapacity(questions.count + 1)
        for (position, source) in sources.enumerated() where source.key >> 60 == 1 { starts.append(position) }
        starts.append(sources.count)
        questionStarts = starts
        emptiedStart = sources.count + content.articles.count
        topicStart = emptiedStart + content.withdrawals.emptiedDocuments.count
        userStart = topicStart + content.topics.count
        sources.reserveCapacity(userStart + content.users.count)
        sources += Self.digested(content.articles.count) { index, sources in sources.append(Self.source(content.articles[index], bodies: bodies)) }
        sources += content.withdrawals.emptiedDocuments.map(Self.source)
        sources += Self.digested(content.topics.count) { index, sources in sources.append(Self.source(content.topics[index])) }
        sources += Self.digested(content.users.count) { index, sources in sources.append(Self.source(content.users[index])) }
        self.sources = sources
    }

    /// The number of documents of `content`, counted without making them.
    static func count(of content: ArchiveContent) -> Int {
        content.questions.count + content.answers.values.reduce(0) { $0 + $1.count } + content.articles.count
            + content.withdrawals.emptiedDocuments.count + content.topics.count + content.users.count
    }

    // MARK: Each document's source: its key, and a digest of what it is made from

    static func titleDigest(_ question: Question) -> UInt64 {
        var title = ContentDigest(seed: 6)
        title.add(question.title)
        return title.finish()
    }

    static func source(_ question: Question, title: UInt64, answerCount: Int, bodies: SanitizedBodies) -> SearchSource {
        var digest = ContentDigest(seed: 1)
        digest.add(word: title)
        digest.add(word: bodies.digest(.question(question.id)))
        digest.add(word: UInt64(bitPattern: Int64(SiteIndexes.sum(answerCount, question.focusCount))))
        return SearchSource(key: key(question.id), digest: digest.finish())
    }

    static func source(_ answer: Answer, of question: Question, title: UInt64, bodies: SanitizedBodies) -> SearchSource {
        var digest = ContentDigest(seed: 2)
        digest.add(word: title)
        digest.add(word: UInt64(bitPattern: Int64(question.id.rawValue)))
        digest.add(word: bodies.digest(.answer(answer.id)))
        digest.add(word: UInt64(bitPattern: Int64(answer.agreeCount)))
        return SearchSource(key: key(answer.id), digest: digest.finish())
    }

    static func source(_ article: Article, bodies: SanitizedBodies) -> SearchSource {
        var digest = ContentDigest(seed: 3)
        digest.add(article.title)
        digest.add(word: bodies.digest(.article(article.id)))
        digest.add(word: UInt64(bitPattern: Int64(article.votes)))
        return SearchSource(key: key(article.id), digest: digest.finish())
    }

    static func source(_ emptied: (key: UInt64, document: SearchDocument)) -> SearchSource {
        SearchSource(key: emptied.key, digest: SearchSource(of: emptied.document).digest)
    }

    static func source(_ topic: Topic) -> SearchSource {
        var digest = ContentDigest(seed: 4)
        digest.add(topic.title)
        digest.add(topic.description)
        digest.add(word: UInt64(bitPattern: Int64(topic.focusCount)))
        return SearchSource(key: key(topic.id), digest: digest.finish())
    }

    static func source(_ user: User) -> SearchSource {
        var digest = ContentDigest(seed: 5)
        digest.add(user.displayName)
        digest.add(user.signature ?? "\u{0}")
        digest.add(word: UInt64(bitPattern: Int64(user.counts.agree)))
        return SearchSource(key: key(user.id), digest: digest.finish())
    }

    /// The sources `digest` appends for each of `count` entities, in their order, made on every core.
    private static func digested(_ count: Int, _ digest: @Sendable (Int, inout [SearchSource]) -> Void) -> [SearchSource] {
        let pieces = ParallelWork.map(Array(stride(from: 0, to: count, by: piece))) { start in
            var sources: [SearchSource] = []
            sources.reserveCapacity(piece)
            for index in start..<min(count, start + piece) { digest(index, &sources) }
            return sources
        }
        var sources: [SearchSource] = []
        sources.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { sources += piece }
        return sources
    }

    /// The document at `position` of `sources`: questions, answers, articles, topics and users
    /// with the plain text a reader sees.
    func document(_ position: Int) -> SearchDocument {
        let articleStart = questionStarts[questionStarts.count - 1]
        if position < articleStart {
            // The last question starting at or before `position`.
            var low = 0
            var high = questionStarts.count - 2
            while low < high {
                let middle = (low + high + 1) / 2
                if questionStarts[middle] <= position { low = middle } else { high = middle - 1 }
            }
            let question = content.questions[low]
            let answers = content.answers[question.id] ?? []
            let answerIndex = position - questionStarts[low] - 1
            guard answerIndex >= 0 else { return Self.document(question, answerCount: answers.count, bodies: bodies) }
            return Self.document(answers[answerIndex], of: question, bodies: bodies)
        }
        if position < emptiedStart { return Self.document(content.articles[position - articleStart], bodies: bodies) }
        if position < topicStart { return content.withdrawals.emptiedDocuments[position - emptiedStart].document }
        if position < userStart { return Self.document(content.topics[position - topicStart]) }
        return Self.document(content.users[position - userStart])
    }

    // MARK: Each document, as `source` digests it

    static func document(_ question: Question, answerCount: Int, bodies: SanitizedBodies) -> SearchDocument {
        SearchDocument(title: Sanitizer.decodeEntities(question.title), text: bodies.text(.question(question.id)),
                       url: SiteLayout.question(question.id).text, kind: .question, weight: SiteIndexes.sum(answerCount, question.focusCount))
    }

    /// A withdrawn answer keeps its document, empty (no body, so no text and no terms): the
    /// numbering stays, and a rebuild after the takedown patches the index.
    static func document(_ answer: Answer, of question: Question, bodies: SanitizedBodies) -> SearchDocument {
        SearchDocument(title: Sanitizer.decodeEntities(question.title), text: bodies.text(.answer(answer.id)),
                       url: SiteLayout.question(question.id).text + "#" + SiteLayout.answerAnchor(answer.id),
                       kind: .answer, weight: answer.agreeCount, indexesTitle: false)
    }

    static func document(_ article: Article, bodies: SanitizedBodies) -> SearchDocument {
        SearchDocument(title: Sanitizer.decodeEntities(article.title), text: bodies.text(.article(article.id)),
                       url: SiteLayout.article(article.id).text, kind: .article, weight: article.votes)
    }

    static func document(_ topic: Topic) -> SearchDocument {
        SearchDocument(title: Sanitizer.decodeEntities(topic.title), text: Sanitizer.decodeEntities(topic.description),
                       url: SiteLayout.topic(topic.id).text, kind: .topic, weight: topic.focusCount)
    }

    static func document(_ user: User) -> SearchDocument {
        SearchDocument(title: Sanitizer.decodeEntities(user.displayName), text: user.signature.map(Sanitizer.decodeEntities) ?? "",
                       url: SiteLayout.user(user.id).text, kind: .user, weight: user.counts.agree)
    }

    /// The keys of the documents `withdrawals` empties: posts that became notices, hidden
    /// members, and answers left as a note in their thread.
    static func withheldKeys(_ withdrawals: Withdrawals) -> Set<UInt64> {
        Set(withdrawals.emptiedDocuments.map(\.key)).union(withdrawals.answers.keys.map(key))
    }

    /// A document's key: its kind in the top four bits, the ID below (two IDs folded to one key
    /// make the index be written whole, never a wrong patch).
    static func key(_ id: QuestionID) -> UInt64 { key(1, id.rawValue) }
    static func key(_ id: AnswerID) -> UInt64 { key(2, id.rawValue) }
    static func key(_ id: ArticleID) -> UInt64 { key(3, id.rawValue) }
    static func key(_ id: TopicID) -> UInt64 { key(4, id.rawValue) }
    static func key(_ id: UserID) -> UInt64 { key(5, id.rawValue) }

    private static func key(_ kind: UInt64, _ id: Int) -> UInt64 {
        kind << 60 | UInt64(bitPattern: Int64(id)) & 0x0FFF_FFFF_FFFF_FFFF
    }
}
