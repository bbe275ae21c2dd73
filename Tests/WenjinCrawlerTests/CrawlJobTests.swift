import Testing
import WenjinStore
@testable import WenjinCrawler

@Suite("Crawl jobs in the queue")
struct CrawlJobTests {
    @Test("every job survives the trip through the store's kind and key")
    func roundTrip() {
        let jobs: [CrawlJob] = [
            .explore(page: 3), .topicSquare(page: 1), .question(120), .answer(7), .answerComments(answer: 7), .user(42),
            .follows(.following, user: 4, page: 2, before: 20), .follows(.followers, user: 4, page: 1, before: 0),
            .posts(.questions, user: 5, page: 1, before: 0), .posts(.answers, user: 5, page: 3, before: 40),
            .topic(9), .topicBestAnswers(topic: 9, page: 2), .article(2), .articleComments(article: 2, page: 2, before: 100),
            .asset("http://127.0.0.1:8080/uploads/answer/20150301/abc.jpg"),
        ]
        for job in jobs { #expect(CrawlJob(job.task) == job) }
    }

    @Test("tasks of unknown kinds or malformed keys are not taken for jobs")
    func unknownTasks() {
        #expect(CrawlJob(CrawlTask(kind: "home", key: "1")) == nil)
        #expect(CrawlJob(CrawlTask(kind: "question", key: "x")) == nil)
        #expect(CrawlJob(CrawlTask(kind: "user-followers", key: "4/2")) == nil)
    }
}
