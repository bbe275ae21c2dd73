import WenjinModel

/// Lists by owner (questions by topic, answers by author…) made in one stable sort of small
/// pairs by owner (`KeyOrder`), each owner's list then made at its final size. Appending each
/// item to its owner's list in a `Dictionary` hashed every item and grew thousands of scattered
/// arrays: at 100,000 questions a good part of a rebuild's read.
enum Grouped {
    /// `item(place)` for each pair, listed under its owner in the pairs' order.
    static func lists<Owner: EntityID, Item>(_ pairs: [(owner: Int, place: Int)], _ item: (Int) -> Item) -> [Owner: [Item]] {
        let sorted = KeyOrder.sorted(pairs) { UInt64(bitPattern: Int64($0.owner)) ^ (1 << 63) }
        var lists: [Owner: [Item]] = [:]
        var start = 0
        while start < sorted.count {
            let owner = sorted[start].owner
            var end = start + 1
            while end < sorted.count && sorted[end].owner == owner { end += 1 }
            lists[Owner(owner)] = sorted[start..<end].map { item($0.place) }
            start = end
        }
        return lists
    }
}
