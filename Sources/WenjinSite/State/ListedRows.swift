import Foundation
import WenjinModel
import WenjinStore

/// Every row of the store as a build lists it (each field but the bodies), kept between builds in
/// the store's folder (`.wenjin/rows.listed`) with the store's counter it was read at, so that a
/// rebuild reads from the store only the rows written since (`WrittenRows`) and lays them over
/// these (`ArchiveContent.read`): at 100,000 questions the store's read of 850,000 unchanged
/// rows cost a one-question rebuild ≈0.8 s of CPU in SQLite's steps and column calls.
///
/// Kept until the rows written since outnumber a share of it (the store is its journal); made
/// again by a build that read the store whole. Four sections, each sealed on its own and read
/// on a thread of its own, in place in the mapped file (`Posts`, `Answers`, `Comments`: the
/// answers' comments and the assets apart). A section that fails its seal or does not parse sends the build to
/// the store's read; nothing in the file is trusted past its program (`programIdentity`: another
/// one may read rows into models otherwise) and the store's token.
///
/// Private like the store beside it (anonymous posts' real authors, taken-down rows): it never
/// leaves the store's folder, and the build applies withdrawals after the rows are read.
struct ListedRows: Sendable {
    static let fileName = "rows.listed"
    private static let format = "wenjin listed rows 4"

    /// The store's counter when the rows were read: every row written since is read anew.
    let seen: StoreChanges
    /// How many rows the file holds, all tables together.
    let rowCount: Int
    private let file: MappedWords
    /// Where each section's payload lies in the file (its seal after it).
    private let sections: [Range<Int>]

    /// The rows of the last build's file in `folder`, when its head is sound and it was made by
    /// this program; its sections are checked when they are read.
    static func load(from folder: URL) -> ListedRows? {
        // Not populated: its sections are read in by the threads that decode them.
        guard let file = StateFile.mapWords(folder.appendingPathComponent(fileName), populated: false) else { return nil }
        return try? ListedRows(file: file)
    }

    private init(file: MappedWords) throws(ByteReader.Malformed) {
        let bytes = UnsafeRawBufferPointer(file.buffer)
        var head = RowReader(bytes)
        let headLength = try head.count()
        let headBytes = UnsafeRawBufferPointer(rebasing: bytes[8..<8 + headLength])
        guard ByteReader.isSealed(headBytes) else { throw ByteReader.Malformed() }
        var reader = RowReader(UnsafeRawBufferPointer(rebasing: headBytes.dropLast(8)))
        guard try reader.string() == Self.format, try reader.word() == PageFingerprint.programIdentity else { throw ByteReader.Malformed() }
        seen = StoreChanges(token: try reader.string(), counter: try reader.integer())
        rowCount = try reader.integer()
        guard rowCount >= 0 else { throw ByteReader.Malformed() }
        var (sections, start) = ([Range<Int>](), 8 + headLength)
        for _ in 0..<Self.sectionCount {
            let length = try reader.integer()
            guard length >= 8, length <= bytes.count - start else { throw ByteReader.Malformed() }
            sections.append(start..<start + length - 8)
            start += length
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        (self.file, self.sections) = (file, sections)
    }

    private static let sectionCount = 4

    /// A section's payload, after its seal is checked.
    private func section(_ index: Int) throws(ByteReader.Malformed) -> RowReader {
        let bytes = UnsafeRawBufferPointer(file.buffer)
        let range = sections[index]
        guard ByteReader.isSealed(UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound..<range.upperBound + 8])) else {
            throw ByteReader.Malformed()
        }
        return RowReader(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }
}

extension ListedRows {
    /// The rows in three parts, each read on a thread of its own (the comments' two sections on
    /// two): the posts with their topics and the articles' comments; the answers and the users;
    /// the answers' comments and the assets. At 100,000 questions the comments and the assets
    /// take about as long as the posts and the answers each.
    struct Posts: Sendable {
        var questions: [Question]
        var topics: [Topic]
        var articles: [Article]
        var articleComments: [ArticleID: [ArticleComment]]
    }

    struct Answers: Sendable {
        /// By question, under the questions stored (each one has a list).
        var shown: [QuestionID: [Answer]]
        /// By question, under questions not stored: the archive leaves them out, the file keeps
        /// them so that it holds the table whole.
        var orphans: [QuestionID: [Answer]]
        var users: [User]
    }

    struct Comments: Sendable {
        var answerComments: [AnswerID: [AnswerComment]]
        var assets: [AssetURL: Asset]
    }

    /// The IDs of the rows written since, by table: their kept rows are left out. Assets are
    /// not skipped: a written one replaces its URL's.
    struct Skipped: Sendable {
        var questions = Set<Int>(), answers = Set<Int>(), answerComments = Set<Int>(), users = Set<Int>(), topics = Set<Int>()
        var articles = Set<Int>(), articleComments = Set<Int>()
    }

    func posts(skipping skipped: Skipped) throws(ByteReader.Malformed) -> Posts {
        var reader = try section(0)
        let posts = Posts(questions: try reader.rows(skipping: skipped.questions), topics: try reader.rows(skipping: skipped.topics),
                          articles: try reader.rows(skipping: skipped.articles),
                          articleComments: try reader.groups(skipping: skipped.articleComments))
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return posts
    }

    func answers(skipping skipped: Skipped) throws(ByteReader.Malformed) -> Answers {
        var reader = try section(1)
        let answers = Answers(shown: try reader.groups(skipping: skipped.answers, keepingEmpty: true),
                              orphans: try reader.groups(skipping: skipped.answers), users: try reader.rows(skipping: skipped.users))
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return answers
    }

    func answerComments(skipping skipped: Skipped) throws(ByteReader.Malformed) -> [AnswerID: [AnswerComment]] {
        var reader = try section(2)
        let answerComments: [AnswerID: [AnswerComment]] = try reader.groups(skipping: skipped.answerComments)
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return answerComments
    }

    func assets() throws(ByteReader.Malformed) -> [AssetURL: Asset] {
        var reader = try section(3)
        let assets = try reader.assets()
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return assets
    }
}

extension ListedRows {
    /// Writes the rows (as read at `seen`) in place of the file in `folder`. Not fatal when it
    /// fails: the next build reads the store whole.
    static func save(_ posts: Posts, _ answers: Answers, _ comments: Comments, seen: StoreChanges, in folder: URL) {
        var (first, second, third, fourth) = (ByteWriter(), ByteWriter(), ByteWriter(), ByteWriter())
        first.add(rows: posts.questions)
        first.add(rows: posts.topics)
        first.add(rows: posts.articles)
        first.add(groups: posts.articleComments)
        second.add(groups: answers.shown)
        second.add(groups: answers.orphans)
        second.add(rows: answers.users)
        third.add(groups: comments.answerComments)
        fourth.add(rows: comments.assets.values)
        let sections = [first.finishSealed(), second.finishSealed(), third.finishSealed(), fourth.finishSealed()]
        func total<Key, Row>(_ lists: [Key: [Row]]) -> Int { lists.values.reduce(0) { $0 + $1.count } }
        let rowCount = posts.questions.count + posts.topics.count + posts.articles.count + total(posts.articleComments)
            + total(answers.shown) + total(answers.orphans) + answers.users.count + total(comments.answerComments) + comments.assets.count
        var head = ByteWriter()
        head.add(format)
        head.add(PageFingerprint.programIdentity)
        head.add(seen.token)
        head.add(seen.counter)
        head.add(rowCount)
        for section in sections { head.add(section.count) }
        let sealedHead = head.sealed
        var length = ByteWriter()
        length.add(sealedHead.count)
        // Padded to whole words: the file is mapped as words (`StateFile.mapWords`).
        let size = 8 + sealedHead.count + sections.reduce(0) { $0 + $1.count }
        let padding = [UInt8](repeating: 0, count: (8 - size % 8) % 8)
        StateFile.replace(fileName, in: folder, withParts: [length.bytes, sealedHead] + sections + [padding])
    }
}

extension ByteWriter {
    fileprivate mutating func add<Row: KeptRow>(rows: some Collection<Row>) {
        add(rows.count)
        for row in rows { row.write(kept: &self) }
    }

    fileprivate mutating func add<Key: EntityID, Row: KeptRow>(groups: [Key: [Row]]) {
        add(groups.count)
        for (key, rows) in groups {
            add(key.rawValue)
            add(rows: rows)
        }
    }
}

extension RowReader {
    fileprivate mutating func rows<Row: KeptRow & Identifiable>(skipping skipped: Set<Int>) throws(ByteReader.Malformed) -> [Row]
    where Row.ID: EntityID {
        let count = try count()
        var rows: [Row] = []
        rows.reserveCapacity(count)
        for _ in 0..<count {
            let row = try Row(kept: &self)
            if skipped.isEmpty || !skipped.contains(row.id.rawValue) { rows.append(row) }
        }
        return rows
    }

    /// Lists by key. When rows are skipped, a list they leave empty is left out unless
    /// `keepingEmpty` (the answers under a stored question: every one has a list).
    fileprivate mutating func groups<Key: EntityID, Row: KeptRow & Identifiable>(skipping skipped: Set<Int>, keepingEmpty: Bool = false)
        throws(ByteReader.Malformed) -> [Key: [Row]] where Row.ID: EntityID {
        let count = try count()
        var groups: [Key: [Row]] = [:]
        groups.reserveCapacity(count)
        for _ in 0..<count {
            let key = Key(try integer())
            let rows: [Row] = try rows(skipping: skipped)
            if rows.isEmpty && !keepingEmpty && !skipped.isEmpty { continue }
            guard groups.updateValue(rows, forKey: key) == nil else { throw ByteReader.Malformed() }
        }
        return groups
    }

    fileprivate mutating func assets() throws(ByteReader.Malformed) -> [AssetURL: Asset] {
        let count = try count()
        var assets: [AssetURL: Asset] = [:]
        assets.reserveCapacity(count)
        for _ in 0..<count {
            let asset = try Asset(kept: &self)
            assets[asset.url] = asset
        }
        // Each URL once, as the store's key holds them.
        guard assets.count == count else { throw ByteReader.Malformed() }
        return assets
    }
}
