import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinStore

extension ArchiveContent {
    /// The archive as the last build's rows (`kept`) with the rows written since laid over them
    /// make it: the store is asked only for the rows written since (`WrittenRows`) and its
    /// counts, in one snapshot; the kept rows are read in three parts side by side, each leaving
    /// out the rows written since and putting those in their places. Nil when the kept rows
    /// cannot serve (of another store, damaged, or not making the store's tables with the rows
    /// written: a row removed by other means): the caller reads the store whole.
    static func read(from store: Store, fallbackSource: URL?, bodiesUnchangedSince seen: StoreChanges, laidOver kept: ListedRows,
                     savingRowsIn folder: URL?) throws -> ArchiveContent? {
        guard kept.seen.token == seen.token else { return nil }
        let read = try store.read { reader -> (Head, WrittenRows)? in
            let head = try Head(reader, seen: seen, fallbackSource: fallbackSource)
            guard case .changedAfter(let counter, _) = head.rowsRead else { return nil }
            // Rows written after `seen` bring their bodies, and the kept rows hold none: when they
            // are newer (the ledger is saved only when a body changed), the rows written since
            // `seen` are read from the store too.
            return (head, try reader.rowsWritten(after: min(kept.seen.counter, counter), bodiesAfter: counter))
        }
        guard let (head, written) = read else { return nil }
        let skipped = ListedRows.Skipped(questions: Set(written.questions.map(\.id.rawValue)), users: Set(written.users.map(\.id.rawValue)),
                                         topics: Set(written.topics.map(\.id.rawValue)), articles: Set(written.articles.map(\.id.rawValue)),
                                         articleComments: Set(written.articleComments.map(\.id.rawValue)))
        // Each part patched in place: a copy of a table of 100,000 lists would retain every one.
        let (posts, answers, comments) = SideBySide.run({ () -> ListedRows.Posts? in
            guard var posts = try? kept.posts(skipping: skipped) else { return nil }
            Self.lay(written, over: &posts)
            return posts
        }, { () -> ListedRows.AnswerLists? in
            guard var answers = try? kept.answers(skipping: Set(written.answers.map(\.id.rawValue))) else { return nil }
            Self.lay(written, over: &answers)
            return answers
        }, { () -> [AnswerID: [AnswerComment]]? in
            guard var comments = try? kept.answerComments(skipping: Set(written.answerComments.map(\.id.rawValue))) else { return nil }
            Self.add(written.answerComments, to: &comments, by: \.answerID, ordered: ListedOrder.precedes)
            return comments
        })
        guard let posts, let answers, let comments,
              Self.rowsMake(head.counts, assetRows: written.assetRows, posts: posts, answers: answers, comments: comments) else { return nil }
        if let folder, let now = head.now, written.count > max(4096, kept.rowCount / 32) {
            ListedRows.save(posts, answers, comments, seen: now, in: folder)
        }
        return ArchiveContent(questions: posts.questions, answers: answers.shown, answerComments: comments, users: posts.users,
                              topics: posts.topics, articles: posts.articles, articleComments: posts.articleComments, assets: posts.assets,
                              counts: head.counts, sourceBase: head.source, crawlFinishedAt: head.crawlFinishedAt, storeChanges: head.now,
                              rowsRead: head.rowsRead)
    }

    private static func lay(_ written: WrittenRows, over posts: inout ListedRows.Posts) {
        posts.questions = merged(posts.questions, written.questions, ordered: ListedOrder.precedes)
        posts.users = merged(posts.users, written.users, ordered: ListedOrder.precedes)
        posts.topics = merged(posts.topics, written.topics, ordered: ListedOrder.precedes)
        posts.articles = merged(posts.articles, written.articles, ordered: ListedOrder.precedes)
        add(written.articleComments, to: &posts.articleComments, by: \.articleID, ordered: ListedOrder.precedes)
        for asset in written.assets { posts.assets[asset.url] = asset }
    }

    /// The answers with those written since in their lists: a question written since has a list
    /// (its answers set apart until then join it), an answer under no stored question is set apart.
    private static func lay(_ written: WrittenRows, over lists: inout ListedRows.AnswerLists) {
        for question in written.questions where lists.shown[question.id] == nil {
            lists.shown[question.id] = lists.orphans.removeValue(forKey: question.id) ?? []
        }
        let (shown, orphans) = (written.answers.filter { lists.shown[$0.questionID] != nil },
                                written.answers.filter { lists.shown[$0.questionID] == nil })
        add(shown, to: &lists.shown, by: \.questionID, ordered: ListedOrder.precedes)
        add(orphans, to: &lists.orphans, by: \.questionID, ordered: ListedOrder.precedes)
    }

    /// `kept` (in order) with `written` put in their places.
    private static func merged<Row>(_ kept: [Row], _ written: [Row], ordered precedes: (Row, Row) -> Bool) -> [Row] {
        guard !written.isEmpty else { return kept }
        let written = written.sorted(by: precedes)
        var merged: [Row] = []
        merged.reserveCapacity(kept.count + written.count)
        var next = 0
        for row in kept {
            while next < written.count && precedes(written[next], row) {
                merged.append(written[next])
                next += 1
            }
            merged.append(row)
        }
        merged.append(contentsOf: written[next...])
        return merged
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
    private static func rowsMake(_ counts: StoreCounts, assetRows: Int, posts: ListedRows.Posts, answers: ListedRows.AnswerLists,
                                 comments: [AnswerID: [AnswerComment]]) -> Bool {
        func total<Key, Row>(_ lists: [Key: [Row]]) -> Int { lists.values.reduce(0) { $0 + $1.count } }
        return posts.questions.count == counts.questions && posts.users.count == counts.users && posts.topics.count == counts.topics
            && posts.articles.count == counts.articles && total(posts.articleComments) == counts.articleComments
            && posts.assets.count == assetRows && total(answers.shown) + total(answers.orphans) == counts.answers
            && total(comments) == counts.comments
    }
}
