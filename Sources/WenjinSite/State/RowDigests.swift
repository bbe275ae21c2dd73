import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinStore

/// The digest of every stored row as the store holds it (bodies left out: pages show those
/// through `SanitizedBodies.digest`), kept between builds in the store's folder
/// (`.wenjin/rows.digests`) with the store's counter they were made at, so a rebuild digests
/// only the rows written since (docs/design.md#store); `EntityDigests` builds on them. Each
/// table is kept sorted by ID (`RowDigestTable`), read and patched as it lies.
///
/// Made from the store's rows before `withdrawing`, so a takedown (which changes no row)
/// leaves them valid: `EntityDigests` adds what withdrawing changes of each entity.
struct RowDigests: Sendable {
    static let fileName = "rows.digests"
    private static let format = "wenjin row digests 2"

    /// The store's counter when the rows were digested; nil when the store had none.
    var seen: StoreChanges?
    /// The program that digested them (`PageFingerprint.programIdentity`): another one may
    /// encode the models otherwise.
    var program: UInt64
    var questions = RowDigestTable<QuestionID>()
    var answers = RowDigestTable<AnswerID>()
    var answerComments = RowDigestTable<AnswerCommentID>()
    var users = RowDigestTable<UserID>()
    var topics = RowDigestTable<TopicID>()
    var articles = RowDigestTable<ArticleID>()
    var articleComments = RowDigestTable<ArticleCommentID>()
    /// Whether these differ from the digests the build started with (then they are saved).
    private(set) var changed = true

    /// The digests of `content` (as read, before withdrawing): taken from `previous` for rows the
    /// read did not count as changed, when `previous` was made by this program at or after the
    /// counter the read started from; digested anew otherwise.
    init(content: ArchiveContent, previous: RowDigests?) {
        let digesting = Digesting(seen: content.storeChanges, read: content.rowsRead, previous: previous)
        // Three groups of about equal size side by side: a rebuild walks every ID of every table.
        let (posts, answers, comments) = SideBySide.run({
            (digesting.questions(content.questions), digesting.users(content.users), digesting.topics(content.topics),
             digesting.articles(content.articles), digesting.articleComments(content.articleComments))
        }, {
            digesting.answers(content.answers)
        }, {
            digesting.answerComments(content.answerComments)
        })
        self = digesting.digests(questions: posts.0, answers: answers, answerComments: comments, users: posts.1, topics: posts.2,
                                 articles: posts.3, articleComments: posts.4)
    }

    private init(seen: StoreChanges?, program: UInt64) {
        self.seen = seen
        self.program = program
    }

    /// How one read's rows are digested, table by table, so that each part of a read can digest
    /// its tables as soon as it has them (`ArchiveContent.read(laidOver:)`): the rows the read
    /// counted as changed, and the last build's digests when they serve (made by this program at
    /// or after the counter the read started from, of the same store, not past its counter).
    struct Digesting: Sendable {
        let seen: StoreChanges?
        let read: RowsRead
        let kept: RowDigests?

        init(seen: StoreChanges?, read: RowsRead, previous: RowDigests?) {
            (self.seen, self.read) = (seen, read)
            kept = previous.flatMap { previous in
                guard previous.program == PageFingerprint.programIdentity, let before = previous.seen, let now = seen,
                      before.token == now.token, case .changedAfter(let counter, _) = read, before.counter >= counter,
                      before.counter <= now.counter else { return nil }
                return previous
            }
        }

        func questions(_ questions: [Question]) -> RowDigestTable<QuestionID> {
            RowDigests.digests(CollectionOfOne(questions), changed: read.changedIDs(.questions), kept: kept?.questions) { question in
                var question = question
                question.detailHTML = ""
                return question
            }
        }

        func answers(_ lists: [QuestionID: [Answer]]) -> RowDigestTable<AnswerID> {
            RowDigests.digests(lists.values, changed: read.changedIDs(.answers), kept: kept?.answers) { answer in
                var answer = answer
                answer.contentHTML = ""
                return answer
            }
        }

        func answerComments(_ lists: [AnswerID: [AnswerComment]]) -> RowDigestTable<AnswerCommentID> {
            RowDigests.digests(lists.values, changed: read.changedIDs(.answerComments), kept: kept?.answerComments) { $0 }
        }

        func users(_ users: [User]) -> RowDigestTable<UserID> {
            RowDigests.digests(CollectionOfOne(users), changed: read.changedIDs(.users), kept: kept?.users) { $0 }
        }

        func topics(_ topics: [Topic]) -> RowDigestTable<TopicID> {
            RowDigests.digests(CollectionOfOne(topics), changed: read.changedIDs(.topics), kept: kept?.topics) { $0 }
        }

        func articles(_ articles: [Article]) -> RowDigestTable<ArticleID> {
            RowDigests.digests(CollectionOfOne(articles), changed: read.changedIDs(.articles), kept: kept?.articles) { article in
                var article = article
                article.messageHTML = ""
                return article
            }
        }

        func articleComments(_ lists: [ArticleID: [ArticleComment]]) -> RowDigestTable<ArticleCommentID> {
            RowDigests.digests(lists.values, changed: read.changedIDs(.articleComments), kept: kept?.articleComments) { $0 }
        }

        /// The tables together, as the read's digests.
        func digests(questions: RowDigestTable<QuestionID>, answers: RowDigestTable<AnswerID>,
                     answerComments: RowDigestTable<AnswerCommentID>, users: RowDigestTable<UserID>, topics: RowDigestTable<TopicID>,
                     articles: RowDigestTable<ArticleID>, articleComments: RowDigestTable<ArticleCommentID>) -> RowDigests {
            var digests = RowDigests(seen: seen, program: PageFingerprint.programIdentity)
            (digests.questions, digests.answers, digests.answerComments, digests.users) = (questions, answers, answerComments, users)
            (digests.topics, digests.articles, digests.articleComments) = (topics, articles, articleComments)
            // At the same counter no row was written, so every digest was kept but those of rows gone.
            if let kept, kept.seen == seen {
                digests.changed = digests.tables != kept.tables
            }
            return digests
        }
    }

    /// Each entity's digest: kept when its row is unchanged (`changed`, IDs of rows written
    /// since; nil for all), else its fields through `DigestEncoder` (on every core, only for the
    /// rows that need it). The table made holds exactly the entities' IDs.
    ///
    /// One walk of the entities gathers the changed ones and a digest of every ID (`IDSetDigest`);
    /// when it and the count are the kept table's, the two hold the same IDs and only the changed
    /// rows are digested. Otherwise (a row shown now and not then, or gone since) the IDs are
    /// sorted and walked beside the table (`differences(from:)`): the rows it lacks are digested
    /// too and those it holds no more taken out. Were two sets of IDs ever to share a digest, a
    /// new row would still be digested (a row written since is changed), and only a digest of a
    /// row gone would stay.
    private static func digests<Lists: Collection & Sendable, Entity: Identifiable & Encodable & Sendable>(
        _ lists: Lists, changed: Set<Int>?, kept: RowDigestTable<Entity.ID>?, stored: @Sendable (Entity) -> Entity
    ) -> RowDigestTable<Entity.ID> where Lists.Element == [Entity], Lists.Index: Sendable, Entity.ID: EntityID {
        func digested(_ fresh: [Entity]) -> RowDigestTable<Entity.ID> {
            RowDigestTable(ParallelWork.map(fresh, { ($0.id.rawValue, DigestEncoder.digest(of: stored($0))) }))
        }
        guard let kept, let changed else { return digested(lists.flatMap { $0 }) }
        // Each half on a core of its own: the read's part that decodes the largest table (the
        // answers' comments, a million at 100,000 questions) digests it when the others are done.
        let middle = lists.index(lists.startIndex, offsetBy: lists.count / 2)
        let (front, back) = lists.count < 1024 ? (walk(lists[..<middle], changed: changed), walk(lists[middle...], changed: changed))
            : SideBySide.run({ walk(lists[..<middle], changed: changed) }, { walk(lists[middle...], changed: changed) })
        var (ids, count, fresh) = front
        ids.add(back.ids)
        (count, fresh) = (count + back.count, fresh + back.fresh)
        if count == kept.count && ids == kept.idDigest { return kept.patched(with: digested(fresh)) }
        let (lacking, removed) = kept.differences(from: lists.flatMap { list in list.indices.map { list[$0].id.rawValue } })
        fresh = lists.flatMap { list in
            list.filter { changed.contains($0.id.rawValue) || lacking.contains($0.id.rawValue) }
        }
        return kept.patched(with: digested(fresh), removing: removed)
    }

    /// The digest of the IDs of `lists`, how many there are, and the entities of `changed`.
    private static func walk<Entity: Identifiable>(_ lists: some Collection<[Entity]>, changed: Set<Int>)
        -> (ids: IDSetDigest, count: Int, fresh: [Entity]) where Entity.ID: EntityID {
        var (ids, count, fresh) = (IDSetDigest(), 0, [Entity]())
        for list in lists {
            // Read where they lie: a loop over the entities copied each one, retaining every
            // string it holds, 800,000 times at 100,000 questions.
            list.withUnsafeBufferPointer { entities in
                for index in entities.indices {
                    let rawID = entities[index].id.rawValue
                    ids.add(rawID)
                    if !changed.isEmpty && changed.contains(rawID) { fresh.append(entities[index]) }
                }
            }
            count += list.count
        }
        return (ids, count, fresh)
    }

    /// Every table's words, in the file's order.
    private var tables: [[UInt64]] {
        [questions.words, answers.words, answerComments.words, users.words, topics.words, articles.words, articleComments.words]
    }

    var count: Int {
        questions.count + answers.count + answerComments.count + users.count + topics.count + articles.count + articleComments.count
    }

    static func load(from folder: URL) -> RowDigests? {
        guard let bytes = StateFile.read(folder.appendingPathComponent(fileName)) else { return nil }
        return try? RowDigests(decoding: bytes)
    }

    func save(in folder: URL) {
        StateFile.replace(Self.fileName, in: folder, with: encoded())
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.add(Self.format)
        writer.add(seen?.token)
        writer.add(seen?.counter)
        writer.add(program)
        func add<ID: EntityID>(_ table: RowDigestTable<ID>) {
            writer.add(table.words.count)
            writer.add(words: table.words)
        }
        add(questions)
        add(answers)
        add(answerComments)
        add(users)
        add(topics)
        add(articles)
        add(articleComments)
        return writer.sealed
    }

    init(decoding bytes: [UInt8]) throws(ByteReader.Malformed) {
        var reader = try ByteReader(sealed: bytes)
        guard try reader.string() == Self.format else { throw ByteReader.Malformed() }
        let token = try reader.optionalString()
        let counter = try reader.optionalInteger()
        seen = if let token, let counter { StoreChanges(token: token, counter: counter) } else { nil }
        program = try reader.word()
        func read<ID: EntityID>() throws(ByteReader.Malformed) -> RowDigestTable<ID> {
            guard let table = RowDigestTable<ID>(words: try reader.words(try reader.count())) else { throw ByteReader.Malformed() }
            return table
        }
        questions = try read()
        answers = try read()
        answerComments = try read()
        users = try read()
        topics = try read()
        articles = try read()
        articleComments = try read()
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
    }
}
