import Foundation
import WenjinKeyedArchive

/// A draft file in the WENJIN iOS client's schema: load, add and remove drafts.
///
/// Each call opens the file, does its work and closes it again, as the client does, so the app
/// (or a copy of its container) may hold the same file without either side keeping stale state.
package struct DraftDatabase: Sendable {
    /// The file actually used (see `locate(_:)`).
    package let file: URL

    /// The client's own statements: typeless columns, no primary key, no `if not exists`.
    static let createQuestion = "create table Question(time, title, detail, topic, attachAccessKey, anonymous)"
    static let createAnswer = "create table Answer(time, questionId, content, attachAccessKey, anonymous)"

    /// Uses the draft file at `configured`, or the one the app really wrote near it (see `locate(_:)`).
    package init(configured: URL) {
        file = Self.locate(configured)
    }

    /// The app builds its path as the Documents folder's path + "draft.db" with no separator, so
    /// in a copied app container the file is `Documentsdraft.db` beside `Documents/` (and, in the
    /// first 2.2 build, `Library/Cachesdraft.db`). A configured path that names a container
    /// folder, or a `draft.db` that does not exist beside such a file, leads to that file.
    package static func locate(_ configured: URL) -> URL {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: configured.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { return configured }
        let folder = exists ? configured : configured.deletingLastPathComponent()
        let candidates = ["Documentsdraft.db", "Library/Cachesdraft.db", "draft.db"].map { folder.appendingPathComponent($0) }
        return candidates.first { manager.fileExists(atPath: $0.path) } ?? (exists ? candidates[0] : configured)
    }

    /// Every draft in table order. A missing file or table holds no drafts (the client creates
    /// both lazily); a row that cannot be read is listed in `unreadable` and the others still load.
    package func load() throws(DraftsError) -> DraftCollection {
        guard FileManager.default.fileExists(atPath: file.path) else { return DraftCollection() }
        let connection = try DraftConnection(path: file.path, writable: false)
        let tables = try connection.tableNames()
        var collection = DraftCollection()
        if tables.contains("Question") {
            try connection.run("select rowid, time, title, detail, topic, attachAccessKey, anonymous from Question order by rowid") { row in
                switch DraftRowDecoder.question(row) {
                case .success(let draft): collection.questions.append(draft)
                case .failure(let unreadable): collection.unreadable.append(unreadable)
                }
            }
        }
        if tables.contains("Answer") {
            try connection.run("select rowid, time, questionId, content, attachAccessKey, anonymous from Answer order by rowid") { row in
                switch DraftRowDecoder.answer(row) {
                case .success(let draft): collection.answers.append(draft)
                case .failure(let unreadable): collection.unreadable.append(unreadable)
                }
            }
        }
        return collection
    }

    /// Saves a question draft as the client does (creating the file and table when missing);
    /// returns its reference. The draft's own `reference` is ignored.
    @discardableResult
    package func add(_ draft: QuestionDraft) throws(DraftsError) -> DraftReference {
        let connection = try openForWriting(.question)
        try connection.run(
            "insert into Question(time, title, detail, topic, attachAccessKey, anonymous) values(?,?,?,?,?,?)",
            [.integer(draft.time.seconds), .text(draft.title), .blob(draft.body.archived()),
             .blob(KeyedArchiveWriter().stringArray(draft.topics)), .text(draft.attachAccessKey.rawValue),
             .integer(draft.isAnonymous ? 1 : 0)])
        let rowID = connection.lastInsertRowID
        try connection.close()
        return DraftReference(kind: .question, rowID: rowID)
    }

    /// Saves an answer draft as the client does; returns its reference.
    @discardableResult
    package func add(_ draft: AnswerDraft) throws(DraftsError) -> DraftReference {
        let connection = try openForWriting(.answer)
        try connection.run(
            "insert into Answer values(?,?,?,?,?)",
            [.integer(draft.time.seconds), .text(String(draft.questionID)), .blob(draft.body.archived()),
             .text(draft.attachAccessKey.rawValue), .integer(draft.isAnonymous ? 1 : 0)])
        let rowID = connection.lastInsertRowID
        try connection.close()
        return DraftReference(kind: .answer, rowID: rowID)
    }

    /// Deletes exactly the one row `reference` names, even when others share its save time
    /// (the client's `where time=?` would delete them all).
    package func remove(_ reference: DraftReference) throws(DraftsError) {
        guard FileManager.default.fileExists(atPath: file.path) else { throw DraftsError(.noDraftFile, path: file.path) }
        let connection = try DraftConnection(path: file.path, writable: true)
        guard try connection.tableNames().contains(reference.kind.table) else {
            throw DraftsError(.noSuchDraft(reference.description), path: file.path)
        }
        try connection.run("delete from \(reference.kind.table) where rowid = ?", [.integer(reference.rowID)])
        let removed = connection.changes
        try connection.close()
        guard removed == 1 else { throw DraftsError(.noSuchDraft(reference.description), path: file.path) }
    }

    /// Reads what a user typed to name a draft: `q3`, `a7`, or a save time that only one draft has.
    package func reference(for text: String) throws(DraftsError) -> DraftReference {
        let collection = try load()
        if let reference = DraftReference(text) {
            let known = collection.questions.compactMap(\.reference) + collection.answers.compactMap(\.reference)
                + collection.unreadable.map(\.reference)
            guard known.contains(reference) else { throw DraftsError(.noSuchDraft(text), path: file.path) }
            return reference
        }
        guard let seconds = Int64(text) else { throw DraftsError(.badReference(text), path: file.path) }
        let matches = collection.references(savedAt: DraftTime(seconds: seconds))
        guard let only = matches.first else { throw DraftsError(.noSuchDraft(text), path: file.path) }
        guard matches.count == 1 else {
            throw DraftsError(.ambiguousTime(seconds, candidates: matches.map(\.description)), path: file.path)
        }
        return only
    }

    private func openForWriting(_ kind: DraftKind) throws(DraftsError) -> DraftConnection {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let connection = try DraftConnection(path: file.path, writable: true)
        // Another program's database (a path set wrong in site.json) is not ours to add tables to.
        let foreign = try connection.tableNames().subtracting(["Question", "Answer"]).filter { !$0.hasPrefix("sqlite_") }
        guard foreign.isEmpty else { throw DraftsError(.foreignDatabase(tables: foreign.sorted()), path: file.path) }
        if try !connection.tableNames().contains(kind.table) {
            try connection.run(kind == .question ? Self.createQuestion : Self.createAnswer)
        }
        return connection
    }
}
