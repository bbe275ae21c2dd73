import Foundation
import Testing
import WenjinSample
@testable import WenjinCommands

@Suite("wenjin sample-stats")
struct SampleStatsCommandTests {
    @Test("the later-change options describe the community the sample server serves, deleted entities left out")
    func laterChangesCounted() async throws {
        let run = await runWenjin("sample-stats", "--json", "--questions", "60", "--deleted-questions", "2",
                                  "--deleted-answers", "3", "--deleted-users", "2", "--deleted-comments", "4",
                                  "--new-comments", "5", "--edited-profiles", "1")
        #expect(run.exitCode == .success, "\(run.error)")
        let stats = try JSONDecoder().decode(SampleStats.self, from: Data(run.output.utf8))
        let changed = SampleCommunity(.init(seed: 1, questions: 60, deletedQuestions: 2, deletedAnswers: 3, deletedUsers: 2,
                                            deletedComments: 4, newComments: 5, editedProfiles: 1))
        #expect(stats == SampleStats(changed))
        let whole = SampleStats(SampleCommunity(.init(seed: 1, questions: 60)))
        #expect(stats.questions == whole.questions - 2)
        #expect(stats.users == whole.users - 2)
        #expect(stats.answers < whole.answers - 3)
    }
}
