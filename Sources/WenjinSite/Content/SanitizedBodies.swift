import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinStore
import WenjinTemplates

/// Which body of the archive a sanitized text belongs to.
enum BodyKey: Hashable, Sendable {
    case question(QuestionID)
    case answer(AnswerID)
    case article(ArticleID)
}

/// Every body of the archive as a build needs it: its plain text (for descriptions, feeds and
/// search) and digest (for page fingerprints) always, its sanitized HTML only for the pages
/// that are rendered (`load`), since an incremental build renders few.
///
/// Bodies the last build saw unchanged come from the `BodyLedger`; the others from the store's
/// sanitizer cache (same text, policy version and link answers), else they are sanitized and
/// cached.
struct SanitizedBodies: Sendable {
    private(set) var ledger: BodyLedger
    private let html: BodyHTMLLoader
    /// Bodies sanitized by this build; the rest came from the ledger or the cache.
    private(set) var sanitizedCount = 0
    private(set) var cachedCount = 0
    /// Bodies whose raw HTML came from the store; the rest were vouched for by the ledger.
    private(set) var readCount = 0
    /// Whether the ledger differs from the one the build started with (then it is saved).
    private(set) var ledgerChanged = true
    /// How, when it was read from the store's folder: what a save appends to its journal.
    private(set) var ledgerChanges = BodyLedger.Changes()
    /// The bodies this build knows to be empty, for the next one; nil for a store without a counter.
    private(set) var emptyBodies: EmptyBodies?
    /// Whether they differ from those the build was given (then they are saved).
    private(set) var emptiesChanged = false
    /// Bodies of unchanged rows this build looked up in the store: those the ledger lacks
    /// (and `EmptyBodies` does not vouch for), or whose entry no longer stands.
    private(set) var lookedUpCount = 0

    /// The body's sanitized HTML, loaded from the cache on first use when `load` did not.
    subscript(key: BodyKey) -> TrustedHTML {
        guard ledger.contains(key) else { return TrustedHTML(trusted: "") }
        return html.html(for: key, entry: ledger[key])
    }

    /// Whether the body has any content.
    func has(_ key: BodyKey) -> Bool { ledger.contains(key) }

    /// The plain text of a body; empty for an empty body. Read from the ledger's file when
    /// asked: a build needs the texts of the pages and documents it makes again, not all.
    func text(_ key: BodyKey) -> String {
        if let entry = ledger[key] { return entry.text }
        return ledger.contains(key) ? html.plainText(of: key) : ""
    }

    /// What a page showing the body depends on (0 for an empty body).
    func digest(_ key: BodyKey) -> UInt64 { ledger.digest(key) ?? 0 }

    /// Loads the HTML of `keys` from the cache in one go, on every core, before pages showing
    /// them are rendered.
    func load(_ keys: [BodyKey]) throws {
        let ledger = ledger
        let present = keys.filter { ledger.contains($0) }
        try html.load(Array(zip(present, ParallelWork.map(present) { ledger[$0] })))
    }

    /// Lets go of the HTML of bodies whose pages are written; the texts stay for the indexes.
    func release(_ keys: [BodyKey]) { html.release(keys) }

    func releaseHTML() { html.releaseAll() }

    /// Takes the bodies of `bodies` (`Inputs`) from the `previous` ledger, the cache,
    /// or the sanitizer, their links resolved against `archive`. A body the read left out (nil:
    /// its row is unchanged since the ledger's `seen`) is taken from the ledger without
    /// hashing; only when the ledger lacks it or its links now resolve otherwise is it read
    /// from the store, unless `empties` (vouched for, `EmptyBodies.vouched`) says it is empty.
    /// `seen` is the store's counter of the snapshot `inputs` come from.
    static func make(_ bodies: Inputs, archive: ArchiveLookup, hosts: CommunityHosts, store: Store,
                     imageSizes: StoredImageSizes, previous: BodyLedger?, empties: EmptyBodies? = nil, seen: StoreChanges?,
                     progress: any BuildProgress) throws -> SanitizedBodies {
        let (inputs, targets) = (bodies.raw, bodies.linkTargets)
        let links = ArchiveLinks(archive: archive, imageSizes: imageSizes)
        let usable = previous.flatMap { ledger in
            ledger.policyVersion == Sanitizer.policyVersion && ledger.hostsIdentity == hosts.identity ? ledger : nil
        }
        let sameTargets = usable?.linkTargets == targets
        let previousLedger = usable ?? BodyLedger(policyVersion: Sanitizer.policyVersion, hostsIdentity: hosts.identity, linkTargets: targets)
        let standing = ParallelWork.map(inputs) { input -> Standing in
            guard previousLedger.contains(input.key) else { return .absent }
            if sameTargets && input.html == nil { return .stands }
            // An entry whose texts no longer read back is made again from the store.
            guard let entry = previousLedger[input.key] else { return .replaced }
            if let html = input.html {
                var digest = ContentDigest(seed: 0)
                digest.add(html)
                guard entry.rawDigest == digest.finish() else { return .replaced }
            }
            return sameTargets || entry.links.allSatisfy({ links.stillAnswers($0) }) ? .stands : .replaced
        }
        // The previous ledger's table is kept as it lies, the bodies that changed patched over
        // it: nothing of the 375,000 entries of a 100,000-question archive is copied or freed.
        var result = SanitizedBodies(
            ledger: previousLedger.describing(policyVersion: Sanitizer.policyVersion, hostsIdentity: hosts.identity, linkTargets: targets,
                                              seen: seen),
            html: BodyHTMLLoader(store: store, hosts: hosts, links: links))
        var unknown: [(key: BodyKey, html: String)] = []
        var unread: [BodyKey] = []
        var stillEmpty: [BodyKey] = []
        var taken: [BodyKey] = []
        let knownEmpty = empties?.keys ?? []
        for (input, verdict) in zip(inputs, standing) where verdict != .stands {
            if verdict == .replaced {
                result.ledger.remove(input.key)
                taken.append(input.key)
            }
            if let html = input.html {
                unknown.append((input.key, html))
            } else if verdict == .absent && knownEmpty.contains(input.key) {
                stillEmpty.append(input.key)
            } else {
                unread.append(input.key)
            }
        }
        // Entries of bodies the archive no longer shows go too.
        let present = standing.count(where: { $0 != .absent })
        let previousCount = previousLedger.count
        if present < previousCount {
            let shown = Set(inputs.map(\.key))
            for (key, _) in previousLedger.keysAndDigests() where !shown.contains(key) {
                result.ledger.remove(key)
                taken.append(key)
            }
        }
        result.cachedCount = inputs.count - unknown.count - unread.count - stillEmpty.count
        let fetched = try readBodies(unread, from: store)
        result.readCount = inputs.count(where: { $0.html != nil }) + fetched.count
        result.lookedUpCount = unread.count
        let found = Set(fetched.map(\.key))
        result.emptyBodies = seen.map { EmptyBodies(seen: $0, keys: Set(stillEmpty + unread.filter { !found.contains($0) } + bodies.empty)) }
        result.emptiesChanged = result.emptyBodies != empties
        unknown += fetched
        progress.advance(by: result.cachedCount + stillEmpty.count)
        let (fromCache, fresh) = try result.html.sanitize(unknown, progress: progress)
        for (key, entry) in fresh { result.ledger.put(entry, for: key) }
        if let usable {
            // The rest came from the ledger as they were.
            result.ledger.files = usable.files
            result.ledgerChanges = BodyLedger.Changes(removed: taken.filter { !result.ledger.contains($0) }, changed: fresh.map { $0.0 })
        }
        result.cachedCount += fromCache
        result.sanitizedCount = unknown.count - fromCache
        // A ledger whose entries all stand is kept as it is, its `seen` older than this
        // snapshot: still true of every row unchanged since, so the next build only reads more.
        result.ledgerChanged = usable == nil || !sameTargets || !unknown.isEmpty || previousCount != result.ledger.count
            || usable?.seen?.token != seen?.token
        return result
    }

    /// The non-empty ones of bodies the read left out, from the store. Read after the snapshot,
    /// so under a crawl running beside the build one may be newer than it: its row's counter is
    /// then above the ledger's `seen` (and `EmptyBodies.seen`, if it was found empty), and the
    /// next build reads it again.
    private static func readBodies(_ keys: [BodyKey], from store: Store) throws -> [(key: BodyKey, html: String)] {
        guard !keys.isEmpty else { return [] }
        return try store.read { reader in
            try keys.compactMap { key -> (key: BodyKey, html: String)? in
                let stored: StoredBody = switch key {
                case .question(let id): .question(id)
                case .answer(let id): .answer(id)
                case .article(let id): .article(id)
                }
                guard let html = try reader.body(stored), !html.isEmpty else { return nil }
                return (key, html)
            }
        }
    }
}

/// What `SanitizedBodies.make` finds of a body in the previous ledger.
private enum Standing: Sendable {
    /// Its entry still describes it.
    case stands
    /// Its entry is out of date: the body or where its links lead changed.
    case replaced
    /// The ledger has no entry for it.
    case absent
}

extension ArchiveLinks {
    /// Whether the archive still answers a recorded link as it did.
    func stillAnswers(_ recorded: RecordedLink) -> Bool {
        recorded.link.map { localPath(for: $0) == recorded.localPath } ?? false
    }
}
