import Foundation
import Synchronization
import Testing
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Logging in")
struct LoginTests {
    @Test("crawling logged out warns that guests see one answer per question")
    func loggedOutWarning() async throws {
        let site = try SampleSite(questions: 30)
        let warnings = Mutex<[String]>([])
        let (summary, store) = try await site.crawl(loggedIn: false) { event in
            if case .warning(let text) = event { warnings.withLock { $0.append(text) } }
        }
        #expect(!summary.loggedIn)
        #expect(warnings.withLock { $0 }.contains { $0.contains("logged out") && $0.contains("one answer per question") })
        let answered = site.community.questions.filter { !$0.answerIDs.isEmpty }.count
        #expect(try store.counts().answers == answered)
    }

    @Test("a wrong password stops the crawl with a login error and is not kept anywhere")
    func wrongPassword() async throws {
        let site = try SampleSite(questions: 10)
        var options = site.options()
        options.credentials = .init(userName: site.userName, password: "not-the-password")
        let store = try site.openStore()
        let error = await #expect(throws: CrawlError.self) { try await Crawler(options: options, store: store).run() }
        if case .loginFailed = error?.reason {} else { Issue.record("expected a login error, got \(String(describing: error))") }
        for path in [store.path, store.path + "-wal"] {
            let file = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            #expect(file.range(of: Data("not-the-password".utf8)) == nil)
        }
    }
}
