import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinStore

extension ArchiveContent {
    /// The archive as the last build's rows (`kept`) with the rows written since laid over them
    /// make it: the store is asked only for the rows written since (`WrittenRows`) and its
    /// counts, in one snapshot; the kept rows are read in three parts side by side, each leaving
    /// out the rows written since and putting those in their places. Nil when the kept rows
    /// cannot serve (of another store, past its counter, damaged, or not making the store's
    /// tables with the rows written: a row removed by other means): the caller reads the store
    /// whole, and keeps its rows anew. With `digestingRows`, each part digests its tables as soon as
    /// it has them (`RowDigests.Digesting`, over `previousRows`): the digests are the content's
    /// `rowDigests`, as `RowDigests(content:previous:)` would make them.
    static func read(from store: Store, fallbackSource: URL?, bodiesUnchangedSince seen: StoreChanges, laidOver kept: ListedRows,
                     digestingRows: Bool = false, previousRows: RowDigests? = nil, savingRowsIn folder: URL?) throws -> ArchiveContent? {
        guard kept.seen.token == seen.token else { return nil }
        let read = try store.read { reader -> (Head, WrittenRows)? in
            let head = try Head(reader, seen: seen, fallbackSource: fallbackSource)
            // Kept rows from past the store's counter are of writes it no longer holds (a copy put back).
            guard case .changedAfter(let counter, _) = head.rowsRead, let now = head.now, kept.seen.counter <= now.counter else { return nil }
            // Rows written after `seen` bring their bodies, and the kept rows hold none: when they
            // are newer (the ledger is saved only when a body changed), the rows written since
            // `seen` are read from the store too.
            return (head, try reader.rowsWritten(after: min(kept.seen.counter, counter), bodiesAfter: counter))
        }
        guard let (head, written) = read else { return nil }
        let skipped = ListedRows.Skipped(written)
        let digesting = digestingRows ? RowDigests.Digesting(seen: head.now, read: head.rowsRead, previous: previousRows) : nil
        // Each part laid over in place (a copy of a table of 100,000 lists would retain every one),
        // then its tables digested while the others are still decoding.
        let parts = SideBySide.run({ () -> (ListedRows.Posts, PostDigests?)? in
            guard var posts = try? kept.posts(skipping: skipped) else { return nil }
            Self.lay(written, over: &posts)
            return (posts, digesting.map { digesting in
                (digesting.questions(posts.questions), digesting.topics(posts.topics), digesting.articles(posts.articles),
                 digesting.articleComments(posts.articleComments))
            })
        }, { () -> (ListedRows.Answers, AnswerDigests?)? in
            guard var answers = try? kept.answers(skipping: skipped) else { return nil }
            Self.lay(written, over: &answers)
            return (answers, digesting.map { ($0.answers(answers.shown), $0.users(answers.users)) })
        }, { () -> (ListedRows.Comments, RowDigestTable<AnswerCommentID>?)? in
            // The answers' comments and the assets, each section on a thread of its own.
            let (answerComments, assets) = SideBySide.run({ () -> ([AnswerID: [AnswerComment]], RowDigestTable<AnswerCommentID>?)? in
                guard var answerComments = try? kept.answerComments(skipping: skipped) else { return nil }
                Self.add(written.answerComments, to: &answerComments, by: \.answerID, ordered: ListedOrder.precedes)
                return (answerComments, digesting?.answerComments(answerComments))
            }, { () -> [AssetURL: Asset]? in
                guard var assets = try? kept.assets() else { return nil }
                for asset in written.assets { assets[asset.url] = asset }
                return assets
            })
            guard let answerComments, let assets else { return nil }
            return (ListedRows.Comments(answerComments: answerComments.0, assets: assets), answerComments.1)
        })
        guard case ((let posts, let postDigests)?, (let answers, let answerDigests)?, (let comments, let commentDigests)?) = parts,
              Self.rowsMake(head.counts, assetRows: written.assetRows, posts: posts, answers: answers, comments: comments) else { return nil }
        var content = ArchiveContent(questions: posts.questions, answers: answers.shown, answerComments: comments.answerComments,
                                     users: answers.users, topics: posts.topics, articles: posts.articles,
                                     articleComments: posts.articleComments, assets: comments.assets, counts: head.counts,
                                     sourceBase: head.source, crawlFinishedAt: head.crawlFinishedAt, storeChanges: head.now,
                                     rowsRead: head.rowsRead)
        if let digesting, let postDigests, let answerDigests, let commentDigests {
            content.rowDigests = digesting.digests(questions: postDigests.0, answers: answerDigests.0, answerComments: commentDigests,
                                                   users: answerDigests.1, topics: postDigests.1, articles: postDigests.2,
                                                   articleComments: postDigests.3)
        }
        if let folder, let now = head.now, written.count > max(4096, kept.rowCount / 32) {
            content.keepRows(orphanAnswers: answers.orphans, seen: now, in: folder)
        }
        return content
    }

    private typealias PostDigests = (RowDigestTable<QuestionID>, RowDigestTable<TopicID>, RowDigestTable<ArticleID>,
                                     RowDigestTable<ArticleCommentID>)
    private typealias AnswerDigests = (RowDigestTable<AnswerID>, RowDigestTable<UserID>)

    /// Keeps the rows as read (bodies left out) for the next build, `ListedRows`.
    func keepRows(orphanAnswers: [QuestionID: [Answer]], seen: StoreChanges, in folder: URL) {
        ListedRows.save(ListedRows.Posts(questions: questions, topics: topics, articles: articles, articleComments: articleComments),
                        ListedRows.Answers(shown: answers, orphans: orphanAnswers, users: users),
                        ListedRows.Comments(answerComments: answerComments, assets: assets), seen: seen, in: folder)
    }

    private static func lay(_ written: WrittenRows, over posts: inout ListedRows.Posts) {
        insert(written.questions, into: &posts.questions, ordered: ListedOrder.precedes)
        insert(written.topics, into: &posts.topics, ordered: ListedOrder.precedes)
        insert(written.articles, into: &posts.articles, ordered: ListedOrder.precedes)
        add(written.articleComments, to: &posts.articleComments, by: \.articleID, ordered: ListedOrder.precedes)
    }

    /// The answers and users written since in their places: a question written since has a list
    /// (its answers set apart until then join it), an answer under no stored question is set apart.
    private static func lay(_ written: WrittenRows, over answers: inout ListedRows.Answers) {
        for question in written.questions where answers.shown[question.id] == nil {
            answers.shown[question.id] = answers.orphans.removeValue(forKey: question.id) ?? []
        }
        let (shown, orphans) = (written.answers.filter { answers.shown[$0.questionID] != nil },
                                written.answers.filter { answers.shown[$0.questionID] == nil })
        add(shown, to: &answers.shown, by: \.questionID, ordered: ListedOrder.precedes)
        add(orphans, to: &answers.orphans, by: \.questionID, ordered: ListedOrder.precedes)
        insert(written.users, into: &answers.users, ordered: ListedOrder.precedes)
    }

    /// `written` put in their places in `rows` (in order): each found by halving and moved in
    /// when they are few (a move of the rows after it, nothing retained), else the two merged.
    private static func insert<Row>(_ written: [Row], into rows: inout [Row], ordered precedes: (Row, Row) -> Bool) {
        guard !written.isEmpty else { return }
        let written = written.sorted(by: precedes)
        guard written.count > 64 else {
            for row in written {
                var (low, high) = (0, rows.count)
                while low < high {
                    let middle = (low + high) / 2
                    if precedes(rows[middle], row) { low = middle + 1 } else { high = middle }
                }
                rows.insert(row, at: low)
            }
            return
        }
        var merged: [Row] = []
        merged.reserveCapacity(rows.count + written.count)
        var next = 0
        for row in rows {
            while next < written.count && precedes(written[next], row) {
                merged.append(written[next])
                next += 1
            }
            merged.append(row)
        }
        merged.append(contentsOf: written[next...])
        rows = merged
    }

    /// `written` added to their lists, each list they joined put in order.
    private static func add<Key: Hashable, Row>(_ written: [Row], to lists: inout [Key: [Row]], by key: KeyPath<Row, Key>,
                                                 ordered precedes: (Row, Row) -> Bool) {
        var joined = Set<Key>()
        for row in written {
            lists[row[keyPath: key], default: []].append(row)
            joined.insert(row[keyPath: key])
        }
        for list in joined { lists[list]?.sort(by: precedes) }
    }

    /// Whether the rows make up the store's tables as it counts them: a row removed from the
    /// store by other means than a build knows (rows are never deleted, `StoreChanges`) would
    /// stay among the kept ones.
    private static func rowsMake(_ counts: StoreCounts, assetRows: Int, posts: ListedRows.Posts, answers: ListedRows.Answers,
                                 comments: ListedRows.Comments) -> Bool {
        func total<Key, Row>(_ lists: [Key: [Row]]) -> Int { lists.values.reduce(0) { $0 + $1.count } }
        return posts.questions.count == counts.questions && posts.topics.count == counts.topics && posts.articles.count == counts.articles
            && total(posts.articleComments) == counts.articleComments && total(answers.shown) + total(answers.orphans) == counts.answers
            && answers.users.count == counts.users && total(comments.answerComments) == counts.comments
            && comments.assets.count == assetRows
    }
}

extension ListedRows.Skipped {
    init(_ written: WrittenRows) {
        func ids<Row: Identifiable>(_ rows: [Row]) -> Set<Int> where Row.ID: EntityID { Set(rows.map(\.id.rawValue)) }
        self.init(questions: ids(written.questions), answers: ids(written.answers), answerComments: ids(written.answerComments),
                  users: ids(written.users), topics: ids(written.topics), articles: ids(written.articles),
                  articleComments: ids(written.articleComments))
    }
}
