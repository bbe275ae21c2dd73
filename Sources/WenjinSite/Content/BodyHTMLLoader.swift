import Foundation
import Synchronization
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinStore
import WenjinTemplates

/// The sanitized HTML of bodies, read from the store's sanitizer cache when pages are about to
/// be rendered and let go when they are written, so a large archive's HTML is never in memory
/// whole; bodies the cache does not hold (or holds for other link answers) are sanitized and
/// cached. Shared by every rendering thread.
final class BodyHTMLLoader: Sendable {
    private let store: Store
    private let hosts: CommunityHosts
    private let links: ArchiveLinks
    private let loaded = Mutex<[BodyKey: TrustedHTML]>([:])
    private static let batchSize = 4096

    init(store: Store, hosts: CommunityHosts, links: ArchiveLinks) {
        self.store = store
        self.hosts = hosts
        self.links = links
    }

    /// The HTML of a body the ledger describes; `entry` is nil when its texts no longer read back.
    func html(for key: BodyKey, entry: BodyLedger.Entry?) -> TrustedHTML {
        if let html = loaded.withLock({ $0[key] }) { return html }
        // Pages of a build are loaded beforehand; this serves the preview's draft pages.
        try? load([(key, entry)])
        return loaded.withLock { $0[key] } ?? TrustedHTML(trusted: "")
    }

    func release(_ keys: [BodyKey]) {
        loaded.withLock { held in for key in keys { held[key] = nil } }
    }

    func releaseAll() {
        loaded.withLock { $0 = [:] }
    }

    /// Loads the HTML of bodies the ledger describes: from the cache when the row holds the HTML
    /// the entry was made with, else (or when the entry could not be read, nil) by sanitizing
    /// the body again (read back from the store).
    func load(_ items: [(key: BodyKey, entry: BodyLedger.Entry?)]) throws {
        let missing = loaded.withLock { held in items.filter { held[$0.key] == nil } }
        for start in stride(from: 0, to: missing.count, by: Self.batchSize) {
            let batch = Array(missing[start..<min(missing.count, start + Self.batchSize)])
            let rows = try store.read { reader in
                try batch.map { item in try item.entry.flatMap { try reader.sanitized($0.contentHash.cacheKey(policyVersion: Sanitizer.policyVersion)) } }
            }
            let checked = ParallelWork.map(Array(zip(batch, rows))) { item, row -> TrustedHTML? in
                guard let row, BodyLedger.digest(ofHTML: row.html) == item.entry?.htmlDigest else { return nil }
                // The cache holds only text this sanitizer produced (see `SanitizedHTML+Template`).
                return TrustedHTML(trusted: row.html)
            }
            var stale: [(key: BodyKey, html: String)] = []
            for (item, html) in zip(batch, checked) {
                if let html { loaded.withLock { $0[item.key] = html } } else { stale.append((item.key, try rawHTML(of: item.key))) }
            }
            // The cache's row is not the HTML the ledger saw: made anew, and cached again.
            if !stale.isEmpty { _ = try sanitize(stale, keepingHTML: true, usingCache: false, progress: SilentProgress()) }
        }
    }

    /// Ledger entries for bodies the ledger did not know: from the cache when it holds them for
    /// the same link answers, else sanitized now and cached. Their HTML is kept only when asked.
    func sanitize(_ inputs: [(key: BodyKey, html: String)], keepingHTML: Bool = false, usingCache: Bool = true,
                  progress: any BuildProgress)
        throws -> (fromCache: Int, entries: [(BodyKey, BodyLedger.Entry)]) {
        let links = self.links
        let hosts = self.hosts
        let version = Sanitizer.policyVersion
        var fromCache = 0
        var entries: [(BodyKey, BodyLedger.Entry)] = []
        entries.reserveCapacity(inputs.count)
        for start in stride(from: 0, to: inputs.count, by: Self.batchSize) {
            let batch = ParallelWork.map(Array(inputs[start..<min(inputs.count, start + Self.batchSize)])) { input in
                var digest = ContentDigest(seed: 0)
                digest.add(input.html)
                return (input.key, input.html, digest.finish(), CacheKeyHash(of: input.html, hosts: hosts))
            }
            let rows = usingCache ? try store.read { reader in
                try batch.map { try reader.sanitized($0.3.cacheKey(policyVersion: version)) }
            } : Array(repeating: nil, count: batch.count)
            let decoder = JSONDecoder()
            let made = try ParallelWork.map(Array(zip(batch, rows))) { item, row in
                let (key, html, rawDigest, contentHash) = item
                if let row, let record = try? decoder.decode(CachedBodyRecord.Reused.self, from: Data(row.recordJSON.utf8)),
                   record.links.allSatisfy(links.stillAnswers) {
                    let entry = BodyLedger.Entry(rawDigest: rawDigest, contentHash: contentHash, htmlDigest: BodyLedger.digest(ofHTML: row.html),
                                                 links: record.links, text: record.text)
                    return (key, entry, row.html, nil as SanitizedCacheEntry?)
                }
                let recorder = RecordingResolver(base: links)
                let sanitizer = Sanitizer(hosts: hosts, resolver: recorder)
                let (sanitized, report) = sanitizer.sanitize(html: html)
                let text = sanitizer.plainText(fromHTML: html)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let record = try encoder.encode(CachedBodyRecord(report: report, links: recorder.links, text: text))
                progress.advance(by: 1)
                let entry = BodyLedger.Entry(rawDigest: rawDigest, contentHash: contentHash,
                                             htmlDigest: BodyLedger.digest(ofHTML: sanitized.html), links: recorder.links, text: text)
                return (key, entry, sanitized.html,
                        SanitizedCacheEntry(html: sanitized.html, recordJSON: String(decoding: record, as: UTF8.self)))
            }
            // Stored a batch at a time, so the reports (kept only in the store) of a large
            // archive never sit in memory all at once.
            try store.write { writer in
                for (_, entry, _, row) in made {
                    if let row { try writer.putSanitized(row, for: entry.contentHash.cacheKey(policyVersion: version)) }
                }
            }
            for (key, entry, html, row) in made {
                entries.append((key, entry))
                if row == nil { fromCache += 1 }
                if keepingHTML { loaded.withLock { $0[key] = TrustedHTML(trusted: html) } }
            }
        }
        return (fromCache, entries)
    }

    /// The plain text of a body whose ledger entry no longer reads back, made again from its raw
    /// HTML in the store (the text does not depend on where links lead).
    func plainText(of key: BodyKey) -> String {
        guard let html = try? rawHTML(of: key), !html.isEmpty else { return "" }
        return Sanitizer(hosts: hosts, resolver: RecordingResolver(base: links)).plainText(fromHTML: html)
    }

    /// The raw HTML of a body, read from the store again.
    private func rawHTML(of key: BodyKey) throws -> String {
        try store.read { reader in
            switch key {
            case .question(let id): try reader.question(id)?.detailHTML ?? ""
            case .answer(let id): try reader.answer(id)?.contentHTML ?? ""
            case .article(let id): try reader.article(id)?.messageHTML ?? ""
            }
        }
    }
}
