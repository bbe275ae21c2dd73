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
    /// Where a document comes from, by positions in the archive's lists.
    private enum Origin: Sendable {
        case question(Int)
        case answer(question: Int, answer: Int)
        case article(Int)
        case emptied(Int)
        case topic(Int)
        case user(Int)
    }

    private let content: ArchiveContent
    private let bodies: SanitizedBodies
    private let origins: [Origin]
    /// One per document, in the order `document(_:)` takes positions.
    let sources: [SearchSource]

    init(content: ArchiveContent, bodies: SanitizedBodies) {
        self.content = content
        self.bodies = bodies
        let questions = ParallelWork.map(Array(content.questions.enumerated())) { position, question -> [(Origin, SearchSource)] in
            let answers = content.answers[question.id] ?? []
            var digest = ContentDigest(seed: 1)
            digest.add(question.title)
            digest.add(word: bodies.digest(.question(question.id)))
            digest.add(word: UInt64(bitPattern: Int64(SiteIndexes.sum(answers.count, question.focusCount))))
            var list = [(Origin.question(position), SearchSource(key: Self.key(question.id), digest: digest.finish()))]
            for (answerPosition, answer) in answers.enumerated() {
                var digest = ContentDigest(seed: 2)
                digest.add(question.title)
                digest.add(word: UInt64(bitPattern: Int64(question.id.rawValue)))
                digest.add(word: bodies.digest(.answer(answer.id)))
                digest.add(word: UInt64(bitPattern: Int64(answer.agreeCount)))
                list.append((.answer(question: position, answer: answerPosition),
                             SearchSource(key: Self.key(answer.id), digest: digest.finish())))
            }
            return list
        }.flatMap { $0 }
        let articles = content.articles.enumerated().map { position, article in
            var digest = ContentDigest(seed: 3)
            digest.add(article.title)
            digest.add(word: bodies.digest(.article(article.id)))
            digest.add(word: UInt64(bitPattern: Int64(article.votes)))
            return (Origin.article(position), SearchSource(key: Self.key(article.id), digest: digest.finish()))
        }
        let emptied = content.withdrawals.emptiedDocuments.enumerated().map { position, emptied in
            (Origin.emptied(position), SearchSource(key: emptied.key, digest: SearchSource(of: emptied.document).digest))
        }
        let topics = content.topics.enumerated().map { position, topic in
            var digest = ContentDigest(seed: 4)
            digest.add(topic.title)
            digest.add(topic.description)
            digest.add(word: UInt64(bitPattern: Int64(topic.focusCount)))
            return (Origin.topic(position), SearchSource(key: Self.key(topic.id), digest: digest.finish()))
        }
        let users = content.users.enumerated().map { position, user in
            var digest = ContentDigest(seed: 5)
            digest.add(user.displayName)
            digest.add(user.signature ?? "\u{0}")
            digest.add(word: UInt64(bitPattern: Int64(user.counts.agree)))
            return (Origin.user(position), SearchSource(key: Self.key(user.id), digest: digest.finish()))
        }
        let all = questions + articles + emptied + topics + users
        origins = all.map(\.0)
        sources = all.map(\.1)
    }

    /// The document at `position` of `sources`: questions, answers, articles, topics and users
    /// with the plain text a reader sees.
    func document(_ position: Int) -> SearchDocument {
        switch origins[position] {
        case .question(let index):
            let question = content.questions[index]
            let answers = content.answers[question.id] ?? []
            return SearchDocument(
                title: Sanitizer.decodeEntities(question.title), text: bodies.text(.question(question.id)),
                url: SiteLayout.question(question.id).text, kind: .question, weight: SiteIndexes.sum(answers.count, question.focusCount))
        case .answer(let questionIndex, let answerIndex):
            // A withdrawn answer keeps its document, empty (no body, so no text and no terms):
            // the numbering stays, and a rebuild after the takedown patches the index.
            let question = content.questions[questionIndex]
            let answer = (content.answers[question.id] ?? [])[answerIndex]
            return SearchDocument(
                title: Sanitizer.decodeEntities(question.title), text: bodies.text(.answer(answer.id)),
                url: SiteLayout.question(question.id).text + "#" + SiteLayout.answerAnchor(answer.id),
                kind: .answer, weight: answer.agreeCount, indexesTitle: false)
        case .article(let index):
            let article = content.articles[index]
            return SearchDocument(title: Sanitizer.decodeEntities(article.title), text: bodies.text(.article(article.id)),
                                  url: SiteLayout.article(article.id).text, kind: .article, weight: article.votes)
        case .emptied(let index):
            return content.withdrawals.emptiedDocuments[index].document
        case .topic(let index):
            let topic = content.topics[index]
            return SearchDocument(title: Sanitizer.decodeEntities(topic.title), text: Sanitizer.decodeEntities(topic.description),
                                  url: SiteLayout.topic(topic.id).text, kind: .topic, weight: topic.focusCount)
        case .user(let index):
            let user = content.users[index]
            return SearchDocument(title: Sanitizer.decodeEntities(user.displayName), text: user.signature.map(Sanitizer.decodeEntities) ?? "",
                                  url: SiteLayout.user(user.id).text, kind: .user, weight: user.counts.agree)
        }
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
