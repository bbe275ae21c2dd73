import Foundation
import Synchronization
@testable import WenjinSample
import WenjinTestSupport

/// The sample community on a real loopback server that puts extreme values into the numeric
/// fields of its JSON answers: every member whose value is a number or a numeric string may
/// become Int64.max or min, a number beyond them, −1, 0, a huge or fractional float, a
/// 40-digit numeric string or "NaN". Which fields, and with what, follows from `seed` and the
/// request alone, so a retry gets the same answer (as a real broken server gives).
final class ExtremeValueServer: Sendable {
    static let extremes = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-1", "0", "1e308", "-1e308", "1.5",
        #""1234567890123456789012345678901234567890""#, #""-1234567890123456789012345678901234567890""#,
        #""NaN""#, #""Infinity""#, #""-0""#, #""-9223372036854775809""#,
    ]

    private let server: RewritingSampleServer
    var community: SampleCommunity { server.community }
    var base: String { server.base }
    /// Field names seen, and those given an extreme value, over all answers so far.
    private let fields: FieldTally

    final class FieldTally: Sendable {
        let state = Mutex((seen: [String: Int](), changed: Set<String>()))
    }

    /// `share` of the numeric fields (0...1) get an extreme value.
    init(questions: Int, flavor: SampleAPI.Flavor, seed: UInt64, share: Double) throws {
        let pattern = try NSRegularExpression(pattern: #""([a-z_]+)":(-?[0-9]+(?:\.[0-9]+)?|"-?[0-9]+")"#)
        let fields = FieldTally()
        self.fields = fields
        server = try RewritingSampleServer(questions: questions, flavor: flavor) { target, text in
            // The login stays readable: the fuzzing is of what a logged-in crawl reads.
            guard !target.contains("login_process") else { return text }
            var result = ""
            var last = text.startIndex
            var random = SeededRandom(seed: seed ^ Self.hash(target))
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let whole = Range(match.range, in: text), let key = Range(match.range(at: 1), in: text),
                      let value = Range(match.range(at: 2), in: text) else { continue }
                let name = String(text[key])
                guard name != "errno" else { continue }
                let roll = random.next()
                let change = Double(roll % 10_000) / 10_000 < share
                fields.state.withLock { fields in
                    fields.seen[name, default: 0] += 1
                    if change { fields.changed.insert(name) }
                }
                guard change else { continue }
                result += text[last..<value.lowerBound] + Self.extremes[Int(roll >> 32) % Self.extremes.count]
                last = whole.upperBound
            }
            return result + text[last...]
        }
    }

    /// Numeric field names seen at least `times` times that never got an extreme value.
    func untouchedFields(seenAtLeast times: Int) -> [String] {
        fields.state.withLock { fields in fields.seen.filter { $0.value >= times && !fields.changed.contains($0.key) }.map(\.key).sorted() }
    }

    var changedFieldCount: Int { fields.state.withLock { $0.changed.count } }

    private static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
