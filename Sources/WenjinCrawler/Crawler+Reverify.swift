import Foundation
import WenjinStore

/// Re-verification: explore shows only what moved a question's update time, so each crawl also
/// re-fetches the share of the archive the source confirmed longest ago. Every fetch of an item
/// renews its place (`StoreWriter.markVerified`), so with a share s every stored item is asked
/// for again within ceil(1/s) crawls, and deletions, profile edits and comments that moved no
/// update time are found.
extension Crawler {
    /// Queues ceil(share × count) of each kind of item, those verified longest ago. Returns how many.
    static func queueReverification(_ writer: StoreWriter, share: Double) throws -> Int {
        guard share > 0 else { return 0 }
        var queued = 0
        for kind in VerifiedKind.allCases {
            let total = try writer.reader.itemCount(kind)
            let wanted = min(total, Int((Double(total) * min(share, 1)).rounded(.up)))
            for id in try writer.reader.leastRecentlyVerified(kind, limit: wanted) {
                try writer.redo(job(kind, id))
                queued += 1
            }
        }
        return queued
    }

    private static func job(_ kind: VerifiedKind, _ id: Int) -> CrawlJob {
        switch kind {
        case .question: .question(id)
        case .user: .user(id)
        case .article: .article(id)
        }
    }
}

/// The store as a crawl found it, to tell what the crawl changed. Only a crawl after a finished
/// one has a baseline: on the first, everything is new and nothing "changed".
struct ChangeBaseline: Sendable {
    static let recrawlKey: MetaKey = "crawl.is_recrawl"

    let revisions: Int
    let comments: Int

    /// Called when a crawl starts afresh, before the finish time is cleared: remembers, for a
    /// resumed run too, whether an earlier crawl had finished.
    static func begin(_ writer: StoreWriter) throws {
        try writer.setMeta(recrawlKey, try writer.reader.meta(.crawlFinishedAt) == nil ? nil : "1")
    }

    /// The baseline of this run; nil for a first crawl.
    static func read(_ reader: StoreReader) throws -> ChangeBaseline? {
        guard try reader.meta(recrawlKey) != nil else { return nil }
        let counts = try reader.counts()
        return ChangeBaseline(revisions: try reader.revisionCount(), comments: counts.comments + counts.articleComments)
    }

    /// What changed since the baseline, with what the crawl counted as it went.
    func changes(now reader: StoreReader, deleted: Int, restored: Int, profilesChanged: Int) throws -> ArchiveChanges {
        let counts = try reader.counts()
        return ArchiveChanges(edited: try reader.revisionCount() - revisions, deleted: deleted, restored: restored,
                              newComments: counts.comments + counts.articleComments - comments, profilesChanged: profilesChanged)
    }
}
