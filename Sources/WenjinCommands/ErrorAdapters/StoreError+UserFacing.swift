import WenjinStore

extension StoreError: UserFacingError {
    package var failure: String {
        switch reason {
        case .noStore: "there is no store yet"
        case .newerThanCode: "the store was written by a newer wenjin"
        case .cannotCreateFolder: "cannot create the store's folder"
        case .sqlite, .unreadableValue, .cannotEncode: "the store cannot be read or written"
        }
    }

    package var location: String? { path }

    package var cause: String? {
        switch reason {
        case .sqlite(let code): "SQLite error \(code)" + (message.map { ": \($0)" } ?? "") + (sql.map { " in \($0)" } ?? "")
        case .newerThanCode(let storeVersion, let codeVersion): "schema version \(storeVersion); this wenjin knows up to \(codeVersion)"
        case .unreadableValue(let column): "unreadable value in column \(column)"
        default: message
        }
    }

    package var remedy: String? {
        switch reason {
        case .noStore: "run `wenjin crawl` first"
        case .newerThanCode: "use a newer wenjin, or crawl into a new store"
        case .cannotCreateFolder: "check the permissions of the folder, or set store.directory in site.json"
        case .sqlite: "if the file is damaged, move it away and crawl again"
        default: nil
        }
    }
}
