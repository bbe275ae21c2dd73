import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// Raw responses, meta values and the sanitizer's cache.
@Suite struct RecordTests {
    let store: Store

    init() throws { store = try Store.inMemory() }

    @Test func aRawResponseComesBackByteForByteAndTheLatestReplacesTheOlder() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8000/?/api/question/question/&id=3521"))
        let body = Data(#"{"rsm":{"question_content":"\u5317\u6d0b\u56ed"},"errno":1,"err":null}"#.utf8) + Data([0, 255])
        let first = RawResponse(url: url, status: 200, fetchedAt: Fixtures.time, etag: "\"abc\"",
                                lastModified: "Thu, 12 Nov 2015 08:20:20 GMT",
                                contentType: "text/html; charset=utf-8", body: body)
        try store.write { try $0.put(first) }
        #expect(try store.read { try $0.rawResponse(for: url) } == first)

        let failed = RawResponse(url: url, status: 0, fetchedAt: Fixtures.time + 60, body: Data(), error: "timed out")
        try store.write { try $0.put(failed) }
        #expect(try store.read { try $0.rawResponse(for: url) } == failed)
    }

    @Test func metaValuesAreSetReplacedAndRemoved() throws {
        try store.write { try $0.setMeta(.sourceURL, "http://wenjin.in/") }
        try store.write { try $0.setMeta(.sourceURL, "http://127.0.0.1:8000/") }
        #expect(try store.read { try $0.meta(.sourceURL) } == "http://127.0.0.1:8000/")
        try store.write { try $0.setMeta(.sourceURL, nil) }
        #expect(try store.read { try $0.meta(.sourceURL) } == nil)
    }

    @Test func theSanitizedCacheIsKeyedByHashAndPolicyVersion() throws {
        let key = SanitizedCacheKey(contentHash: "9f86d081", policyVersion: 1)
        let entry = SanitizedCacheEntry(html: "<p>问津 ✅</p>", recordJSON: #"{"removed":["script"]}"#)
        try store.write { try $0.putSanitized(entry, for: key) }
        let (hit, newerPolicy) = try store.read {
            (try $0.sanitized(key), try $0.sanitized(SanitizedCacheKey(contentHash: "9f86d081", policyVersion: 2)))
        }
        #expect(hit == entry)
        #expect(newerPolicy == nil)
    }

    @Test func anAssetsLatestOutcomeReplacesTheEarlierOne() throws {
        let failed = Asset(url: Fixtures.asset.url, state: .failed, error: "connection reset")
        try store.write { try $0.put(failed) }
        try store.write { try $0.put(Fixtures.asset) }
        #expect(try store.read { try $0.asset(Fixtures.asset.url) } == Fixtures.asset)
        #expect(try store.read { try $0.assets() }.count == 1)
    }
}
