import Foundation
import Testing
@testable import WenjinSite

/// User pages list questions and answers newest first (`NewestFirst`, radix passes): the order
/// must be the one sorting by `(time, id) > (time, id)` gives, for every time a `Date` holds.
@Suite("Newest first")
struct NewestFirstTests {
    @Test("Times before and after the reference date, ties, the distant past and negative IDs order as comparisons do")
    func ordersAsComparisons() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ range: UInt64) -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state % range
        }
        let special: [Double] = [Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
                                 0, -0.0, -1, 1, 0.5, -0.5]
        for count in [0, 1, 2, 70, 5_000] {
            // Few distinct times, so many ties are broken by ID.
            let times = (0..<count).map { index in
                index % 7 == 0 ? special[Int(next(UInt64(special.count)))] : Double(Int(next(40)) - 20) * 1_000_000.25
            }
            let ids = (0..<count).map { _ in Int(next(1 << 40)) - (1 << 39) }
            let expected = times.indices.sorted { (times[$0], ids[$0]) > (times[$1], ids[$1]) }
            let ordered = NewestFirst.order(times: times, ids: ids)
            #expect(ordered.map { ids[$0] } == expected.map { ids[$0] }, "\(count) items")
            #expect(ordered.map { times[$0] } == expected.map { times[$0] }, "\(count) items")
        }
    }
}
