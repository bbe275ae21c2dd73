import Foundation
import Testing
import WenjinSanitizer
@testable import WenjinConfig

/// site.json's hosts: where images may come from (`crawl.assetHosts`), and URLs that would
/// publish a password (issue 10 §2).
@Suite("site.json hosts and credentials")
struct SiteConfigHostTests {
    let root = testSiteRoot

    private func error(_ json: String) -> SiteConfigError? { decodingError(json) }

    @Test("crawl.assetHosts defaults to the historical WENJIN hosts, takes a list in lower case, and [] for none")
    func assetHosts() throws {
        #expect(try SiteConfig.decode("{}", root: root).crawl.assetHosts == CommunityHosts.historical)
        #expect(try SiteConfig.decode(#"{"crawl": {"assetHosts": ["IMG.Example.org", "wenjin.in"]}}"#, root: root).crawl.assetHosts
            == ["img.example.org", "wenjin.in"])
        #expect(try SiteConfig.decode(#"{"crawl": {"assetHosts": []}}"#, root: root).crawl.assetHosts.isEmpty)
    }

    @Test("crawl.assetHosts must be host names: a URL, a port or a wrong type is an error naming the key")
    func assetHostsErrors() {
        #expect(error(#"{"crawl": {"assetHosts": "wenjin.in"}}"#)?.description
            == "site.json:1:26: 'crawl.assetHosts' must be an array of strings, found a string")
        #expect(error(#"{"crawl": {"assetHosts": ["http://wenjin.in/"]}}"#)?.reason
            == .invalidValue(value: "\"http://wenjin.in/\"", expected: "host names such as \"wenjin.in\""))
        #expect(error(#"{"crawl": {"assetHosts": ["wenjin.in:8080"]}}"#)?.keyPath == "crawl.assetHosts")
        #expect(error(#"{"crawl": {"assetHost": []}}"#)?.description.contains("assetHosts") == true)
    }

    @Test("a user:password@ in source.baseURL or baseURL is refused, naming the key and never echoing the password")
    func credentialsInURLsAreRefused() {
        for (json, key) in [(#"{"source": {"baseURL": "http://admin:hunter2@wenjin.in/"}}"#, "source.baseURL"),
                            (#"{"baseURL": "https://deploy:hunter2@archive.example.org/"}"#, "baseURL"),
                            (#"{"source": {"baseURL": "http://admin@wenjin.in/"}}"#, "source.baseURL")] {
            let failure = error(json)
            #expect(failure?.keyPath == key)
            let text = failure?.description ?? ""
            #expect(text.contains("user:password@"), "\(text)")
            #expect(!text.contains("hunter2") && !text.contains("admin"), "\(text)")
        }
    }
}
