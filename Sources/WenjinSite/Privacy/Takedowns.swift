import Foundation
import WenjinConfig
import WenjinJSON
import WenjinModel

/// The takedowns file (site.json `privacy.takedowns`, `takedowns.json` beside it by default):
/// what members asked to be forgotten and what moderators took down. The build applies it
/// (`Withdrawals`); the store keeps everything, so a takedown is undone by deleting its entry.
///
/// Read as strictly as site.json: an unknown key, a wrong type, an ID the store does not hold
/// or a malformed SHA-256 is an error naming the file, the entry, its line and column.
package struct Takedowns: Sendable, Equatable {
    /// Shown as 匿名用户 everywhere; their profile page and avatar are gone, their posts kept.
    package var anonymizeUsers: [UserID] = []
    /// Their identity gone and every post of theirs withdrawn.
    package var removeUsers: [UserID] = []
    package var questions: [QuestionID] = []
    package var answers: [AnswerID] = []
    package var answerComments: [AnswerCommentID] = []
    package var articles: [ArticleID] = []
    package var articleComments: [ArticleCommentID] = []
    /// Lowercase hex SHA-256 of stored images.
    package var images: [String] = []
    /// The file as errors name it (as site.json writes it).
    package var file = "takedowns.json"
    /// Where each entry was written, by its key path (`answers[2]`), for errors.
    var positions: [String: TextPosition] = [:]

    package init() {}

    package var isEmpty: Bool {
        anonymizeUsers.isEmpty && removeUsers.isEmpty && questions.isEmpty && answers.isEmpty && answerComments.isEmpty
            && articles.isEmpty && articleComments.isEmpty && images.isEmpty
    }

    /// The file `config` names, or no takedowns when it does not exist.
    package static func load(_ config: SiteConfig) throws(SiteConfigError) -> Takedowns {
        let name = config.privacy.takedowns.text
        let url = config.resolve(config.privacy.takedowns)
        guard FileManager.default.fileExists(atPath: url.path) else {
            var none = Takedowns()
            none.file = name
            return none
        }
        return try decode(ConfigFileText.read(url, name: name), file: name)
    }

    /// Decodes the text of a takedowns file; `file` names it in errors.
    static func decode(_ text: String, file: String) throws(SiteConfigError) -> Takedowns {
        var reader = try ConfigObjectReader(parsing: text, file: file)
        var takedowns = Takedowns()
        takedowns.file = file
        takedowns.anonymizeUsers = try takedowns.ids("anonymizeUsers", &reader).map(UserID.init)
        takedowns.removeUsers = try takedowns.ids("removeUsers", &reader).map(UserID.init)
        takedowns.questions = try takedowns.ids("questions", &reader).map(QuestionID.init)
        takedowns.answers = try takedowns.ids("answers", &reader).map(AnswerID.init)
        takedowns.answerComments = try takedowns.ids("answerComments", &reader).map(AnswerCommentID.init)
        takedowns.articles = try takedowns.ids("articles", &reader).map(ArticleID.init)
        takedowns.articleComments = try takedowns.ids("articleComments", &reader).map(ArticleCommentID.init)
        takedowns.images = try takedowns.hashes("images", &reader)
        try reader.rejectUnknownKeys()
        return takedowns
    }

    private mutating func elements(_ key: String, _ reader: inout ConfigObjectReader, expected: String)
        throws(SiteConfigError) -> [(path: String, node: JSONNode)] {
        guard let node = reader.node(key) else { return [] }
        guard case .array(let elements) = node.value else {
            throw reader.failure(key, at: node, .wrongType(expected: expected, found: node.kindDescription))
        }
        return elements.enumerated().map { offset, element in
            let path = "\(key)[\(offset)]"
            positions[path] = reader.position(of: element)
            return (path, element)
        }
    }

    private mutating func ids(_ key: String, _ reader: inout ConfigObjectReader) throws(SiteConfigError) -> [Int] {
        var ids: [Int] = []
        for (path, element) in try elements(key, &reader, expected: "an array of IDs") {
            guard case .integer(let id) = element.value, id > 0 else {
                let found = element.value.number.map { "\($0)" } ?? element.kindDescription
                throw reader.failure(path, at: element, .wrongType(expected: "a positive whole number (an ID)", found: found))
            }
            ids.append(id)
        }
        return ids
    }

    private mutating func hashes(_ key: String, _ reader: inout ConfigObjectReader) throws(SiteConfigError) -> [String] {
        var hashes: [String] = []
        for (path, element) in try elements(key, &reader, expected: "an array of SHA-256 strings") {
            guard case .string(let text) = element.value else {
                throw reader.failure(path, at: element, .wrongType(expected: "a SHA-256 string", found: element.kindDescription))
            }
            let hash = text.lowercased()
            guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw reader.failure(path, at: element, .invalidValue(
                    value: "\"\(text)\"", expected: "the SHA-256 of an image: 64 hexadecimal digits"))
            }
            hashes.append(hash)
        }
        return hashes
    }

    /// The first entry that names something the archive does not hold, as an error.
    func unknownEntry(in content: ArchiveContent) -> SiteConfigError? {
        // Each set of known IDs is made only for a list that names something: every build reads
        // the takedowns, and most have none (at 10,000 questions the sets cost about 15 ms of CPU a build).
        let checks: [(key: String, ids: [Int], known: () -> Set<Int>, kind: String)] = [
            ("anonymizeUsers", anonymizeUsers.map(\.rawValue), { Set(content.users.map(\.id.rawValue)) }, "a user"),
            ("removeUsers", removeUsers.map(\.rawValue), { Set(content.users.map(\.id.rawValue)) }, "a user"),
            ("questions", questions.map(\.rawValue), { Set(content.questions.map(\.id.rawValue)) }, "a question"),
            ("answers", answers.map(\.rawValue), { Set(content.answers.values.joined().map(\.id.rawValue)) }, "an answer"),
            ("answerComments", answerComments.map(\.rawValue),
             { Set(content.answerComments.values.joined().map(\.id.rawValue)) }, "an answer comment"),
            ("articles", articles.map(\.rawValue), { Set(content.articles.map(\.id.rawValue)) }, "an article"),
            ("articleComments", articleComments.map(\.rawValue),
             { Set(content.articleComments.values.joined().map(\.id.rawValue)) }, "an article comment"),
        ]
        for check in checks where !check.ids.isEmpty {
            let known = check.known()
            if let offset = check.ids.firstIndex(where: { !known.contains($0) }) {
                return unknown("\(check.key)[\(offset)]", value: String(check.ids[offset]),
                               expected: "the ID of \(check.kind) in the store")
            }
        }
        guard !images.isEmpty else { return nil }
        let storedImages = Set(content.assets.values.compactMap { $0.state == .stored ? $0.sha256 : nil })
        if let offset = images.firstIndex(where: { !storedImages.contains($0) }) {
            return unknown("images[\(offset)]", value: "\"\(images[offset])\"", expected: "the SHA-256 of an image in the store")
        }
        return nil
    }

    private func unknown(_ path: String, value: String, expected: String) -> SiteConfigError {
        SiteConfigError(file: file, line: positions[path]?.line, column: positions[path]?.column, keyPath: path,
                        reason: .invalidValue(value: value, expected: expected))
    }
}
