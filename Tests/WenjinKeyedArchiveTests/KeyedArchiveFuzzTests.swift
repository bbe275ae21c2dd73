import Foundation
import Testing
@testable import WenjinKeyedArchive

/// Mutated and truncated archives: every one must end in a value or a `KeyedArchiveError`,
/// quickly. A crash or hang fails the whole run, which is the point.
struct KeyedArchiveFuzzTests {
    /// SplitMix64: small, seeded, the same sequence on every machine.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    private func corpus() throws -> [[UInt8]] {
        // many-runs is left out: it is large, and its structure is the same as the others'.
        var archives = try Fixtures.archiveNames.filter { $0 != "many-runs" }.map { [UInt8](try Fixtures.archive($0)) }
        let writer = KeyedArchiveWriter()
        archives.append([UInt8](writer.stringArray(["天津大学", "考研"])))
        archives.append([UInt8](writer.attributedString([
            .text("正文 😀"), .attachment(ArchivedAttachment(imageData: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "x.png")), .text("尾"),
        ])))
        // A plain property list of every object type, for the reader's own paths.
        archives.append([UInt8](BinaryPropertyListWriter().write(.dictionary([
            "set": .set([.integer(-1), .unsignedInteger(UInt64.max), .real(0.5)]), "uid": .uid(70_000),
            "date": .date(Date(timeIntervalSinceReferenceDate: 1)), "data": .data(Data(count: 20)),
            "nested": .array([.null, .bool(true), .dictionary(["长字符串 long enough": .string("😀")])]),
        ]))))
        return archives
    }

    private func mutate(_ original: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case 1:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 2:
            // Interesting values in the trailer and offset table, where sizes and counts live.
            let start = max(8, bytes.count - 32 - Int.random(in: 0...64, using: &random))
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: start..<bytes.count, using: &random)] = [0x00, 0x01, 0x0F, 0x7F, 0x80, 0xFF].randomElement(using: &random)!
            }
        case 3:
            let bit = Int.random(in: 0..<(bytes.count * 8), using: &random)
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
        default:
            // A copied chunk of the file pasted elsewhere: plausible structure in the wrong place.
            let length = Int.random(in: 1...32, using: &random)
            let from = Int.random(in: 0..<max(1, bytes.count - length), using: &random)
            let to = Int.random(in: 0..<max(1, bytes.count - length), using: &random)
            let chunk = Array(bytes[from..<min(bytes.count, from + length)])
            bytes.replaceSubrange(to..<min(bytes.count, to + chunk.count), with: chunk)
        }
        return bytes
    }

    /// Everything a caller might do with a blob from draft.db.
    private func exercise(_ bytes: [UInt8]) -> Bool {
        _ = try? BinaryPropertyListReader().read(Data(bytes))
        do {
            let archive = try KeyedArchive(data: Data(bytes))
            _ = try? archive.strings()
            _ = try archive.attributedString().pieces
            return true
        } catch {
            return false
        }
    }

    @Test(.timeLimit(.minutes(20)))
    func fourThousandMutatedArchivesGiveValuesOrErrorsNeverCrashesOrHangs() throws {
        let archives = try corpus()
        var random = SeededGenerator(state: 0x5745_4E4A_494E)
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var readable = 0
        for _ in 0..<4000 {
            let original = archives.randomElement(using: &random)!
            let mutated = mutate(original, &random)
            let started = clock.now
            if exercise(mutated) { readable += 1 }
            slowest = max(slowest, clock.now - started)
        }
        #expect(slowest < .seconds(2))
        // Some mutations hit bytes nobody reads; most must be caught.
        #expect(readable > 0 && readable < 4000)
    }

    /// A member of one object replaced by a random reference or value, or removed.
    private func mutateGraph(_ objects: [PropertyListValue], _ random: inout SeededGenerator) -> [PropertyListValue] {
        var objects = objects
        let index = Int.random(in: 0..<objects.count, using: &random)
        let replacements: [PropertyListValue] = [
            .uid(UInt64.random(in: 0..<UInt64(objects.count + 3), using: &random)), .uid(UInt64(index)),
            .string("NSString"), .integer(Int64.random(in: -3...1000, using: &random)), .null,
            .data(Data((0..<Int.random(in: 0...12, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })),
            .array((0..<3).map { _ in .uid(UInt64.random(in: 0..<UInt64(objects.count), using: &random)) }),
        ]
        guard var fields = objects[index].dictionaryValue, let key = fields.keys.sorted().randomElement(using: &random) else {
            objects[index] = replacements.randomElement(using: &random)!
            return objects
        }
        fields[key] = Bool.random(using: &random) ? replacements.randomElement(using: &random)! : nil
        objects[index] = .dictionary(fields)
        return objects
    }

    @Test(.timeLimit(.minutes(20)))
    func fourThousandArchivesWithMiswiredObjectsGiveValuesOrErrors() throws {
        let archives = try corpus().compactMap { try? KeyedArchive(data: Data($0)) }
        var random = SeededGenerator(state: 0x6B65_7965_64)
        var readable = 0
        for _ in 0..<4000 {
            let original = archives.randomElement(using: &random)!
            var objects = original.objects
            for _ in 0..<Int.random(in: 1...3, using: &random) { objects = mutateGraph(objects, &random) }
            let plist: PropertyListValue = .dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": .uid(UInt64(original.rootIndex))]),
                "$objects": .array(objects),
            ])
            guard let archive = try? KeyedArchive(propertyList: plist) else { continue }
            _ = try? archive.strings()
            if let string = try? archive.attributedString() {
                _ = string.pieces
                readable += 1
            }
        }
        #expect(readable > 0 && readable < 4000)
    }

    @Test func everyPrefixOfAnArchiveIsRefusedCleanly() throws {
        for original in try corpus() {
            for length in 0..<original.count {
                #expect(!exercise(Array(original.prefix(length))))
            }
        }
    }
}
