import Foundation
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

/// Every body of the archive, sanitized, with what it cost: bodies already in the store's
/// cache (same text, same policy version, same link answers) are not sanitized again.
struct SanitizedBodies: Sendable {
    private(set) var html: [BodyKey: TrustedHTML] = [:]
    /// Plain text of each body (whitespace collapsed), as `Sanitizer.plainText` reads it.
    private(set) var texts: [BodyKey: String] = [:]
    /// Bodies sanitized by this build; the rest came from the cache.
    private(set) var sanitizedCount = 0
    private(set) var cachedCount = 0

    subscript(key: BodyKey) -> TrustedHTML { html[key] ?? TrustedHTML(trusted: "") }

    /// Whether the body has any content (its sanitized HTML is kept only then).
    func has(_ key: BodyKey) -> Bool { html[key] != nil }

    /// Lets go of the HTML once every page is rendered; the texts stay for the indexes.
    mutating func releaseHTML() { html = [:] }

    /// The plain text of a body; empty for an empty body.
    func text(_ key: BodyKey) -> String { texts[key] ?? "" }

    /// Sanitizes (or takes from the cache) the bodies `inputs` (from `rawBodies(of:)`), their
    /// links resolved against `index`, and caches what it sanitized.
    static func make(raw inputs: [(key: BodyKey, html: String)], index: ArchiveIndex, hosts: CommunityHosts, store: Store,
                     progress: any BuildProgress) throws -> SanitizedBodies {
        let links = ArchiveLinks(index: index)
        progress.begin(.sanitizeBodies, total: inputs.count)
        defer { progress.end(.sanitizeBodies) }
        let version = Sanitizer.policyVersion
        // The source base is part of the key: root-relative links in a body resolve against it.
        let keyed = ParallelWork.map(inputs) { input in
            (input.key, input.html, SanitizedCacheKey(
                contentHash: Sanitizer.contentHash(of: hosts.identity + "\u{0}" + input.html), policyVersion: version))
        }
        // Rows are read on the store's one connection, then decoded and checked on every core,
        // a batch at a time so that raw rows of a large archive never sit in memory all at once.
        let decoder = JSONDecoder()
        var cached: [(TrustedHTML, String)?] = []
        cached.reserveCapacity(keyed.count)
        for start in stride(from: 0, to: keyed.count, by: 4096) {
            let batch = keyed[start..<min(keyed.count, start + 4096)]
            let entries = try store.read { reader in try batch.map { try reader.sanitized($0.2) } }
            cached += ParallelWork.map(entries) { entry in
                guard let entry, let record = try? decoder.decode(CachedBodyRecord.Reused.self, from: Data(entry.reportJSON.utf8)),
                      record.links.allSatisfy({ recorded in
                          recorded.link.map { links.localPath(for: $0) == recorded.localPath } ?? false
                      }) else { return nil }
                // The cache holds only text this sanitizer produced (see `SanitizedHTML+Template`).
                return (TrustedHTML(trusted: entry.html), record.text)
            }
        }
        var result = SanitizedBodies()
        var misses: [(BodyKey, String, SanitizedCacheKey)] = []
        for (position, item) in keyed.enumerated() {
            if let (html, text) = cached[position] {
                result.html[item.0] = html
                result.texts[item.0] = text
                result.cachedCount += 1
            } else {
                misses.append(item)
            }
        }
        progress.advance(by: result.cachedCount)
        // A batch at a time, stored as it is done, so the reports (kept only in the store) of a
        // large archive never sit in memory all at once; records are encoded on every core.
        for start in stride(from: 0, to: misses.count, by: 4096) {
            let fresh = try ParallelWork.map(Array(misses[start..<min(misses.count, start + 4096)])) { key, html, cacheKey in
                let recorder = RecordingResolver(base: links)
                let sanitizer = Sanitizer(hosts: hosts, resolver: recorder)
                let (sanitized, report) = sanitizer.sanitize(html: html)
                let text = sanitizer.plainText(fromHTML: html)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let record = try encoder.encode(CachedBodyRecord(report: report, links: recorder.links, text: text))
                progress.advance(by: 1)
                return (key, cacheKey, sanitized, String(decoding: record, as: UTF8.self), text)
            }
            try store.write { writer in
                for (_, cacheKey, sanitized, json, _) in fresh {
                    try writer.putSanitized(SanitizedCacheEntry(html: sanitized.html, reportJSON: json), for: cacheKey)
                }
            }
            for (key, _, sanitized, _, text) in fresh {
                result.html[key] = sanitized.templateHTML
                result.texts[key] = text
            }
        }
        result.sanitizedCount = misses.count
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
