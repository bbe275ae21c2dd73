import Foundation
import Testing
import WenjinTestSupport
import WenjinAPI

/// Every response recorded from a real WeCenter 3.1 + ifLab server decodes, to the values the file holds.
@Suite(SharedSpec.required) struct RecordedResponseTests {
    typealias Check = @Sendable (APIResponse) throws -> Void

    static let checks: [String: Check] = RecordedExpectations.posts
        .merging(RecordedExpectations.people) { first, _ in first }
        .merging(RecordedExpectations.topicsAndErrors) { first, _ in first }

    @Test func theSpecFolderHoldsBothDriversRecordings() {
        let names = RecordedResponse.allNames()
        #expect(names.count >= 80)
        #expect(names.contains("mysqli-driver/question_1"))
    }

    @Test(arguments: RecordedResponse.allNames())
    func everyRecordedResponseDecodesToWhatTheFileHolds(name: String) throws {
        let check = try #require(Self.checks[name], "no expectation written for \(name)")
        try check(try RecordedResponse.load(name))
    }

    @Test func everyExpectationHasItsRecordedFile() {
        let names = Set(RecordedResponse.allNames())
        #expect(Set(Self.checks.keys).subtracting(names).isEmpty)
    }
}

/// Shared checks for a recorded response and what its file says.
enum RecordedExpectations {
    typealias Check = RecordedResponseTests.Check

    static func rejected<T: APIDecodable>(_ type: T.Type, _ message: String) -> Check {
        { response in
            do {
                let value = try response.decoded(as: type)
                Issue.record("expected the server's refusal, decoded \(value)")
            } catch let error as APIError {
                #expect(error.reason == .rejected(message: message))
                #expect(error.url == response.url)
                #expect(error.status == 200)
            }
        }
    }

    static func ids<Kind>(_ ids: [RemoteID<Kind>]) -> [Int] { ids.map(\.rawValue) }
}
