import Foundation
import Testing
import WenjinModel

@Suite struct EntityIDTests {
    @Test func anIDEncodesAsABareJSONNumberAndDecodesBack() throws {
        let json = try JSONEncoder().encode([QuestionID(3521)])
        #expect(String(decoding: json, as: UTF8.self) == "[3521]")
        #expect(try JSONDecoder().decode([QuestionID].self, from: json) == [3521])
    }

    @Test func idsSortByTheirNumberAndPrintAsIt() {
        let ids: [AnswerID] = [10880, 9, 10873]
        #expect(ids.sorted() == [9, 10873, 10880])
        #expect("\(UserID(1024))" == "1024")
        #expect(TopicID(57).rawValue == 57)
    }

    @Test func anAssetURLKeepsItsExactText() throws {
        let url: AssetURL = "http://wenjin.in/uploads/answer/20151112/5f2b.jpg?x=1&y=%E4"
        let json = try JSONEncoder().encode(url)
        #expect(try JSONDecoder().decode(AssetURL.self, from: json) == url)
        #expect(url.description == "http://wenjin.in/uploads/answer/20151112/5f2b.jpg?x=1&y=%E4")
    }
}
