import Foundation
import WenjinConfig
import WenjinModel
import WenjinSanitizer
import WenjinStore

/// What no published file may contain, gathered from the store, the takedowns, the source's
/// deletions and the anonymity facts the store keeps: the titles and texts of withdrawn posts,
/// the names and profile links of hidden users, the bytes of removed images, and the real
/// author of an anonymous post next to it. Any output can be scanned with it, one entry at a
/// time (`findings(in:entry:)`): the site folder (`PrivacyCheck`), or an archive's entries.
///
/// A string the published archive itself shows (another post with the same title, a name that
/// is part of other text) cannot tell a leak from a coincidence and is left out; so are texts
/// shorter than `minimumTextLength` characters. A body is looked for by its `linesPerBody`
/// longest lines, each by its first `longestText` characters.
package struct ForbiddenContent: Sendable {
    /// Where a pattern is forbidden.
    enum Scope: Sendable, Hashable {
        case everywhere
        /// In one file (an anonymous post's page).
        case file(String)
        /// In a user's profile pages (`users/<uid>.html`, `users/<uid>-2.html`, …).
        case userPages(UserID)

        func contains(_ entry: String) -> Bool {
            switch self {
            case .everywhere: true
            case .file(let path): entry == path
            case .userPages(let id): entry == "users/\(id.rawValue).html" || entry.hasPrefix("users/\(id.rawValue)-")
            }
        }
    }

    struct Needle: Sendable {
        /// What the matcher looks for: the text in one of its escaped forms, or an image's first bytes.
        var pattern: [UInt8]
        /// An image's bytes, which must follow whole for a match to count.
        var whole: [UInt8]? = nil
        /// What was found, without the forbidden text itself (a report may be shared).
        var finding: String
        var scope: Scope = .everywhere
    }

    static let minimumTextLength = 6
    /// Texts are looked for by their first characters, and bodies by their longest lines.
    static let longestText = 32
    static let linesPerBody = 3
    let needles: [Needle]
    private let matcher: PatternMatcher

    init(needles: [Needle]) {
        self.needles = needles
        matcher = PatternMatcher(needles.map(\.pattern))
    }

    /// The forbidden content of the archive `config` publishes from `store`.
    package static func gather(store: Store, config: SiteConfig) throws -> ForbiddenContent {
        let takedowns = try Takedowns.load(config)
        let content = try ArchiveContent.read(from: store, fallbackSource: config.source.baseURL)
        if let unknown = takedowns.unknownEntry(in: content) { throw unknown }
        let deleted = try store.read { try $0.deletedContent() }
        let withdrawals = Withdrawals(takedowns: takedowns, deleted: deleted, policy: config.privacy.deleted, content: content)
        var gatherer = ForbiddenTexts(content: content, published: content.withdrawing(withdrawals),
                                      hosts: CommunityHosts(source: content.sourceBase, historical: config.source.historicalHosts),
                                      ledger: BodyLedger.load(from: config.resolve(config.store.directory)))
        gatherer.addWithdrawnPosts()
        gatherer.addHiddenUsers()
        gatherer.addAnonymousAuthors()
        let assets = config.assetFolder
        var needles = gatherer.needles()
        for hash in Set(takedowns.images).sorted() {
            guard let bytes = FileManager.default.contents(atPath: assets.appendingPathComponent(hash).path), !bytes.isEmpty else {
                continue
            }
            let whole = [UInt8](bytes)
            needles.append(Needle(pattern: Array(whole.prefix(64)), whole: whole, finding: "the bytes of image \(hash), removed on request"))
        }
        return ForbiddenContent(needles: needles)
    }

    /// What one output entry (`entry` is its path in the output) lets out, each finding once.
    package func findings(in bytes: UnsafeRawBufferPointer, entry: String) -> [PrivacyFinding] {
        var found: Set<String> = []
        for match in matcher.matches(in: bytes) {
            let needle = needles[match.pattern]
            guard needle.scope.contains(entry) else { continue }
            if let whole = needle.whole {
                let start = match.end - needle.pattern.count
                guard bytes.count - start >= whole.count, bytes[start..<(start + whole.count)].elementsEqual(whole) else { continue }
            }
            found.insert(needle.finding)
        }
        return found.sorted().map { PrivacyFinding(file: entry, finding: $0) }
    }

    package var isEmpty: Bool { needles.isEmpty }
}

/// One forbidden thing found in one output file.
package struct PrivacyFinding: Sendable, Hashable, CustomStringConvertible {
    package let file: String
    package let finding: String
    package var description: String { "\(file): \(finding)" }

    /// Another output than a site folder names its entries its own way (`wenjin export zim`).
    package init(file: String, finding: String) {
        self.file = file
        self.finding = finding
    }
}
