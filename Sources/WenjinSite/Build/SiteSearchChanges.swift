import WenjinBuildSupport
import WenjinModel
import WenjinSearch
import WenjinStore

/// What the search index published with an output was made from, beyond the build's seed:
/// the store's change counter and token it saw, the digest of everything links resolve against
/// (`LinkTargets`, which also names every question, answer, article, user and topic shown) and
/// of the withdrawals (`EntityDigests.context`). Published beside the index's state, so a
/// rebuild into the same output can tell its changed documents from the rows written since: the
/// state in the store's folder cannot, since a build into another output (a preview, a copy)
/// moves it on without this output's index.
struct SearchBasis: Equatable {
    var changes: StoreChanges
    var linkTargets: UInt64
    var withdrawals: UInt64

    /// This build's, from its content and its bodies' link targets; nil for a store without a counter.
    init?(content: ArchiveContent, linkTargets: UInt64) {
        guard let changes = content.storeChanges else { return nil }
        self.changes = changes
        self.linkTargets = linkTargets
        withdrawals = EntityDigests.context(of: content)
    }

    private static let version = "search-basis 1"

    /// Reads what `sidecar` wrote; nil for anything else.
    init?(sidecar bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 6, lines[0] == Self.version, lines[5].isEmpty, !lines[1].isEmpty,
              let counter = Int(lines[2]), let linkTargets = UInt64(lines[3]), let withdrawals = UInt64(lines[4]) else { return nil }
        changes = StoreChanges(token: String(lines[1]), counter: counter)
        self.linkTargets = linkTargets
        self.withdrawals = withdrawals
    }

    var sidecar: [UInt8] {
        Array("\(Self.version)\n\(changes.token)\n\(changes.counter)\n\(linkTargets)\n\(withdrawals)\n".utf8)
    }
}

/// The search documents that may differ from those of the index made under `basis`: the
/// documents of rows written since (a question's with its answers', whose documents show its
/// title; an answer's with its question's, whose weight counts them), and every document a
/// withdrawal emptied (made from rows withdrawing hides, so cheaply digested again). Sources
/// and documents are made as `SiteSearchDocuments` makes them, for these only.
struct SiteSearchChanges: Sendable {
    private enum Made: Sendable {
        case question(Question, answerCount: Int)
        case answer(Answer, of: Question)
        case article(Article)
        case emptied(key: UInt64, SearchDocument)
        case topic(Topic)
        case user(User)
    }

    private let made: [Made]
    private let bodies: SanitizedBodies
    let sources: [SearchSource]
    /// Every document of the archive, changed or not.
    let count: Int

    /// Nil unless the rows this build read as changed include every row written since the
    /// index's `basis` (the same store token, a counter at or before the basis's), and the link
    /// targets and withdrawals are the basis's: then no document changed but those of changed
    /// rows, and the documents are the same ones under the same keys.
    init?(archive: ArchiveLookup, bodies: SanitizedBodies, basis: SearchBasis, now: SearchBasis) {
        let content = archive.content
        guard case .changedAfter(let counter, _) = content.rowsRead, basis.changes.token == now.changes.token,
              counter <= basis.changes.counter, basis.changes.counter <= now.changes.counter,
              basis.linkTargets == now.linkTargets, basis.withdrawals == now.withdrawals else { return nil }
        func changed(_ table: StoreChanges.Table) -> [Int] { (content.rowsRead.changedIDs(table) ?? []).sorted() }
        var made: [Made] = []
        // A changed answer's document comes with its question's; one whose question is not shown has none.
        var questions = Set(changed(.questions).map(QuestionID.init))
        for answer in changed(.answers) { if let question = archive.questionOfAnswer[AnswerID(answer)] { questions.insert(question) } }
        for id in questions.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let question = archive.questionsByID[id] else { continue }
            let answers = content.answers[id] ?? []
            made.append(.question(question, answerCount: answers.count))
            made += answers.map { .answer($0, of: question) }
        }
        made += changed(.articles).compactMap { archive.articlesByID[ArticleID($0)].map(Made.article) }
        made += content.withdrawals.emptiedDocuments.map { .emptied(key: $0.key, $0.document) }
        made += changed(.topics).compactMap { archive.topicsByID[TopicID($0)].map(Made.topic) }
        made += changed(.users).compactMap { archive.usersByID[UserID($0)].map(Made.user) }
        sources = made.map { made in
            switch made {
            case .question(let question, let answerCount):
                SiteSearchDocuments.source(question, title: SiteSearchDocuments.titleDigest(question), answerCount: answerCount,
                                           bodies: bodies)
            case .answer(let answer, let question):
                SiteSearchDocuments.source(answer, of: question, title: SiteSearchDocuments.titleDigest(question), bodies: bodies)
            case .article(let article): SiteSearchDocuments.source(article, bodies: bodies)
            case .emptied(let key, let document): SiteSearchDocuments.source((key, document))
            case .topic(let topic): SiteSearchDocuments.source(topic)
            case .user(let user): SiteSearchDocuments.source(user)
            }
        }
        self.made = made
        self.bodies = bodies
        count = SiteSearchDocuments.count(of: content)
    }

    /// The document of `sources[index]`.
    func document(_ index: Int) -> SearchDocument {
        switch made[index] {
        case .question(let question, let answerCount): SiteSearchDocuments.document(question, answerCount: answerCount, bodies: bodies)
        case .answer(let answer, let question): SiteSearchDocuments.document(answer, of: question, bodies: bodies)
        case .article(let article): SiteSearchDocuments.document(article, bodies: bodies)
        case .emptied(_, let document): document
        case .topic(let topic): SiteSearchDocuments.document(topic)
        case .user(let user): SiteSearchDocuments.document(user)
        }
    }
}
