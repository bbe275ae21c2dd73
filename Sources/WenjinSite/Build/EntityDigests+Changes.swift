import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinStore

extension EntityDigests {
    /// The entities' digests for this build: the last build's (`EntityDigestState`) with those
    /// of the entities the rows written since touch digested again, when that state saw this
    /// store at or after the counter the read started from, under the same program and the same
    /// withdrawals; else every entity's, with a progress note when the file could not be used
    /// and the read itself was partial (a full read has said so already). The state is saved
    /// again when it moved on.
    static func make(archive: ArchiveLookup, rows: RowDigests?, stateFolder: URL, progress: any BuildProgress) -> EntityDigests {
        let content = archive.content
        let previous = EntityDigestState.load(from: stateFolder)
        let context = Self.context(of: content)
        if let changes = Changes(content: content, rows: rows, previous: previous, context: context),
           let (updated, patches) = changes.apply(archive: archive, rows: rows) {
            if updated.seen != previous?.seen || !changes.isEmpty { updated.save(in: stateFolder, patches: patches) }
            return updated.entities
        }
        // Other withdrawals are what a takedown brings, not a fault: no note for them.
        if case .changedAfter = content.rowsRead, previous.map({ $0.context == context }) ?? true {
            progress.note(previous == nil
                ? "no readable entity digests from an earlier build: digesting every entity"
                : "the entity digests of the last build do not fit this store or program: digesting every entity")
        }
        let entities = EntityDigests(archive: archive, rows: rows)
        if let seen = content.storeChanges {
            let (answerParents, articleParents) = Self.commentParents(content)
            EntityDigestState(seen: seen, program: PageFingerprint.programIdentity, context: context, entities: entities,
                              answerCommentParents: answerParents, articleCommentParents: articleParents).save(in: stateFolder)
        }
        return entities
    }

    private static func commentParents(_ content: ArchiveContent)
        -> (RowDigestTable<AnswerCommentID>, RowDigestTable<ArticleCommentID>) {
        (RowDigestTable(content.answerComments.values.joined().map { ($0.id.rawValue, UInt64(bitPattern: Int64($0.answerID.rawValue))) }),
         RowDigestTable(content.articleComments.values.joined().map {
             ($0.id.rawValue, UInt64(bitPattern: Int64($0.articleID.rawValue)))
         }))
    }

    /// What the digests depend on beyond the rows: everything withdrawing applies (takedowns,
    /// deletions upstream under the site's policy) and the source's address (avatars' and
    /// topic pictures' paths are made from it). Any change, and every entity is digested again.
    static func context(of content: ArchiveContent) -> UInt64 {
        let withdrawals = content.withdrawals
        var digest = ContentDigest(seed: 21)
        digest.add(content.sourceBase)
        func add<ID: EntityID>(_ table: [ID: Withdrawal]) {
            digest.add(word: UInt64(table.count))
            for (id, withdrawal) in table.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                digest.add(word: UInt64(bitPattern: Int64(id.rawValue)))
                digest.add(tag: withdrawal.rawValue)
            }
        }
        func add<ID: EntityID>(_ set: Set<ID>) {
            digest.add(word: UInt64(set.count))
            for id in set.map(\.rawValue).sorted() { digest.add(word: UInt64(bitPattern: Int64(id))) }
        }
        func add(_ deleted: DeletedContent) {
            add(deleted.questions)
            add(deleted.answers)
            add(deleted.answerComments)
            add(deleted.articles)
            add(deleted.articleComments)
            add(deleted.users)
        }
        add(withdrawals.questions)
        add(withdrawals.articles)
        add(withdrawals.users)
        add(withdrawals.answers)
        add(withdrawals.answerComments)
        add(withdrawals.articleComments)
        add(withdrawals.gone)
        add(withdrawals.marked)
        add(withdrawals.hiddenUsers)
        for texts in [withdrawals.hiddenUserNames.sorted(), withdrawals.removedImages.map(\.rawValue).sorted()] {
            digest.add(word: UInt64(texts.count))
            for text in texts { digest.add(text) }
        }
        return digest.finish()
    }

    /// The entities whose digest may differ from the last build's: those whose row was written
    /// since, an answer's or article's whose comment was (the comment's parent then and now),
    /// a question's answers when the question's row was (an answer is shown only once its
    /// question is stored), and every user and topic when an asset row was (their avatar's and
    /// picture's paths).
    private struct Changes {
        let previous: EntityDigestState
        let seen: StoreChanges
        let context: UInt64
        var questions: Set<Int>
        var answers: Set<Int>
        var users: Set<Int>?
        var topics: Set<Int>?
        var articles: Set<Int>
        let answerParents: RowDigestTable<AnswerCommentID>
        let articleParents: RowDigestTable<ArticleCommentID>
        /// What changed in the parents' tables, for the journal.
        let parentPatches: [EntityDigestJournal.Patch]

        var isEmpty: Bool {
            questions.isEmpty && answers.isEmpty && users?.isEmpty == true && topics?.isEmpty == true && articles.isEmpty
        }

        /// Nil when the last build's state cannot be brought up to date from the rows read.
        init?(content: ArchiveContent, rows: RowDigests?, previous: EntityDigestState?, context: UInt64) {
            guard let previous, rows != nil, let now = content.storeChanges, case .changedAfter(let counter, _) = content.rowsRead,
                  previous.program == PageFingerprint.programIdentity, previous.context == context, previous.seen.token == now.token,
                  counter <= previous.seen.counter, previous.seen.counter <= now.counter else { return nil }
            self.previous = previous
            self.context = context
            seen = now
            let changed = { content.rowsRead.changedIDs($0) ?? [] }
            questions = changed(.questions)
            answers = changed(.answers)
            articles = changed(.articles)
            let assetsChanged = !changed(.assets).isEmpty
            // A hidden or gone member's avatar leaves the archive's assets when withdrawing (their row
            // is not among the content's users), and with it the path of any shown member who shares
            // that picture: a change to such a member's row digests every user again.
            let withheldMembers = content.withdrawals.hiddenUsers.union(content.withdrawals.gone.users)
            let withheldMemberChanged = changed(.users).contains { withheldMembers.contains(UserID($0)) }
            users = assetsChanged || withheldMemberChanged ? nil : changed(.users)
            topics = assetsChanged ? nil : changed(.topics)
            for question in questions { answers.formUnion((content.answers[QuestionID(question)] ?? []).map(\.id.rawValue)) }
            let (answerParents, movedAnswers, answerPatch) = Self.parents(
                changed: changed(.answerComments), previous: previous.answerCommentParents,
                current: content.answerComments.values.joined(), id: \.id.rawValue, parent: \.answerID.rawValue)
            let (articleParents, movedArticles, articlePatch) = Self.parents(
                changed: changed(.articleComments), previous: previous.articleCommentParents,
                current: content.articleComments.values.joined(), id: \.id.rawValue, parent: \.articleID.rawValue)
            answers.formUnion(movedAnswers)
            articles.formUnion(movedArticles)
            self.answerParents = answerParents
            self.articleParents = articleParents
            parentPatches = [answerPatch, articlePatch]
            // A comment the parents' table lacks, holds in excess or under another parent: the state
            // is not this archive's. Not by count alone: withdrawing can bring a comment in and leave
            // another out with neither row written (its answer kept or dropped with its question).
            // The answers' comments' two sides (a million pairs each at 100,000 questions) on a core each.
            let (kept, shown) = SideBySide.run({ Self.pairSum(answerParents) }, {
                Self.pairSum(content.answerComments, id: { $0.id.rawValue }, parent: { $0.answerID.rawValue })
            })
            guard kept == shown,
                  Self.pairSum(articleParents) == Self.pairSum(content.articleComments, id: { $0.id.rawValue },
                                                               parent: { $0.articleID.rawValue })
            else { return nil }
        }

        /// An order-free digest of (comment, parent) pairs: equal for the same set of pairs.
        private static func pairDigest(_ id: Int, _ parent: Int) -> UInt64 {
            var digest = ContentDigest(seed: 22)
            digest.add(word: UInt64(bitPattern: Int64(id)))
            digest.add(word: UInt64(bitPattern: Int64(parent)))
            return digest.finish()
        }

        private static func pairSum<ID: EntityID>(_ table: RowDigestTable<ID>) -> UInt64 {
            stride(from: 0, to: table.words.count, by: 2).reduce(UInt64(0)) {
                $0 &+ pairDigest(Int(Int64(bitPattern: table.words[$1])), Int(Int64(bitPattern: table.words[$1 + 1])))
            }
        }

        /// The archive's side, each comment's two numbers read where it lies: taking the comments
        /// out of their lists (`values.joined()`) copied each one, retaining every text it holds,
        /// which was most of this check's 0.05 s at 100,000 questions.
        private static func pairSum<Parent, Comment>(_ lists: [Parent: [Comment]], id: (borrowing Comment) -> Int,
                                                     parent: (borrowing Comment) -> Int) -> UInt64 {
            var sum: UInt64 = 0
            for list in lists.values {
                list.withUnsafeBufferPointer { comments in
                    for index in comments.indices { sum &+= pairDigest(id(comments[index]), parent(comments[index])) }
                }
            }
            return sum
        }

        /// The parents' table patched with the changed comments, the parents they had and have, and the patch.
        private static func parents<Comment, ID: EntityID>(
            changed: Set<Int>, previous: RowDigestTable<ID>, current: some Sequence<Comment>, id: (Comment) -> Int,
            parent: (Comment) -> Int
        ) -> (RowDigestTable<ID>, Set<Int>, EntityDigestJournal.Patch) {
            guard !changed.isEmpty else { return (previous, [], EntityDigestJournal.Patch()) }
            var touched = Set<Int>()
            for id in changed { if let old = previous[ID(id)] { touched.insert(Int(Int64(bitPattern: old))) } }
            var now: [Int: Int] = [:]
            for comment in current where changed.contains(id(comment)) { now[id(comment)] = parent(comment) }
            touched.formUnion(now.values)
            let fresh = now.sorted { $0.key < $1.key }.map { (id: $0.key, digest: UInt64(bitPattern: Int64($0.value))) }
            let removed = changed.filter { now[$0] == nil }.sorted()
            let freshTable = RowDigestTable<ID>(fresh)
            return (previous.patched(with: freshTable, removing: removed), touched,
                    EntityDigestJournal.Patch(fresh: freshTable.words, removed: removed))
        }

        /// The last build's state with the touched entities digested again, and what changed in
        /// each table (nil when a table was digested whole); nil when what results does not hold
        /// exactly the archive's entities.
        func apply(archive: ArchiveLookup, rows: RowDigests?) -> (EntityDigestState, [EntityDigestJournal.Patch]?)? {
            let content = archive.content
            let digester = EntityDigests.Digester(archive: archive, rows: rows)
            var entities = previous.entities
            var patches: [EntityDigestJournal.Patch]? = []
            func patch<Entity: Sendable, ID: EntityID>(_ table: RowDigestTable<ID>, _ ids: Set<Int>?, all: [Entity],
                                                      find: (Int) -> Entity?, _ digest: @Sendable (Entity) -> UInt64,
                                                      id: @Sendable (Entity) -> ID) -> RowDigestTable<ID> {
                guard let ids else {
                    patches = nil
                    return EntityDigests.table(all, id: id, digest)
                }
                let sorted = ids.sorted()
                let found = sorted.compactMap { wanted in find(wanted).map { (wanted, $0) } }
                let fresh = RowDigestTable<ID>(ParallelWork.map(found) { (id: $0.0, digest: digest($0.1)) })
                let removed = sorted.filter { find($0) == nil }
                patches?.append(EntityDigestJournal.Patch(fresh: fresh.words, removed: removed))
                return table.patched(with: fresh, removing: removed)
            }
            func answer(_ id: Int) -> Answer? {
                archive.questionOfAnswer[AnswerID(id)].flatMap { content.answers[$0]?.first { $0.id.rawValue == id } }
            }
            let questions = patch(entities.questions, questions, all: content.questions, find: { archive.questionsByID[QuestionID($0)] },
                                  digester.question, id: \.id)
            let answers = patch(entities.answers, answers, all: [Answer](), find: answer, digester.answer, id: \.id)
            let users = patch(entities.users, users, all: content.users, find: { archive.usersByID[UserID($0)] }, digester.user, id: \.id)
            let topics = patch(entities.topics, topics, all: content.topics, find: { archive.topicsByID[TopicID($0)] }, digester.topic,
                               id: \.id)
            let articles = patch(entities.articles, articles, all: content.articles, find: { archive.articlesByID[ArticleID($0)] },
                                 digester.article, id: \.id)
            (entities.questions, entities.answers, entities.users, entities.topics, entities.articles) = (questions, answers, users, topics, articles)
            // Each table holds as many entities as the archive: one it lacks or holds in excess
            // (changed in a way no row says) and every entity is digested again.
            guard questions.count == archive.questionsByID.count, answers.count == archive.questionOfAnswer.count,
                  users.count == archive.usersByID.count, topics.count == archive.topicsByID.count,
                  articles.count == archive.articlesByID.count else { return nil }
            var state = EntityDigestState(seen: seen, program: previous.program, context: context, entities: entities,
                                          answerCommentParents: answerParents, articleCommentParents: articleParents)
            state.files = previous.files
            return (state, patches.map { $0 + parentPatches })
        }
    }
}
