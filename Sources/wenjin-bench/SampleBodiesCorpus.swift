// `wenjin-bench sample-bodies --questions N [--seed S]`: writes every body of the sample
// community, one JSON string per line, so benchmarks (ours and other tools') read the same bytes.
import Foundation
import WenjinSample

enum SampleBodiesCorpus {
    static func run(_ arguments: [String]) throws {
        var questions = 10_000
        var seed: UInt64 = 2015
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--questions": questions = remaining.popFirst().flatMap(Int.init) ?? questions
            case "--seed": seed = remaining.popFirst().flatMap(UInt64.init) ?? seed
            default: throw SanitizeBenchmark.UsageError(description: "usage: sample-bodies --questions N [--seed S]")
            }
        }
        let community = SampleCommunity(.init(seed: seed, questions: questions))
        var out = Data()
        for body in community.renderedBodies(base: "http://127.0.0.1:8080/") {
            out.append(try JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed, .withoutEscapingSlashes]))
            out.append(0x0A)
        }
        FileHandle.standardOutput.write(out)
    }
}
