import WenjinSQLite

/// The one error of this module: what failed with draft.db, and where.
package struct DraftsError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// No draft file at the configured path (nor the app's `Documentsdraft.db` beside it).
        case noDraftFile
        /// SQLite refused: its result code, message and SQL.
        case sqlite(SQLiteError)
        /// No draft has this reference (`q3`, `a7`) or save time.
        case noSuchDraft(String)
        /// A save time names several drafts; the references of each are given.
        case ambiguousTime(Int64, candidates: [String])
        /// A reference that is neither `q<N>`, `a<N>` nor a unix time.
        case badReference(String)
        /// A plain-text body names an image that cannot be read (`path` as written in the body).
        case unreadableImage(path: String, why: String)
        /// A file named as an image that is no PNG, JPEG, GIF or WebP by its first bytes.
        case notAnImage(path: String)
        /// The file to write drafts into is a SQLite database of something else: these tables.
        case foreignDatabase(tables: [String])
    }

    package let reason: Reason
    /// The draft file concerned, or for `unreadableImage` the image file looked for.
    package let path: String

    package init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    package var description: String {
        switch reason {
        case .noDraftFile: "no draft file at \(path)"
        case .sqlite(let cause): "\(cause) (\(path))"
        case .noSuchDraft(let reference): "no draft \(reference) in \(path)"
        case .ambiguousTime(let time, let candidates):
            "several drafts were saved at \(time) in \(path): \(candidates.joined(separator: ", "))"
        case .badReference(let text): "\"\(text)\" is not a draft reference (q<N>, a<N> or a unix time)"
        case .unreadableImage(let image, let why): "cannot read image \(image) (\(path)): \(why)"
        case .notAnImage(let image): "\(image) (\(path)) is not a PNG, JPEG, GIF or WebP image"
        case .foreignDatabase(let tables): "\(path) is not a draft file: it holds the tables \(tables.joined(separator: ", "))"
        }
    }
}
