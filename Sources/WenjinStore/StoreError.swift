import WenjinSQLite

/// The one error type of WenjinStore: what went wrong, with the store file and SQL involved.
package struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
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

    package var reason: Reason
    /// The store file (`:memory:` for an in-memory store).
    package var path: String
    /// The statement being run, when there was one.
    package var sql: String?
    /// SQLite's own message, or what the store was doing when `underlying` failed.
    package var message: String?
    /// The error of the layer below (an encoder's, the file system's, a SQLite wrapper's),
    /// kept whole for the command line's report.
    package var underlying: (any Error)?

    package init(_ reason: Reason, path: String, sql: String? = nil, message: String? = nil, underlying: (any Error)? = nil) {
        self.reason = reason
        self.path = path
        self.sql = sql
        self.message = message
        self.underlying = underlying
    }

    /// Equal when they say the same: an underlying error is compared by its description, as
    /// `any Error` has no equality of its own.
    package static func == (left: StoreError, right: StoreError) -> Bool {
        left.reason == right.reason && left.path == right.path && left.sql == right.sql && left.message == right.message
            && left.underlying.map { String(describing: $0) } == right.underlying.map { String(describing: $0) }
    }

    /// A refusal of SQLite in the store at `path`, its code, message and SQL kept.
    init(_ cause: SQLiteError, path: String) {
        self.init(.sqlite(code: cause.code), path: path, sql: cause.sql, message: cause.message)
    }

    package var description: String {
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
        if let underlying { text += ": \(underlying)" }
        text += " (store \(path))"
        if let sql { text += "\n  in: \(sql)" }
        return text
    }
}
