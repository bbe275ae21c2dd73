import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WenjinSample

/// `--faults`: the same seed gives the same faults, and a client sees each kind of fault.
@Suite struct SampleFaultTests {
    @Test func theSameSeedGivesTheSameFaultsAndAnotherSeedOthers() throws {
        let spec = try SampleFaults.Spec(parsing: "500=0.1,drop=0.1,slow=0.1,truncate=0.1,429=0.1")
        let targets = (1...400).map { "/?/api/question/question/&id=\($0)" }
        func decisions(_ seed: UInt64) -> [SampleFaults.Kind?] {
            let faults = SampleFaults(spec: spec, seed: seed)
            return targets.flatMap { target in (1...3).map { _ in faults.nextFault(for: target) } }
        }
        let first = decisions(7)
        #expect(first == decisions(7))
        #expect(first != decisions(8))
        for kind in spec.probabilities.keys {
            let share = Double(first.filter { $0 == kind }.count) / Double(first.count)
            #expect(abs(share - 0.1) < 0.04, "\(kind): \(share)")
        }
    }

    @Test func theOrderOfRequestsDoesNotChangeWhichAttemptFails() throws {
        let spec = try SampleFaults.Spec(parsing: "500=0.3")
        let forward = SampleFaults(spec: spec, seed: 3)
        let backward = SampleFaults(spec: spec, seed: 3)
        let targets = (1...50).map { "/api/my_answer.php?uid=\($0)" }
        let a = targets.map { forward.nextFault(for: $0) }
        let b = targets.reversed().map { backward.nextFault(for: $0) }.reversed()
        #expect(a == Array(b))
    }

    @Test func badSpecsAreRefusedWithTheReason() {
        #expect(throws: SampleFaults.SpecError.self) { try SampleFaults.Spec(parsing: "teapot=0.1") }
        #expect(throws: SampleFaults.SpecError.self) { try SampleFaults.Spec(parsing: "500=2") }
        #expect(throws: SampleFaults.SpecError.self) { try SampleFaults.Spec(parsing: "500=0.6,drop=0.6") }
        #expect(throws: SampleFaults.SpecError.self) { try SampleFaults.Spec(parsing: "500") }
    }

    /// A target whose first attempt gets `kind` under `spec` and `seed`.
    private func target(getting kind: SampleFaults.Kind, spec: SampleFaults.Spec, seed: UInt64) -> String {
        (1...10_000).lazy.map { "/?/api/question/question/&id=\($0 % 150 + 1)&n=\($0)" }
            .first { SampleFaults.fault(seed: seed, target: $0, attempt: 1, spec: spec) == kind }!
    }

    @Test func aClientSeesEachKindOfFault() async throws {
        let spec = try SampleFaults.Spec(parsing: "500=0.15,drop=0.15,slow=0.15,truncate=0.15,429=0.15,slow-ms=400,retry-after=2")
        let live = try LiveSampleServer(faults: SampleFaults(spec: spec, seed: 11))

        let serverError = try await live.get(target(getting: .serverError, spec: spec, seed: 11))
        #expect(serverError.status == 500)

        let limited = try await live.get(target(getting: .tooManyRequests, spec: spec, seed: 11))
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "2")

        let clock = ContinuousClock()
        let slowTarget = target(getting: .slow, spec: spec, seed: 11)
        let start = clock.now
        let slow = try await live.get(slowTarget)
        #expect(slow.status == 200 && clock.now - start >= .milliseconds(400))

        await #expect(throws: (any Error).self, "a dropped connection is an error") {
            _ = try await live.get(target(getting: .drop, spec: spec, seed: 11))
        }
        await #expect(throws: (any Error).self, "a body shorter than its Content-Length is an error") {
            _ = try await live.get(target(getting: .truncate, spec: spec, seed: 11))
        }
    }

    @Test func aRetriedRequestEventuallySucceeds() async throws {
        let spec = try SampleFaults.Spec(parsing: "500=0.3,429=0.2,retry-after=0")
        let live = try LiveSampleServer(faults: SampleFaults(spec: spec, seed: 5))
        for id in 1...20 {
            var answered = false
            for _ in 1...30 where !answered {
                answered = try await live.get("/?/api/question/question/&id=\(id)").status == 200
            }
            #expect(answered)
        }
    }
}
