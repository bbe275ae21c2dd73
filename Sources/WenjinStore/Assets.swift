import Foundation
import WenjinModel

extension Asset {
    static let columns = "url, sha256, content_type, size, state, error"

    init(row: Row) throws(StoreError) {
        self.init(url: AssetURL(row.text(0)), sha256: row.optionalText(1), contentType: row.optionalText(2),
                  size: row.optionalInt(3), state: try row.value(4, as: State.self), error: row.optionalText(5))
    }
}

extension StoreReader {
    package func asset(_ url: AssetURL) throws(StoreError) -> Asset? {
        try connection.queryFirst("SELECT \(Asset.columns) FROM assets WHERE url = ?", url) { row throws(StoreError) in try Asset(row: row) }
    }

    /// Every asset by URL, for mapping a page's image addresses to local files.
    package func assets() throws(StoreError) -> [Asset] {
        try connection.query("SELECT \(Asset.columns) FROM assets ORDER BY url") { row throws(StoreError) in try Asset(row: row) }
    }

    /// Every asset, by URL: the table read in its own order into a dictionary made at its final
    /// size (grown one insert at a time, it was rehashed on the way; the URLs' order costs a walk
    /// of their index with a lookup of each row).
    package func assetsByURL() throws(StoreError) -> [AssetURL: Asset] {
        var assets: [AssetURL: Asset] = [:]
        assets.reserveCapacity(try connection.queryFirst("SELECT count(*) FROM assets") { $0.int(0) } ?? 0)
        _ = try connection.query("SELECT \(Asset.columns) FROM assets") { row throws(StoreError) in
            let asset = try Asset(row: row)
            assets[asset.url] = asset
        }
        return assets
    }
}

extension StoreWriter {
    /// Records the outcome of fetching an asset, replacing any earlier outcome for its URL.
    package func put(_ asset: Asset, fetchedAt: Date = Date()) throws(StoreError) {
        try connection.run("""
            INSERT INTO assets (url, sha256, content_type, size, state, error, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (url) DO UPDATE SET
                sha256 = excluded.sha256, content_type = excluded.content_type, size = excluded.size,
                state = excluded.state, error = excluded.error, fetched_at = excluded.fetched_at
            """, asset.url, asset.sha256, asset.contentType, asset.size, asset.state.rawValue, asset.error, fetchedAt)
    }
}
