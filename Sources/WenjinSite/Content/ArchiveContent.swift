import Foundation
import WenjinModel
import WenjinStore

/// Everything a build shows, read from the store in one snapshot, in the orders pages list it.
///
/// Read once, up front, so rendering (on both cores) never waits on the store's single
/// connection, and so one build sees one consistent state of the archive.
struct ArchiveContent: Sendable {
    /// Most recently answered first (the archive's index order).
    var questions: [Question]
    /// Per question, in the API's order (most agreed first).
    var answers: [QuestionID: [Answer]]
    /// Per answer, oldest first.
    var answerComments: [AnswerID: [AnswerComment]]
    /// By ID.
    var users: [User]
    /// Most discussed first.
    var topics: [Topic]
    /// Newest first.
    var articles: [Article]
    var articleComments: [ArticleID: [ArticleComment]]
    var assets: [AssetURL: Asset]
    var counts: StoreCounts
    /// The community's base URL, without a trailing slash (`http://wenjin.in`).
    var sourceBase: String
    /// When the last crawl finished, as the store recorded it (ISO 8601), if it did.
    var crawlFinishedAt: String?
    /// What the archive withholds of the store (takedowns, deletions); see `withdrawing`.
    var withdrawals = Withdrawals()
    /// Where the store's change counter stood in this snapshot (nil for a store without one).
    var storeChanges: StoreChanges?
    /// Which rows count as changed for this build: all, or those written after a counter (the
    /// others' bodies were not read).
    var rowsRead = RowsRead.all
    /// The digests of the rows as read (`readPublished` with `digestingRows`), for `EntityDigests`;
    /// a build takes them out (`withoutRawBodies`) so they are let go once used.
    var rowDigests: RowDigests?

    /// The same archive without the raw bodies, once they are sanitized: pages and indexes
    /// only use the sanitized HTML and texts, and large archives should not hold both.
    func withoutRawBodies() -> ArchiveContent {
        var copy = self
        copy.dropRawBodies()
        return copy
    }

    /// Lets go of the raw bodies in place, and of the row digests. Only bodies the read brought
    /// are written: a rebuild's read brings few (`rowsRead`), and copying every question and
    /// answer to empty bodies that are already empty cost a 100,000-question rebuild 0.1 s; a
    /// table none of whose rows changed brought none and is not walked.
    mutating func dropRawBodies() {
        if rowsRead.broughtBodies(.questions) {
            for position in questions.indices where !questions[position].detailHTML.isEmpty { questions[position].detailHTML = "" }
        }
        if rowsRead.broughtBodies(.answers) {
            for list in answers.values.indices {
                for position in answers.values[list].indices where !answers.values[list][position].contentHTML.isEmpty {
                    answers.values[list][position].contentHTML = ""
                }
            }
        }
        if rowsRead.broughtBodies(.articles) {
            for position in articles.indices where !articles[position].messageHTML.isEmpty { articles[position].messageHTML = "" }
        }
        rowDigests = nil
    }

    /// Reads the archive; `fallbackSource` is used when the store does not record its source.
    /// With `bodiesUnchangedSince` (the counter a previous build saw, docs/design.md#store), only
    /// the bodies of rows written after it are read, when the store's counter is that one's; with
    /// `keptRows` too (the last build's rows, `ListedRows`), only the rows written since those
    /// were read, laid over them, and with `digestingRows` their digests made as they come (over
    /// `previousRows`; a whole read leaves `rowDigests` to its caller). With `savingRowsIn`, the
    /// rows are kept there for the next build when they were read whole or the kept ones fell far behind.
    static func read(from store: Store, fallbackSource: URL?, bodiesUnchangedSince seen: StoreChanges? = nil,
                     keptRows: ListedRows? = nil, digestingRows: Bool = false, previousRows: RowDigests? = nil,
                     savingRowsIn folder: URL? = nil) throws -> ArchiveContent {
        if let seen, let keptRows, let content = try read(from: store, fallbackSource: fallbackSource, bodiesUnchangedSince: seen,
                                                          laidOver: keptRows, digestingRows: digestingRows, previousRows: previousRows,
                                                          savingRowsIn: folder) {
            return content
        }
        // On three connections at once in one snapshot (`Store.readSideBySide`): the questions and
        // everything but the answers and their comments on one, the answers on another, their
        // comments (as many rows) on the third.
        var (content, answers, comments) = try store.readSideBySide({ reader in
            let head = try Head(reader, seen: seen, fallbackSource: fallbackSource)
            let after = head.rowsRead.counter
            return ArchiveContent(
                questions: try reader.questions(bodiesChangedAfter: after), answers: [:], answerComments: [:], users: try reader.users(),
                topics: try reader.topics(), articles: try reader.articles(bodiesChangedAfter: after),
                articleComments: try reader.commentsByArticle(), assets: try reader.assetsByURL(), counts: head.counts,
                sourceBase: head.source, crawlFinishedAt: head.crawlFinishedAt, storeChanges: head.now, rowsRead: head.rowsRead)
        }, { reader in
            let after = Self.counter(after: seen, now: try reader.changes()) ?? 0
            // One query for every answer, not one per question; the lists completed here too.
            return Self.answerLists(try reader.answersByQuestion(bodiesChangedAfter: after), of: try reader.questionIDs())
        }, { reader in
            try reader.commentsByAnswer()
        })
        content.answers = answers.shown
        content.answerComments = consume comments
        if let folder, let now = content.storeChanges {
            content.keepRows(orphanAnswers: answers.orphans, seen: now, in: folder)
        }
        return content
    }

    /// What every read takes from the store besides the rows, at the start of its snapshot.
    struct Head {
        /// Where the store's counter stands (nil for a store without one).
        var now: StoreChanges?
        var rowsRead: RowsRead
        var source: String
        var crawlFinishedAt: String?
        var counts: StoreCounts

        init(_ reader: StoreReader, seen: StoreChanges?, fallbackSource: URL?) throws {
            now = try reader.changes()
            rowsRead = .all
            if let counter = ArchiveContent.counter(after: seen, now: now) {
                var changed: [StoreChanges.Table: Set<Int>] = [:]
                for table in StoreChanges.Table.allCases { changed[table] = Set(try reader.changedRows(of: table, after: counter).keys) }
                rowsRead = .changedAfter(counter, changed)
            }
            var source = try reader.meta(.sourceURL) ?? fallbackSource?.absoluteString ?? "http://wenjin.in"
            // A store crawled before `user:password@` was refused may still carry one: never publish it.
            if var components = URLComponents(string: source), components.user != nil || components.password != nil {
                (components.user, components.password) = (nil, nil)
                source = components.string ?? source
            }
            while source.hasSuffix("/") { source.removeLast() }
            self.source = source
            crawlFinishedAt = try reader.meta(.crawlFinishedAt)
            counts = try reader.counts()
        }
    }

    /// Every question's answers, an empty list for one without: the read's table completed in
    /// place, not copied into a new one (a table of 100,000 lists hashed again at every build).
    /// Answers are shown under their question only: a list whose question is not stored is left
    /// out of `shown` (and kept in `orphans`, for `ListedRows`).
    private static func answerLists(_ stored: consuming [QuestionID: [Answer]], of questions: [QuestionID])
        -> (shown: [QuestionID: [Answer]], orphans: [QuestionID: [Answer]]) {
        let storedLists = stored.count
        var lists = consume stored
        lists.reserveCapacity(questions.count)
        var matched = 0
        for question in questions {
            if lists[question] == nil { lists[question] = [] } else { matched += 1 }
        }
        // Usually every stored list has its question; otherwise the rest are set apart.
        guard matched < storedLists else { return (lists, [:]) }
        let shown = Set(questions)
        return (lists.filter { shown.contains($0.key) }, lists.filter { !shown.contains($0.key) })
    }

    /// The counter after which rows count as changed (and bring their bodies): `seen`'s, when the
    /// store's counter is that one, moved on or not (docs/design.md#store); nil when all do.
    static func counter(after seen: StoreChanges?, now: StoreChanges?) -> Int? {
        guard let seen, let now, seen.token == now.token, seen.counter <= now.counter else { return nil }
        return seen.counter
    }
}

/// Which rows `ArchiveContent.read` counts as changed: every one, or those written after a
/// counter (by table); only changed rows bring their bodies, the others' are empty in the
/// content and known to be as they were when the counter was read.
enum RowsRead: Sendable {
    case all
    case changedAfter(Int, [StoreChanges.Table: Set<Int>])

    var counter: Int {
        switch self {
        case .all: 0
        case .changedAfter(let counter, _): counter
        }
    }

    /// Whether the read may have brought bodies of `table`'s rows: only changed rows bring theirs.
    func broughtBodies(_ table: StoreChanges.Table) -> Bool {
        changedIDs(table).map { !$0.isEmpty } ?? true
    }

    /// Whether the read brought the bodies of at most `fewBodies` rows (a rebuild's): few
    /// enough to be held through a build beside their sanitized forms.
    var broughtFewBodies: Bool {
        guard case .changedAfter(_, let changed) = self else { return false }
        return [.questions, .answers, .articles].reduce(0) { $0 + (changed[$1]?.count ?? 0) } <= Self.fewBodies
    }

    /// A few megabytes of HTML at most, for bodies of a few kilobytes.
    static let fewBodies = 4096

    /// The IDs of `table`'s rows written since the counter; nil when every row counts as changed.
    func changedIDs(_ table: StoreChanges.Table) -> Set<Int>? {
        switch self {
        case .all: nil
        case .changedAfter(_, let changed): changed[table] ?? []
        }
    }
}
