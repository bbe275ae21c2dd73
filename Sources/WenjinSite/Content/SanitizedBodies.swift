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
    /// Whether the ledger differs from the one the build started with (then it is saved).
    private(set) var ledgerChanged = true

    /// The body's sanitized HTML, loaded from the cache on first use when `load` did not.
    subscript(key: BodyKey) -> TrustedHTML {
        guard let entry = ledger.entries[key] else { return TrustedHTML(trusted: "") }
        return html.html(for: key, entry: entry)
    }

    /// Whether the body has any content.
    func has(_ key: BodyKey) -> Bool { ledger.entries[key] != nil }

    /// The plain text of a body; empty for an empty body.
    func text(_ key: BodyKey) -> String { ledger.entries[key]?.text ?? "" }

    /// What a page showing the body depends on (0 for an empty body).
    func digest(_ key: BodyKey) -> UInt64 { ledger.entries[key]?.digest ?? 0 }

    /// Loads the HTML of `keys` from the cache in one go, on every core, before pages showing
    /// them are rendered.
    func load(_ keys: [BodyKey]) throws {
        try html.load(keys.compactMap { key in ledger.entries[key].map { (key, $0) } })
    }

    /// Lets go of the HTML of bodies whose pages are written; the texts stay for the indexes.
    func release(_ keys: [BodyKey]) { html.release(keys) }

    func releaseHTML() { html.releaseAll() }

    /// Takes the bodies `inputs` (from `rawBodies(of:)`) from the `previous` ledger, the cache,
    /// or the sanitizer, their links resolved against `index`.
    static func make(raw inputs: [(key: BodyKey, html: String)], index: ArchiveIndex, hosts: CommunityHosts, store: Store,
                     imageSizes: StoredImageSizes, previous: BodyLedger?, progress: any BuildProgress) throws -> SanitizedBodies {
        let links = ArchiveLinks(index: index, imageSizes: imageSizes)
        let targets = LinkTargets.digest(of: index)
        let usable = previous.flatMap { ledger in
            ledger.policyVersion == Sanitizer.policyVersion && ledger.hostsIdentity == hosts.identity ? ledger : nil
        }
        let sameTargets = usable?.linkTargets == targets
        let known = ParallelWork.map(inputs) { input -> BodyLedger.Entry? in
            var digest = ContentDigest(seed: 0)
            digest.add(input.html)
            guard let entry = usable?.entries[input.key], entry.rawDigest == digest.finish(),
                  sameTargets || entry.links.allSatisfy({ links.stillAnswers($0) }) else { return nil }
            return entry
        }
        var result = SanitizedBodies(
            ledger: BodyLedger(policyVersion: Sanitizer.policyVersion, hostsIdentity: hosts.identity, linkTargets: targets),
            html: BodyHTMLLoader(store: store, hosts: hosts, links: links))
        result.ledger.entries.reserveCapacity(inputs.count)
        var unknown: [(key: BodyKey, html: String)] = []
        for (input, entry) in zip(inputs, known) {
            if let entry { result.ledger.entries[input.key] = entry } else { unknown.append(input) }
        }
        result.cachedCount = inputs.count - unknown.count
        progress.advance(by: result.cachedCount)
        let (fromCache, fresh) = try result.html.sanitize(unknown, progress: progress)
        for (key, entry) in fresh { result.ledger.entries[key] = entry }
        result.cachedCount += fromCache
        result.sanitizedCount = unknown.count - fromCache
        result.ledgerChanged = usable == nil || !sameTargets || !unknown.isEmpty || usable?.entries.count != inputs.count
        return result
    }

    /// Every non-empty body of the archive with its raw HTML, in the archive's order.
    static func rawBodies(of content: ArchiveContent) -> [(key: BodyKey, html: String)] {
        var list: [(key: BodyKey, html: String)] = []
        for question in content.questions {
            list.append((.question(question.id), question.detailHTML))
            for answer in content.answers[question.id] ?? [] { list.append((.answer(answer.id), answer.contentHTML)) }
        }
        for article in content.articles { list.append((.article(article.id), article.messageHTML)) }
        return list.filter { !$0.html.isEmpty }
    }
}

extension ArchiveLinks {
    /// Whether the archive still answers a recorded link as it did.
    func stillAnswers(_ recorded: RecordedLink) -> Bool {
        recorded.link.map { localPath(for: $0) == recorded.localPath } ?? false
    }
}
