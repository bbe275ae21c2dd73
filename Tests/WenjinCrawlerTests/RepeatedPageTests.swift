import Foundation
import Testing
import WenjinTestSupport
import WenjinAPI
import WenjinHTTP
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// Paging is bounded by progress as well as by what the server said (issue 10 §3): WeCenter's
/// stand-alone scripts send the last page again for any page past the end, so a `total_rows`
/// that promises more than there is would otherwise page forever.
@Suite("Pages that repeat")
struct RepeatedPageTests {
    @Test("every counted list claiming Int64.max rows ends at its first repeated page, everything is archived and the ends are reported",
          .timeLimit(.minutes(20)))
    func hugeTotalRowsEndAtTheFirstRepeat() async throws {
        let pattern = try NSRegularExpression(pattern: #""total_rows":"?[0-9]+"?"#)
        let server = try RewritingSampleServer(questions: 30) { _, body in
            pattern.stringByReplacingMatches(in: body, range: NSRange(body.startIndex..., in: body),
                                             withTemplate: #""total_rows":"9223372036854775807""#)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-repeats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = CrawlOptions(source: APIBaseURL(server.base)!, assetsFolder: folder.appendingPathComponent("assets"))
        options.credentials = .init(userName: server.community.users[0].userName, password: SampleAPI.password)
        options.requestsPerSecond = 0
        options.connectionsPerHost = 4
        options.backoffBase = .milliseconds(20)
        options.backoffMax = .milliseconds(200)
        let store = try Store.open(at: folder.appendingPathComponent(Store.fileName))
        let summary = try await Crawler(options: options, store: store).run()
        #expect(summary.tasksFailed == 0)
        #expect(summary.listsEndedEarly > 0)
        #expect(try store.counts() == StoreCounts(SampleStats(server.community)))
        // The page where a list ended says so, for whoever reads the store.
        let base = APIBaseURL(server.base)!
        let notes = try store.read { reader in
            try reader.users().compactMap { user in
                try reader.rawResponse(for: Endpoint.followers(RemoteUserID(user.id.rawValue), page: 2, perPage: Crawler.followPageSize)
                    .url(relativeTo: base))?.error
            }
        }
        #expect(!notes.isEmpty)
        #expect(notes.allSatisfy { $0.contains("page 2 repeats page 1: the list ends here") })
    }

    @Test("a question whose every answer page repeats the same 100 answers under an Int64.max answer count is read once and reported",
          .timeLimit(.minutes(20)))
    func endlessAnswerPagesEnd() async throws {
        let answers = (1...100).map {
            #"{"answer_id":"\#($0)","answer_content":"a\#($0)","uid":"-1","add_time":"1428640000","comment_count":"0","anonymous":"1"}"#
        }.joined(separator: ",")
        let body = #"{"rsm":{"question_info":{"question_id":"1","question_content":"q","add_time":"1428640000"},"#
            + #""answer_count":"9223372036854775807","answers":[\#(answers)]},"errno":1,"err":null}"#
        let server = HTTPServer { request in
            request.target.contains("question/question")
                ? WenjinHTTP.HTTPResponse(headers: ["Content-Type": "text/html"], body: body)
                : WenjinHTTP.HTTPResponse(status: .notFound, body: "")
        }
        let port = try server.start()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-answers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = CrawlOptions(source: APIBaseURL("http://127.0.0.1:\(port)/")!, assetsFolder: folder.appendingPathComponent("assets"))
        options.requestsPerSecond = 0
        options.backoffBase = .milliseconds(20)
        options.backoffMax = .milliseconds(200)
        let store = try Store.open(at: folder.appendingPathComponent(Store.fileName))
        try store.write { try $0.add(.question(1)) }
        let summary = try await Crawler(options: options, store: store).run()
        #expect(summary.tasksFailed == 0)
        #expect(summary.listsEndedEarly == 1)
        #expect(try store.counts().answers == 100)
        let second = try store.read { try $0.rawResponse(for: Endpoint.question(RemoteQuestionID(1), answerPage: 2).url(relativeTo: options.source)) }
        #expect(second?.error?.contains("page 2 repeats page 1") == true)
    }
}
