import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

@Suite struct BulkWriteTests {
    /// The crawler writes about 100k rows; one transaction with reused statements keeps that
    /// fast. The bound is loose enough for a shared, busy machine and a debug build.
    @Test(.timeLimit(.minutes(20)))
    func tenThousandAnswersInOneWriteAreStoredQuickly() throws {
        let folder = try TemporaryFolder()
        let store = try Store.open(at: folder.storeURL)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try store.write { writer in
                for id in 1...10_000 {
                    try writer.upsert(Answer(id: AnswerID(id), questionID: QuestionID(id / 3 + 1), authorID: 7,
                                             contentHTML: "第\(id)个回答 <br />\n🙂", addTime: Fixtures.time))
                }
            }
        }
        #expect(try store.counts().answers == 10_000)
        #expect(elapsed < .seconds(20))
    }
}
