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

    static func load(from folder: URL) -> EntityDigestState? {
        guard let bytes = StateFile.read(folder.appendingPathComponent(fileName)) else { return nil }
        return try? EntityDigestState(decoding: bytes)
    }

    func save(in folder: URL) {
        StateFile.replace(Self.fileName, in: folder, with: encoded())
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
