import Foundation
import Testing
@testable import WenjinCommands

/// A `user:password@` given on the command line would be published in every link to the
/// original (issue 10 §2): it is bad usage, and the message never repeats the password.
@Suite("Credentials in --source")
struct SourceCredentialsTests {
    @Test("wenjin crawl --source with user:password@ exits 64 naming --source, without echoing the password")
    func credentialsInSourceAreRefused() async {
        let run = await runWenjin("crawl", "--source", "http://admin:hunter2@127.0.0.1:9/")
        #expect(run.exitCode == .usage)
        #expect(run.error.contains("--source") && run.error.contains("user:password@"), "\(run.error)")
        #expect(!run.error.contains("hunter2") && !run.error.contains("admin"), "\(run.error)")
    }
}
