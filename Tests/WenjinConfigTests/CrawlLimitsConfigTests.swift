import Foundation
import Testing
@testable import WenjinConfig

/// site.json's limits on what one request may cost: `crawl.maxResponseBytes` and
/// `crawl.deadlineSeconds` (issue 10 §3), decoded as strictly as every other key.
@Suite("site.json request limits")
struct CrawlLimitsConfigTests {
    let root = testSiteRoot

    private func error(_ json: String) -> SiteConfigError? { decodingError(json) }

    @Test("by default a response may be 16 MiB and a request may take two minutes")
    func defaults() throws {
        let crawl = try SiteConfig.decode("{}", root: root).crawl
        #expect(crawl.maxResponseBytes == 16 * 1024 * 1024)
        #expect(crawl.deadline == .seconds(120))
    }

    @Test("given limits replace the defaults")
    func given() throws {
        let crawl = try SiteConfig.decode(#"{"crawl": {"maxResponseBytes": 4096, "deadlineSeconds": 15}}"#, root: root).crawl
        #expect(crawl.maxResponseBytes == 4096)
        #expect(crawl.deadline == .seconds(15))
    }

    @Test("limits out of range are errors naming the range; a cap above SQLite's largest value is one")
    func outOfRange() {
        #expect(error(#"{"crawl": {"maxResponseBytes": 2000000000}}"#)?.reason
            == .outOfRange(value: "2000000000", allowed: "1024 to 1000000000 (SQLite's largest value)"))
        #expect(error(#"{"crawl": {"maxResponseBytes": 10}}"#)?.keyPath == "crawl.maxResponseBytes")
        #expect(error(#"{"crawl": {"deadlineSeconds": 0}}"#)?.reason == .outOfRange(value: "0", allowed: "1 to 86400"))
    }

    @Test("a limit of the wrong type names the key and the expected type")
    func wrongType() {
        #expect(error(#"{"crawl": {"deadlineSeconds": "soon"}}"#)?.keyPath == "crawl.deadlineSeconds")
        #expect(error(#"{"crawl": {"maxResponseBytes": 1.5}}"#)?.keyPath == "crawl.maxResponseBytes")
    }
}
