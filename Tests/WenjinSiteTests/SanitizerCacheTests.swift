import Foundation
import Testing
import WenjinModel
import WenjinSanitizer
import WenjinStore
@testable import WenjinSite

/// Bodies are sanitized once and then served from the store's cache, keyed by the text and
/// the policy version, and checked against what the archive holds now.
@Suite("Sanitizer cache")
struct SanitizerCacheTests {
    @Test("A rebuild does not sanitize again")
    func rebuildUsesCache() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        let second = try site.build()
        // Non-empty bodies: one question detail, two answers, one article.
        #expect(first.bodiesSanitized == 4)
        #expect(first.bodiesCached == 0)
        #expect(second.bodiesSanitized == 0)
        #expect(second.bodiesCached == 4)
    }

    @Test("A cached body is what the page shows, and only under the current policy version")
    func cacheIsKeyedByPolicyVersion() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let html = "<p>匿名回答：八点。</p>"
        let hosts = CommunityHosts(source: FixtureSite.source).identity
        let hash = Sanitizer.contentHash(of: hosts + "\u{0}" + html)
        let record = #"{"links":[],"text":"from the cache","report":{"removedAttributes":{},"removedElements":{},"removedURLs":{},"unwrappedElements":{}}}"#
        try site.store.write { writer in
            try writer.putSanitized(SanitizedCacheEntry(html: "<p>from the cache</p>", recordJSON: record),
                                    for: SanitizedCacheKey(contentHash: hash, policyVersion: Sanitizer.policyVersion))
            try writer.putSanitized(SanitizedCacheEntry(html: "<p>old policy</p>", recordJSON: record),
                                    for: SanitizedCacheKey(contentHash: Sanitizer.contentHash(of: hosts + "\u{0}<p>周末也开吗？<script>alert(1)</script></p>"),
                                                           policyVersion: Sanitizer.policyVersion - 1))
        }
        let summary = try site.build()
        #expect(summary.bodiesCached == 1)
        let page = try String(contentsOf: site.output.appendingPathComponent("questions/100.html"), encoding: .utf8)
        #expect(page.contains("<p>from the cache</p>"))
        #expect(!page.contains("old policy"))
        #expect(page.contains("<p>周末也开吗？</p>"))
    }

    @Test("A body whose links now point at archived pages is sanitized again")
    func linkChangesInvalidateCache() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        // An answer that links to question 103, which the archive does not hold yet.
        try site.store.write { writer in
            try writer.upsert(Answer(id: 1002, questionID: 101, authorID: 1,
                                     contentHTML: "<p>见 <a href=\"http://wenjin.in/?/question/103\">另一个问题</a></p>"))
        }
        let withoutTarget = try site.build()
        #expect(withoutTarget.bodiesSanitized == 5)
        let stale = try String(contentsOf: site.output.appendingPathComponent("questions/101.html"), encoding: .utf8)
        #expect(stale.contains("http://wenjin.in/?/question/103"))
        try site.store.write { writer in
            try writer.upsert(Question(id: 103, title: "后来抓到的问题", addTime: Date(timeIntervalSince1970: 1_430_000_000),
                                       updateTime: Date(timeIntervalSince1970: 1_430_000_000)))
        }
        let again = try site.build()
        #expect(again.bodiesSanitized == 1)
        #expect(again.bodiesCached == 4)
        let page = try String(contentsOf: site.output.appendingPathComponent("questions/101.html"), encoding: .utf8)
        #expect(page.contains("href=\"../questions/103.html\""))
    }
}
