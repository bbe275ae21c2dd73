import WenjinSQLite

/// The one error type of WenjinStore: what went wrong, with the store file and SQL involved.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// SQLite refused a call; `code` is its extended result code.
        case sqlite(code: Int32)
        /// The store was written by a newer `wenjin` whose migrations this build does not know.
        case newerThanCode(storeVersion: Int, codeVersion: Int)
        /// There is no store file where one was expected.
        case noStore
        /// The folder meant to hold the store could not be created.
        case cannotCreateFolder
        /// A stored value cannot be read back as the type the code expects.
        case unreadableValue(column: String)
        /// A value could not be turned into JSON for the revision history.
        case cannotEncode
    }

    public var reason: Reason
    /// The store file (`:memory:` for an in-memory store).
    public var path: String
    /// The statement being run, when there was one.
    public var sql: String?
    /// SQLite's own message or the underlying error's text.
    public var message: String?

    public init(_ reason: Reason, path: String, sql: String? = nil, message: String? = nil) {
        self.reason = reason
        self.path = path
        self.sql = sql
        self.message = message
    }

    /// A refusal of SQLite in the store at `path`, its code, message and SQL kept.
    init(_ cause: SQLiteError, path: String) {
        self.init(.sqlite(code: cause.code), path: path, sql: cause.sql, message: cause.message)
    }

    public var description: String {
        var text: String
        switch reason {
        case .sqlite(let code):
            text = "SQLite error \(code)"
        case .newerThanCode(let storeVersion, let codeVersion):
            text = "the store has schema version \(storeVersion) but this wenjin knows only up to "
                + "\(codeVersion); use a newer wenjin or crawl into a new store"
        case .noStore:
            text = "there is no store yet; run `wenjin crawl` first"
        case .cannotCreateFolder:
            text = "cannot create the store's folder"
        case .unreadableValue(let column):
            text = "unreadable value in column \(column)"
        case .cannotEncode:
            text = "cannot encode a revision"
        }
        if let message { text += ": \(message)" }
        text += " (store \(path))"
        if let sql { text += "\n  in: \(sql)" }
        return text
    }
}
