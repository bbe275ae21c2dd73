// `wenjin-bench api-decode [--questions N] [--rounds R]`: how fast API responses are decoded.
// The bodies are the sample API's answers to every question page and the explore pages of a
// sample community (as the crawler receives them, without sockets); each round parses all of
// them with WenjinJSON, then decodes them as `QuestionDetail`/`ExplorePage` the way the
// crawler does. Prints the median MB/s of the rounds.
import Foundation
import WenjinAPI
import WenjinJSON
import WenjinSample

enum APIDecodeBenchmark {
    static func run(_ arguments: [String]) throws {
        var questions = 1_000
        var rounds = 7
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--questions": questions = remaining.popFirst().flatMap(Int.init) ?? questions
            case "--rounds": rounds = remaining.popFirst().flatMap(Int.init) ?? rounds
            default: throw SanitizeBenchmark.UsageError(description: "usage: api-decode [--questions N] [--rounds R]")
            }
        }
        let api = SampleAPI(community: SampleCommunity(.init(questions: questions)))
        let base = APIBaseURL("http://127.0.0.1:8080/")!
        func body(_ url: URL) -> Data {
            Data(api.respond(to: SampleRequest(target: "/" + (url.query.map { "?" + $0 } ?? ""))).body)
        }
        let questionBodies = (1...questions).map { body(Endpoint.question(RemoteQuestionID($0)).url(relativeTo: base)) }
        let exploreBodies = (1...max(1, questions / 10)).map { body(Endpoint.explore(page: $0).url(relativeTo: base)) }
        let bodies = questionBodies + exploreBodies
        let megabytes = Double(bodies.reduce(0) { $0 + $1.count }) / 1_000_000
        print("corpus: \(bodies.count) responses, \(String(format: "%.1f", megabytes)) MB (\(questions) questions)")

        var parse: [Double] = []
        var decode: [Double] = []
        for _ in 0..<rounds {
            parse.append(try seconds {
                for body in bodies { _ = try JSONParser.parse([UInt8](body)) }
            })
            decode.append(try seconds {
                for body in questionBodies {
                    _ = try APIResponse(url: "q", status: 200, body: body).decoded(as: QuestionDetail.self)
                }
                for body in exploreBodies {
                    _ = try APIResponse(url: "e", status: 200, body: body).decoded(as: ExplorePage.self)
                }
            })
        }
        print(String(format: "parse (WenjinJSON):        median %.1f MB/s over %d rounds", megabytes / median(parse), rounds))
        print(String(format: "decode (parse + readers):  median %.1f MB/s over %d rounds", megabytes / median(decode), rounds))
    }

    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
