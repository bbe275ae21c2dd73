import WenjinBuildSupport
import WenjinModel

/// A digest of every entity of the archive as pages show it, computed once per build so a
/// page's fingerprint (`PageRenderer.fingerprint(of:)`) is a handful of lookups, not a view
/// model. Each digest covers every stored field (the row's digest, `RowDigests`, kept between
/// builds; or, without them, the entity through `DigestEncoder`), what withdrawing changed of
/// it (`ArchiveContent.withdrawing`: an author hidden, a post or comment emptied to a notice),
/// plus what the entity brings along wherever it is shown: an answer its comments, an article
/// its comments, a user their avatar's local file, a topic its picture's.
struct EntityDigests: Sendable {
    let questions: [QuestionID: UInt64]
    let answers: [AnswerID: UInt64]
    let users: [UserID: UInt64]
    let topics: [TopicID: UInt64]
    let articles: [ArticleID: UInt64]

    /// Over `archive`'s content, whose raw bodies are already dropped: pages show bodies through
    /// `SanitizedBodies.digest`, which also covers where their links lead.
    init(archive: ArchiveLookup, rows: RowDigests? = nil) {
        let content = archive.content
        // What `Withdrawals` changes of each entity's look beyond its fields: notices in its
        // thread and the marks of content kept although deleted upstream.
        let withdrawals = content.withdrawals
        questions = Self.map(content.questions, id: \.id) { question in
            var digest = ContentDigest(seed: 5)
            digest.add(word: rows?.questions[question.id] ?? DigestEncoder.digest(of: question))
            Self.add(author: question.askerID, anonymous: question.isAnonymous, to: &digest)
            Self.add(nil, marked: withdrawals.marked.questions.contains(question.id), to: &digest)
            return digest.finish()
        }
        let answerList = content.questions.flatMap { content.answers[$0.id] ?? [] }
        answers = Self.map(answerList, id: \.id) { answer in
            var digest = ContentDigest(seed: 1)
            digest.add(word: rows?.answers[answer.id] ?? DigestEncoder.digest(of: answer))
            Self.add(author: answer.authorID, anonymous: answer.isAnonymous, to: &digest)
            Self.add(withdrawals.answers[answer.id], marked: withdrawals.marked.answers.contains(answer.id), to: &digest)
            let comments = content.answerComments[answer.id] ?? []
            digest.add(word: UInt64(comments.count))
            for comment in comments {
                digest.add(word: rows?.answerComments[comment.id] ?? DigestEncoder.digest(of: comment))
                Self.add(withdrawals.answerComments[comment.id], marked: withdrawals.marked.answerComments.contains(comment.id), to: &digest)
            }
            return digest.finish()
        }
        users = Self.map(content.users, id: \.id) { user in
            var digest = ContentDigest(seed: 2)
            digest.add(word: rows?.users[user.id] ?? DigestEncoder.digest(of: user))
            digest.add(archive.avatars[user.id]?.text ?? "\u{0}")
            Self.add(nil, marked: withdrawals.marked.users.contains(user.id), to: &digest)
            return digest.finish()
        }
        let links = ArchiveLinks(archive: archive)
        topics = Self.map(content.topics, id: \.id) { topic in
            var digest = ContentDigest(seed: 3)
            digest.add(word: rows?.topics[topic.id] ?? DigestEncoder.digest(of: topic))
            let picture = topic.pic.flatMap { links.imagePath(AssetURL(content.sourceBase + "/uploads/topic/" + $0)) }
            digest.add(picture?.text ?? "\u{0}")
            return digest.finish()
        }
        articles = Self.map(content.articles, id: \.id) { article in
            var digest = ContentDigest(seed: 4)
            digest.add(word: rows?.articles[article.id] ?? DigestEncoder.digest(of: article))
            Self.add(nil, marked: withdrawals.marked.articles.contains(article.id), to: &digest)
            let comments = content.articleComments[article.id] ?? []
            digest.add(word: UInt64(comments.count))
            for comment in comments {
                digest.add(word: rows?.articleComments[comment.id] ?? DigestEncoder.digest(of: comment))
                Self.add(withdrawals.articleComments[comment.id], marked: withdrawals.marked.articleComments.contains(comment.id),
                    to: &digest)
            }
            return digest.finish()
        }
    }

    /// The author as withdrawing left it: a hidden member's post shows no author.
    private static func add(author: UserID?, anonymous: Bool, to digest: inout ContentDigest) {
        digest.add(word: UInt64(bitPattern: Int64(author?.rawValue ?? -1)))
        digest.add(tag: anonymous ? 1 : 0)
    }

    private static func add(_ withdrawal: Withdrawal?, marked: Bool, to digest: inout ContentDigest) {
        digest.add(word: UInt64(withdrawal?.rawValue ?? 0) | (marked ? 0x100 : 0))
    }

    private static func map<Entity: Sendable, ID: Hashable & Sendable>(
        _ entities: [Entity], id: @Sendable (Entity) -> ID, _ digest: @Sendable (Entity) -> UInt64
    ) -> [ID: UInt64] {
        let digests = ParallelWork.map(entities) { (id($0), digest($0)) }
        return Dictionary(digests, uniquingKeysWith: { first, _ in first })
    }
}
