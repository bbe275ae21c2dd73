import Foundation
import WenjinModel
import WenjinStore

/// The entities' digests of the last build (`EntityDigests`), kept in the store's folder
/// (`.wenjin/entities.digests`) with what they were made from beyond the rows: the store's
/// counter they saw, the program, and a digest of what withdrawing and the source's address
/// change (`context`). Like the row digests, they describe the store and the takedowns, not an
/// output, so any build may save them. Each comment's parent is kept too: a comment row that
/// changed names only its new parent, and the digest of the one it left must change as well.
struct EntityDigestState: Sendable {
    static let fileName = "entities.digests"
    private static let format = "wenjin entity digests 1"

    var seen: StoreChanges
    var program: UInt64
    var context: UInt64
    var entities: EntityDigests
    /// Each answer comment's answer, each article comment's article (as digests' words: the parent's ID).
    var answerCommentParents: RowDigestTable<AnswerCommentID>
    var articleCommentParents: RowDigestTable<ArticleCommentID>

    /// Where the state read from the store's folder stands there (its file's seal and size, its
    /// journal's), so a save can append to the journal. Nil for a state made by this build.
    typealias Files = StateJournal.Files

    var files: Files?

    /// The state in `folder` with its journal's blocks applied (`EntityDigestJournal`); nil when
    /// its file is missing, damaged or of another format.
    static func load(from folder: URL) -> EntityDigestState? {
        guard let bytes = StateFile.read(folder.appendingPathComponent(fileName)),
              var state = try? EntityDigestState(decoding: bytes) else { return nil }
        let seal = StateJournal.seal(of: bytes)
        let journal = StateFile.read(folder.appendingPathComponent(EntityDigestJournal.fileName)) ?? []
        let (blocks, length) = EntityDigestJournal.blocks(in: journal, following: seal)
        state.apply(blocks)
        state.files = Files(seal: seal, fileBytes: bytes.count, journalBytes: length, journalIntact: length == journal.count)
        return state
    }

    /// Writes the state whole, and its journal as none.
    func save(in folder: URL) {
        StateFile.replace(Self.fileName, in: folder, with: encoded())
        EntityDigestJournal.remove(in: folder)
    }

    /// Saves the state, which differs by `patches` (one per table, as `tables` lists them) from
    /// the one read from `folder` (`files`): appended to the journal while that stays small beside
    /// the state's file, else written whole.
    func save(in folder: URL, patches: [EntityDigestJournal.Patch]?) {
        guard let files, files.journalIntact, let patches else { return save(in: folder) }
        let block = EntityDigestJournal.encoded(EntityDigestJournal.Block(seen: seen, patches: patches), following: files.seal)
        guard files.takes(block.count), StateFile.append(block, to: EntityDigestJournal.fileName, in: folder)
        else { return save(in: folder) }
    }

    /// The state's tables: the five kinds of entity, then the comments' parents, in the file's order.
    static let tableCount = 7

    /// The blocks applied in order, each table merged once with what they say of it together
    /// (the later block's word on an ID wins): merging every block's patch into a table of
    /// 375,000 answers one after another would cost each build more as the journal grows.
    private mutating func apply(_ blocks: [EntityDigestJournal.Block]) {
        guard let last = blocks.last else { return }
        func patched<ID: EntityID>(_ table: RowDigestTable<ID>, _ index: Int) -> RowDigestTable<ID> {
            // Each ID's last word: its digest, or nil when removed.
            var latest: [Int: UInt64?] = [:]
            for block in blocks {
                let patch = block.patches[index]
                for id in patch.removed { latest[id] = .some(nil) }
                for position in stride(from: 0, to: patch.fresh.count, by: 2) {
                    latest[Int(Int64(bitPattern: patch.fresh[position]))] = patch.fresh[position + 1]
                }
            }
            guard !latest.isEmpty else { return table }
            let fresh = latest.compactMap { id, digest in digest.map { (id: id, digest: $0) } }
            let removed = latest.compactMap { id, digest in digest == nil ? id : nil }
            return table.patched(with: RowDigestTable(fresh), removing: removed)
        }
        seen = last.seen
        entities.questions = patched(entities.questions, 0)
        entities.answers = patched(entities.answers, 1)
        entities.users = patched(entities.users, 2)
        entities.topics = patched(entities.topics, 3)
        entities.articles = patched(entities.articles, 4)
        answerCommentParents = patched(answerCommentParents, 5)
        articleCommentParents = patched(articleCommentParents, 6)
    }

    init(seen: StoreChanges, program: UInt64, context: UInt64, entities: EntityDigests,
         answerCommentParents: RowDigestTable<AnswerCommentID>, articleCommentParents: RowDigestTable<ArticleCommentID>) {
        self.seen = seen
        self.program = program
        self.context = context
        self.entities = entities
        self.answerCommentParents = answerCommentParents
        self.articleCommentParents = articleCommentParents
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.add(Self.format)
        writer.add(seen.token)
        writer.add(seen.counter)
        writer.add(program)
        writer.add(context)
        func add<ID: EntityID>(_ table: RowDigestTable<ID>) {
            writer.add(table.words.count)
            writer.add(words: table.words)
        }
        add(entities.questions)
        add(entities.answers)
        add(entities.users)
        add(entities.topics)
        add(entities.articles)
        add(answerCommentParents)
        add(articleCommentParents)
        return writer.sealed
    }

    init(decoding bytes: [UInt8]) throws(ByteReader.Malformed) {
        var reader = try ByteReader(sealed: bytes)
        guard try reader.string() == Self.format else { throw ByteReader.Malformed() }
        seen = StoreChanges(token: try reader.string(), counter: try reader.integer())
        program = try reader.word()
        context = try reader.word()
        func read<ID: EntityID>() throws(ByteReader.Malformed) -> RowDigestTable<ID> {
            guard let table = RowDigestTable<ID>(words: try reader.words(try reader.count())) else { throw ByteReader.Malformed() }
            return table
        }
        entities = EntityDigests()
        entities.questions = try read()
        entities.answers = try read()
        entities.users = try read()
        entities.topics = try read()
        entities.articles = try read()
        answerCommentParents = try read()
        articleCommentParents = try read()
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
    }
}
