import WenjinBuildSupport
import WenjinModel

/// A digest of every entity of the archive as pages show it, so a page's fingerprint
/// (`PageRenderer.fingerprint(of:)`) is a handful of lookups, not a view model. Each digest
/// covers every stored field (the row's digest, `RowDigests`, kept between builds; or, without
/// them, the entity through `DigestEncoder`), what withdrawing changed of it
/// (`ArchiveContent.withdrawing`: an author hidden, a post or comment emptied to a notice),
/// plus what the entity brings along wherever it is shown: an answer its comments, an article
/// its comments, a user their avatar's local file, a topic its picture's.
///
/// Each kind is a table sorted by ID (`RowDigestTable`), so `InputValues` takes its values in
/// key order as they lie. A rebuild starts from the last build's tables (`EntityDigestState`)
/// and digests again only the entities its changed rows touch (`EntityDigests+Changes`).
struct EntityDigests: Sendable {
    var questions = RowDigestTable<QuestionID>()
    var answers = RowDigestTable<AnswerID>()
    var users = RowDigestTable<UserID>()
    var topics = RowDigestTable<TopicID>()
    var articles = RowDigestTable<ArticleID>()

    init() {}

    /// Every entity of `archive`'s content (whose raw bodies are already dropped: pages show
    /// bodies through `SanitizedBodies.digest`, which also covers where their links lead).
    init(archive: ArchiveLookup, rows: RowDigests? = nil) {
        let digester = Digester(archive: archive, rows: rows)
        let content = archive.content
        let answerList = content.questions.flatMap { content.answers[$0.id] ?? [] }
        questions = Self.table(content.questions, id: \.id, digester.question)
        answers = Self.table(answerList, id: \.id, digester.answer)
        users = Self.table(content.users, id: \.id, digester.user)
        topics = Self.table(content.topics, id: \.id, digester.topic)
        articles = Self.table(content.articles, id: \.id, digester.article)
    }

    /// Each entity's digest from its row's and what withdrawing and the archive's files add.
    struct Digester: Sendable {
        let archive: ArchiveLookup
        let rows: RowDigests?
        let links: ArchiveLinks

        init(archive: ArchiveLookup, rows: RowDigests?) {
            self.archive = archive
            self.rows = rows
            links = ArchiveLinks(archive: archive)
        }

        private var withdrawals: Withdrawals { archive.content.withdrawals }

        func question(_ question: Question) -> UInt64 {
            var digest = ContentDigest(seed: 5)
            digest.add(word: rows?.questions[question.id] ?? DigestEncoder.digest(of: question))
            EntityDigests.add(author: question.askerID, anonymous: question.isAnonymous, to: &digest)
            EntityDigests.add(nil, marked: withdrawals.marked.questions.contains(question.id), to: &digest)
            return digest.finish()
        }

        func answer(_ answer: Answer) -> UInt64 {
            var digest = ContentDigest(seed: 1)
            digest.add(word: rows?.answers[answer.id] ?? DigestEncoder.digest(of: answer))
            EntityDigests.add(author: answer.authorID, anonymous: answer.isAnonymous, to: &digest)
            EntityDigests.add(withdrawals.answers[answer.id], marked: withdrawals.marked.answers.contains(answer.id), to: &digest)
            let comments = archive.content.answerComments[answer.id] ?? []
            digest.add(word: UInt64(comments.count))
            for comment in comments {
                digest.add(word: rows?.answerComments[comment.id] ?? DigestEncoder.digest(of: comment))
                EntityDigests.add(withdrawals.answerComments[comment.id], marked: withdrawals.marked.answerComments.contains(comment.id),
                                  to: &digest)
            }
            return digest.finish()
        }

        func user(_ user: User) -> UInt64 {
            var digest = ContentDigest(seed: 2)
            digest.add(word: rows?.users[user.id] ?? DigestEncoder.digest(of: user))
            digest.add(archive.avatars[user.id]?.text ?? "\u{0}")
            EntityDigests.add(nil, marked: withdrawals.marked.users.contains(user.id), to: &digest)
            return digest.finish()
        }

        func topic(_ topic: Topic) -> UInt64 {
            var digest = ContentDigest(seed: 3)
            digest.add(word: rows?.topics[topic.id] ?? DigestEncoder.digest(of: topic))
            let picture = topic.pic.flatMap { links.imagePath(AssetURL(archive.content.sourceBase + "/uploads/topic/" + $0)) }
            digest.add(picture?.text ?? "\u{0}")
            return digest.finish()
        }

        func article(_ article: Article) -> UInt64 {
            var digest = ContentDigest(seed: 4)
            digest.add(word: rows?.articles[article.id] ?? DigestEncoder.digest(of: article))
            EntityDigests.add(nil, marked: withdrawals.marked.articles.contains(article.id), to: &digest)
            let comments = archive.content.articleComments[article.id] ?? []
            digest.add(word: UInt64(comments.count))
            for comment in comments {
                digest.add(word: rows?.articleComments[comment.id] ?? DigestEncoder.digest(of: comment))
                EntityDigests.add(withdrawals.articleComments[comment.id], marked: withdrawals.marked.articleComments.contains(comment.id),
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

    /// The digests of `entities` on every core, as a table sorted by ID (of two entities with
    /// one ID the first is kept, as a lookup by ID finds it).
    static func table<Entity: Sendable, ID: EntityID>(
        _ entities: [Entity], id: @Sendable (Entity) -> ID, _ digest: @Sendable (Entity) -> UInt64
    ) -> RowDigestTable<ID> {
        let pairs = ParallelWork.map(entities) { (id: id($0).rawValue, digest: digest($0)) }
        return RowDigestTable(pairs)
    }
}
