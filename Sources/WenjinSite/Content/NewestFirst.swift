/// The order of user pages' lists: newest first, by time and then by ID, both descending.
/// Found for the whole archive at once in a few linear passes (`KeyOrder`, stable: by ID, then
/// by time), so that lists cut from it (`ListsByOwner` keeps the pairs' order within each list)
/// need no sort of their own: sorting each author's answers by comparisons, through a closure,
/// was a twentieth of a 100,000-question rebuild's CPU.
enum NewestFirst {
    /// The indices of `times` (and of `ids`, as long), newest first; the same order as sorting
    /// by `(time, id) > (time, id)`.
    static func order(times: [Double], ids: [Int]) -> [Int] {
        precondition(times.count == ids.count)
        let byID = KeyOrder.sorted(Array(ids.indices)) { ~(UInt64(bitPattern: Int64(ids[$0])) ^ (1 << 63)) }
        return KeyOrder.sorted(byID) { ~orderedBits(times[$0]) }
    }

    /// The bits of a time as an unsigned number in the time's order: a negative number's bits
    /// all flipped, a positive one's sign bit set (-0 taken as 0, as `<` takes it).
    static func orderedBits(_ time: Double) -> UInt64 {
        let bits = (time == 0 ? 0 : time).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}
