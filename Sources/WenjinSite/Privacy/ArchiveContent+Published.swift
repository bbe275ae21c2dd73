import WenjinConfig
import WenjinStore

extension ArchiveContent {
    /// The archive as `config` publishes it: read from the store, with the takedowns file and
    /// the source's deletions (under `privacy.deleted`) applied. Throws the takedowns file's
    /// `SiteConfigError` when it is malformed or names what the store does not hold.
    static func readPublished(from store: Store, config: SiteConfig) throws -> ArchiveContent {
        let takedowns = try Takedowns.load(config)
        let content = try read(from: store, fallbackSource: config.source.baseURL)
        if let unknown = takedowns.unknownEntry(in: content) { throw unknown }
        let deleted = try store.read { try $0.deletedContent() }
        return content.withdrawing(Withdrawals(takedowns: takedowns, deleted: deleted, policy: config.privacy.deleted,
                                               content: content))
    }
}

extension SiteError {
    /// A failure to read the published archive: the takedowns file's own error, or the store's.
    static func readingArchive(_ error: any Error, store: Store) -> SiteError {
        if let error = error as? SiteConfigError {
            return SiteError(.takedowns, step: .readStore, file: error.file, line: error.line, column: error.column,
                             message: error.problem + (error.hint.map { "; \($0)" } ?? ""))
        }
        return SiteError(.store, step: .readStore, file: store.path, message: "\(error)")
    }
}
