import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// A time of any size is stored without trapping and read back as one that converts to `Int`.
@Suite("Extreme times in the store")
struct ExtremeTimeTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test("a question dated at ±Int64.max seconds, ±infinity or NaN is stored and read back within ±2^53 seconds")
    func extremeTimesAreHeld() throws {
        let times: [Double] = [Double(Int64.max), Double(Int64.min), .infinity, -.infinity, .nan, 1e300]
        let store = try Store.open(at: folder.storeURL)
        try store.write { writer in
            for (offset, seconds) in times.enumerated() {
                var question = Fixtures.question
                question.id = QuestionID(offset + 1)
                question.addTime = Date(timeIntervalSince1970: seconds)
                question.updateTime = Date(timeIntervalSince1970: seconds)
                try writer.upsert(question)
            }
        }
        let read = try Store.open(at: folder.storeURL).read { reader in try (1...times.count).map { try reader.question(QuestionID($0)) } }
        let seconds: [Int?] = read.map { $0.map { Int($0.addTime.timeIntervalSince1970) } }
        let top = 1 << 53
        let expected: [Int?] = [top, -top, top, -top, 0, top]
        #expect(seconds == expected)
    }

    @Test("a time written into the file by other means at Int64.max reads back clamped")
    func foreignRowsAreHeld() throws {
        let store = try Store.open(at: folder.storeURL)
        try store.write { try $0.upsert(Fixtures.question) }
        let connection = try Connection(path: folder.storeURL.path)
        try connection.execute("UPDATE questions SET add_time = 9223372036854775807, update_time = -9223372036854775808")
        let read = try #require(try Store.open(at: folder.storeURL).read { try $0.question(Fixtures.question.id) })
        #expect(Int(read.addTime.timeIntervalSince1970) == 1 << 53)
        #expect(Int(read.updateTime.timeIntervalSince1970) == -(1 << 53))
    }
}
