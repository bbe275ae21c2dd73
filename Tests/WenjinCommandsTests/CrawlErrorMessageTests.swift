import Testing
import WenjinAPI
import WenjinCrawler
import WenjinStore
@testable import WenjinCommands

/// A crawl error keeps the error of the layer below as its cause, and its advice fits that
/// cause (issue 10 §6): a value too big for SQLite is not "check the disk".
@Suite("Crawl error messages")
struct CrawlErrorMessageTests {
    @Test("a store error keeps SQLite's code and message, and its advice follows the code")
    func storeAdviceFollowsTheCode() {
        let tooBig = CrawlError(.store(StoreError(.sqlite(code: 18), path: "/s/.wenjin/cache.sqlite", message: "string or blob too big")))
        #expect(tooBig.cause?.contains("SQLite error 18: string or blob too big") == true)
        #expect(tooBig.remedy?.contains("crawl.maxResponseBytes") == true)
        #expect(tooBig.remedy?.contains("disk") == false)
        let full = CrawlError(.store(StoreError(.sqlite(code: 13), path: "/s/.wenjin/cache.sqlite")))
        #expect(full.remedy?.contains("disk is full") == true)
        let busy = CrawlError(.store(StoreError(.sqlite(code: 5), path: "/s/.wenjin/cache.sqlite")))
        #expect(busy.remedy?.contains("another wenjin") == true)
    }

    @Test("a login that failed below the API says so: a refused redirect names where it pointed")
    func loginAdviceFollowsTheCause() {
        let redirected = CrawlError(.loginFailed(APIError(.redirectRefused(location: "https://wenjin.example/"), url: "http://wenjin.example/")))
        #expect(redirected.cause?.contains("redirectRefused") == true)
        #expect(redirected.remedy?.contains("https://wenjin.example/") == true)
        let bombed = CrawlError(.loginFailed(APIError(.compressedBody(encoding: "gzip"))))
        #expect(bombed.remedy?.contains("Accept-Encoding: identity") == true)
        let refused = CrawlError(.loginFailed(APIError(.rejected(message: "用户名或口令无效"))))
        #expect(refused.cause?.contains("用户名或口令无效") == true)
        #expect(refused.remedy?.contains("user name and password") == true)
    }

    @Test("an unreadable robots.txt says why it could not be read")
    func robotsCause() {
        let error = CrawlError(.robotsUnavailable(APIError(.deadlineExceeded(seconds: 120), url: "http://h/robots.txt")))
        #expect(error.cause?.contains("deadlineExceeded(seconds: 120)") == true)
        #expect(error.remedy?.contains("crawl.deadlineSeconds") == true)
    }
}
