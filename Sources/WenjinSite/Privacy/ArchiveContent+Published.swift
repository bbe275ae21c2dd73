import Foundation
import WenjinConfig
import WenjinStore

extension ArchiveContent {
    /// The archive as `config` publishes it: read from the store, with the takedowns file and
    /// the source's deletions (under `privacy.deleted`) applied. Throws the takedowns file's
    /// `SiteConfigError` when it is malformed or names what the store does not hold.
    /// `bodiesUnchangedSince` as for `read`. With `digestingRows`, the rows' digests are made
    /// (from `previousRows` where they are unchanged) before anything is withdrawn. With a
    /// `stateFolder`, the rows are read over `keptRows` and kept there as `read` does.
    static func readPublished(from store: Store, config: SiteConfig, bodiesUnchangedSince seen: StoreChanges? = nil,
                              digestingRows: Bool = false, previousRows: RowDigests? = nil, keptRows: ListedRows? = nil,
                              stateFolder: URL? = nil) throws -> ArchiveContent {
        let takedowns = try Takedowns.load(config)
        var content = try read(from: store, fallbackSource: config.source.baseURL, bodiesUnchangedSince: seen, keptRows: keptRows,
                               digestingRows: digestingRows, previousRows: previousRows, savingRowsIn: stateFolder)
        // A read over kept rows digested them as it went.
        if digestingRows && content.rowDigests == nil { content.rowDigests = RowDigests(content: content, previous: previousRows) }
        if let unknown = takedowns.unknownEntry(in: content) { throw unknown }
        let deleted = try store.read { try $0.deletedContent() }
        return content.withdrawing(Withdrawals(takedowns: takedowns, deleted: deleted, policy: config.privacy.deleted,
                                               content: content))
    }
}
