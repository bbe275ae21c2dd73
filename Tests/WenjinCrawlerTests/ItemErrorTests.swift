import Foundation
import Testing
import WenjinAPI
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Items that cannot be read")
struct ItemErrorTests {
    @Test("an unreadable response fails its item only: the error names URL, status and reason, and the raw body is kept")
    func unreadableItemKeptRaw() async throws {
        let site = try SampleSite(questions: 40)
        let store = try site.openStore()
        // A topic the server does not have (`api/topic.php` answers errno 1 with a message for
        // rsm), queued beside the start of a full crawl.
        try store.write { writer in
            for job in [CrawlJob.explore(page: 1), .topicSquare(page: 1), .topic(9999)] { try writer.add(job) }
        }
        let summary = try await Crawler(options: site.options(), store: store).run()
        #expect(summary.tasksFailed == 1)
        #expect(try store.counts() == StoreCounts(SampleStats(site.community)))
        let url = Endpoint.topic(RemoteTopicID(9999)).url(relativeTo: site.base)
        let raw = try #require(try store.read { try $0.rawResponse(for: url) })
        #expect(raw.status == 200)
        #expect(String(decoding: raw.body, as: UTF8.self).contains("rsm"))
        let error = try #require(raw.error)
        #expect(error.contains("notFound") && error.contains(url.absoluteString) && error.contains("status 200"))
        #expect(try store.read { try $0.state(of: CrawlTask(kind: "topic", key: "9999")) } == .failed)
    }

    @Test("a list row that cannot be read is named in the stored response and the other rows are used")
    func unreadableRowCounted() async throws {
        let site = try SampleSite(questions: 5)
        let store = try site.openStore()
        let crawler = Crawler(options: site.options(), store: store)
        let body = #"{"rsm":[{"id":"1","uid":"2","user_name":"a","content":"hi","add_time":"1"},{"id":"oops"}],"errno":1,"err":null}"#
        let response = APIResponse(url: site.base.text + "api/answer_comment.php?id=1", status: 200, body: Data(body.utf8))
        let list = try response.decoded(as: AnswerCommentList.self)
        #expect(list.comments.count == 1)
        try store.write { try crawler.keep(response, unreadable: list.unreadableRows, in: $0) }
        let raw = try #require(try store.read { try $0.rawResponse(for: URL(string: response.url)!) })
        #expect(raw.error?.hasPrefix("1 unreadable rows") == true)
    }
}
