import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
@testable import WenjinHTTP

@Suite struct ConcurrencyTests {
    /// Each handler call waits until all 50 are running at once: a server that served
    /// connections one after another (or on a small pool) would answer "alone".
    @Test func fiftyParallelClientsAreAllServedAtTheSameTime() async throws {
        let clients = 50
        let inFlight = Atomic<Int>(0)
        try await withServer(handler: { request in
            inFlight.add(1, ordering: .relaxed)
            let deadline = ContinuousClock.now + .seconds(60)
            while inFlight.load(ordering: .relaxed) < clients && ContinuousClock.now < deadline {
                usleep(2_000)
            }
            let together = inFlight.load(ordering: .relaxed) >= clients
            return HTTPResponse(body: "\(request.path) \(together ? "together" : "alone")")
        }) { port in
            let connections = try (0..<clients).map { _ in try RawClient(port: port, receiveTimeoutSeconds: 15) }
            for (index, client) in connections.enumerated() {
                client.send("GET /client/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            for (index, client) in connections.enumerated() {
                #expect(try client.readResponse().text == "/client/\(index) together")
            }
        }
    }

    @Test func urlSessionRequestsInParallelAllGetTheirOwnAnswer() async throws {
        try await withServer { port in
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let (data, _) = try await testSession.data(from: url(port, "/p/\(index)"))
                        return (index, String(decoding: data, as: UTF8.self))
                    }
                }
                var answered = 0
                for try await (index, text) in group {
                    #expect(echoed("path", in: text) == "/p/\(index)")
                    answered += 1
                }
                #expect(answered == 50)
            }
        }
    }
}
