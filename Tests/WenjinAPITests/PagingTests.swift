import Foundation
import Testing
import WenjinAPI

/// The paging rules of docs/api.md §1.5, as the crawler asks them.
@Suite struct PagingTests {
    func response(_ json: String) -> APIResponse { APIResponse(url: "test", status: 200, body: Data(json.utf8)) }

    func question(answers: Int) throws -> QuestionDetail {
        let list = (0..<answers).map { #"{"answer_id":"\#($0 + 1)","answer_content":"a","uid":"2"}"# }.joined(separator: ",")
        return try response(#"{"rsm":{"question_info":{"question_id":"1","question_content":"t"},"answer_count":"250","answers":[\#(list)]},"errno":1,"err":null}"#)
            .decoded(as: QuestionDetail.self)
    }

    @Test func aFullPageOfOneHundredAnswersMeansAnotherPageMayFollow() throws {
        let full = try question(answers: 100)
        #expect(full.answers.count == 100)
        #expect(full.answerCount == 250)
        #expect(full.hasMoreAnswerPages)
        #expect(try !question(answers: 50).hasMoreAnswerPages)
        #expect(try !question(answers: 0).hasMoreAnswerPages)
    }

    @Test func homeFeedEndsWithAnEmptyPage() throws {
        let end = try response(#"{"rsm":{"total_rows":0,"rows":[]},"errno":1,"err":null}"#).decoded(as: HomePage.self)
        #expect(end.isEnd)
    }

    @Test func countedListsStopWhenEverythingAnnouncedHasArrived() throws {
        let page = try response(#"{"rsm":{"total_rows":"25","rows":[{"id":"1","title":"a"},{"id":"2","title":"b"}]},"errno":1,"err":null}"#)
            .decoded(as: UserQuestionsPage.self)
        #expect(!page.isLastPage(receivedBefore: 0))
        #expect(!page.isLastPage(receivedBefore: 22))
        #expect(page.isLastPage(receivedBefore: 23))
        #expect(page.isLastPage(receivedBefore: 40))  // total shrank while crawling
    }

    @Test func unreadableRowsStillCountTowardTheAnnouncedTotal() throws {
        let page = try response(#"{"rsm":{"total_rows":"2","rows":[{"id":"1","title":"a"},{"id":"x"}]},"errno":1,"err":null}"#)
            .decoded(as: UserQuestionsPage.self)
        #expect(page.rows.map(\.id.rawValue) == [1])
        #expect(page.unreadableRows.count == 1)
        #expect(page.receivedCount == 2)
        #expect(page.isLastPage(receivedBefore: 0))
    }

    @Test func anEmptyCountedPageEndsTheListEvenWhenTheTotalPromisesMore() throws {
        let page = try response(#"{"rsm":{"total_rows":"3","rows":[]},"errno":1,"err":null}"#).decoded(as: ArticleCommentsPage.self)
        #expect(page.isLastPage(receivedBefore: 0))
    }

    @Test func bestAnswerPagesThatIgnoreThePageNumberAreRecognisedAsRepeats() throws {
        let json = #"{"rsm":{"total_rows":1,"rows":[{"question_info":{"question_id":"1","question_content":"q"},"answer_info":{"answer_id":"3","answer_content":"a","agree_count":"0","uid":"2"}}]},"errno":1,"err":null}"#
        let first = try response(json).decoded(as: TopicBestAnswerPage.self)
        let second = try response(json).decoded(as: TopicBestAnswerPage.self)
        #expect(second.repeats(first))
        let empty = try response(#"{"rsm":{"total_rows":0},"errno":1,"err":null}"#).decoded(as: TopicBestAnswerPage.self)
        #expect(empty.isEnd)
        #expect(!empty.repeats(empty))
    }
}
