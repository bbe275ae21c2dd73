import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

@Suite struct CountsTests {
    @Test func anEmptyStoreCountsZeroEverywhere() throws {
        #expect(try Store.inMemory().counts() == StoreCounts())
    }

    @Test func countsReportEachKindOfEntityAndOnlyStoredAssets() throws {
        let store = try Store.inMemory()
        try store.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.answer)
            try writer.upsert(Fixtures.anonymousAnswer)
            try writer.upsert(Fixtures.comment)
            try writer.upsert(Fixtures.user)
            try writer.upsert(Fixtures.topic)
            try writer.upsert(Fixtures.article)
            try writer.upsert(Fixtures.articleComment)
            try writer.put(Fixtures.asset)
            try writer.put(Asset(url: "http://wenjin.in/uploads/gone.png", state: .missing))
        }
        let counts = try store.counts()
        #expect(counts == StoreCounts(questions: 1, answers: 2, comments: 1, users: 1, topics: 1, articles: 1,
                                      articleComments: 1, assets: 1))
    }

    @Test func countsEncodeWithTheKeysOfStatsJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(StoreCounts(articleComments: 3)), as: UTF8.self)
        #expect(json == #"{"answers":0,"article_comments":3,"articles":0,"assets":0,"comments":0,"#
            + #""questions":0,"topics":0,"users":0}"#)
        #expect(try JSONDecoder().decode(StoreCounts.self, from: Data(json.utf8)) == StoreCounts(articleComments: 3))
    }
}
