import Foundation
import Testing
import WenjinAPI

/// Numbers from the source are held to `SourceRange` where they are decoded: an id outside
/// rejects its item (reported beside the others), a count is clamped, a time outside is unknown.
@Suite("Numbers from the source")
struct SourceNumberTests {
    func response(_ json: String) -> APIResponse { APIResponse(url: "http://127.0.0.1/test", status: 200, body: Data(json.utf8)) }

    func explore(_ rows: [String]) throws -> ExplorePage {
        try response(#"{"rsm":{"total_rows":\#(rows.count),"rows":[\#(rows.joined(separator: ","))]},"errno":1,"err":null}"#)
            .decoded(as: ExplorePage.self)
    }

    func question(_ id: String, count: String = "1", time: String = "1428640000") -> String {
        #"{"question_id":\#(id),"question_content":"q","add_time":\#(time),"update_time":\#(time),"answer_count":\#(count),"view_count":\#(count),"focus_count":\#(count)}"#
    }

    func questions(_ page: ExplorePage) -> [ExploreQuestion] {
        page.items.compactMap { if case .question(let row) = $0 { row } else { nil } }
    }

    @Test("counts at Int64.max, beyond it, as 40-digit strings or huge floats are clamped to 2147483647 and the row kept")
    func hugeCountsAreClamped() throws {
        let page = try explore([
            question("1", count: "9223372036854775807"), question("2", count: "9223372036854775808"),
            question("3", count: #""1234567890123456789012345678901234567890""#), question("4", count: "1e308"),
        ])
        #expect(page.unreadableRows.isEmpty)
        let rows = questions(page)
        #expect(rows.map(\.id.rawValue) == [1, 2, 3, 4])
        for row in rows {
            #expect(row.answerCount == 2_147_483_647 && row.viewCount == 2_147_483_647 && row.focusCount == 2_147_483_647)
        }
    }

    @Test("negative counts read as 0, negative votes keep their sign within the range")
    func negativeCounts() throws {
        let page = try explore([question("1", count: "-9223372036854775808"), question("2", count: #""-1""#)])
        #expect(questions(page).map(\.answerCount) == [0, 0])
        let article = try response(#"{"rsm":{"article_info":{"id":"5","title":"t","message":"m","votes":"-9223372036854775808","uid":"2"}},"errno":1,"err":null}"#)
            .decoded(as: ArticleDetail.self)
        #expect(article.votes == -2_147_483_647)
    }

    @Test("an id that is negative, zero, beyond 2^53 or not a whole number rejects its row only, with the row's path named")
    func badIdsRejectTheirRow() throws {
        let page = try explore([
            question("-5"), question("0"), question("9223372036854775807"), question(#""1e5""#), question("1.5"),
            question(#""NaN""#), question("7"),
        ])
        #expect(questions(page).map(\.id.rawValue) == [7])
        #expect(page.unreadableRows.count == 6)
        let text = page.unreadableRows.map(\.description).joined(separator: "\n")
        #expect(text.contains("rsm.rows[0].question_id") && text.contains("id out of range"))
        #expect(text.contains("rsm.rows[5].question_id") && text.contains("expected a number"))
    }

    @Test("an asker may be −1 (anonymous) or 0 (none); any other bad reference is left out and its row kept")
    func userReferences() throws {
        let rows = ["-1", "0", "-2", "9223372036854775807", #""NaN""#].enumerated().map { offset, uid in
            #"{"question_id":"\#(offset + 10)","question_content":"q","published_uid":\#(uid),"#
                + #""topics":[{"topic_id":"-3","topic_title":"bad"},{"topic_id":"4","topic_title":"ok"}],"#
                + #""user_info":{"uid":"1e400","user_name":"x"}}"#
        }
        let page = try explore(rows)
        #expect(page.unreadableRows.isEmpty)
        #expect(questions(page).map { $0.askerID?.rawValue } == [-1, 0, nil, nil, nil])
        #expect(questions(page).allSatisfy { $0.topics.map(\.id.rawValue) == [4] && $0.asker == nil })
    }

    @Test("a time before 1970, after 2100 or at Int64.min is read as unknown and the row kept")
    func timesOutsideTheRangeAreUnknown() throws {
        let page = try explore([
            question("1", time: "9223372036854775807"), question("2", time: "-9223372036854775808"),
            question("3", time: "-1"), question("4", time: "4102444801"), question("5", time: "1428640000"),
        ])
        #expect(page.unreadableRows.isEmpty)
        #expect(questions(page).map(\.addTime) == [0, 0, 0, 0, 1_428_640_000])
    }

    @Test("total_rows at Int64.max is clamped, so a counted list's arithmetic cannot overflow")
    func hugeTotalRows() throws {
        let page = try response(#"{"rsm":{"total_rows":"9223372036854775807","rows":[{"id":"1","title":"a"}]},"errno":1,"err":null}"#)
            .decoded(as: UserQuestionsPage.self)
        #expect(page.totalRows == 2_147_483_647)
    }

    @Test("a page with the same rows as the one before repeats it; an empty page repeats nothing")
    func repeatedPages() throws {
        let one = try explore([question("1"), question("2")])
        let again = try explore([question("1"), question("2")])
        let other = try explore([question("3")])
        let empty = try explore([])
        #expect(again.repeats(one))
        #expect(!other.repeats(one))
        #expect(!empty.repeats(try explore([])))
    }
}
