import WenjinModel

/// A read-only table from an entity's ID to a value, without a hash table: the IDs sorted
/// ascending (`KeyOrder`'s linear passes; none when they come sorted, as users do) beside each
/// one's place among the values, searched by halving. Filled for every build from 100,000
/// questions and 289,000 answers, a `Dictionary` hashed each ID into scattered memory and copied
/// each entity into its buckets; this copies neither, and an entity is copied out only when asked for.
struct EntityTable<ID: EntityID, Value: Sendable>: Sendable {
    private let values: [Value]
    /// IDs ascending, each once: of two values with one ID, the first one's place is kept.
    private let ids: [Int]
    private let places: [Int]

    /// `values` by `ids[i]`, the ID of `values[i]`.
    init(ids unsorted: [Int], values: [Value]) {
        precondition(unsorted.count == values.count)
        self.values = values
        if zip(unsorted, unsorted.dropFirst()).allSatisfy({ $0 < $1 }) {
            (ids, places) = (unsorted, Array(unsorted.indices))
            return
        }
        // Signed order as unsigned: the sign bit flipped.
        let sorted = KeyOrder.sorted(unsorted.enumerated().map { (id: $0.element, place: $0.offset) }) {
            UInt64(bitPattern: Int64($0.id)) ^ (1 << 63)
        }
        var ids: [Int] = [], places: [Int] = []
        ids.reserveCapacity(sorted.count)
        places.reserveCapacity(sorted.count)
        // Stable: the first place of an ID comes first.
        for pair in sorted where ids.last != pair.id {
            ids.append(pair.id)
            places.append(pair.place)
        }
        (self.ids, self.places) = (ids, places)
    }

    init(_ values: [Value], id: (Value) -> ID) {
        self.init(ids: values.map { id($0).rawValue }, values: values)
    }

    /// The table of `values` as `idsAndPlaces` gave it: IDs ascending, each once, and each one's
    /// place among `values`. Nil when they are not (a kept table of another archive, `KeptLookups`).
    init?(values: [Value], idsAndPlaces: (ids: [Int], places: [Int])) {
        let (ids, places) = idsAndPlaces
        guard ids.count == places.count, zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }),
              places.allSatisfy({ values.indices.contains($0) }) else { return nil }
        (self.values, self.ids, self.places) = (values, ids, places)
    }

    /// The IDs ascending and each one's place among the values, as `init(values:idsAndPlaces:)` takes them.
    var idsAndPlaces: (ids: [Int], places: [Int]) { (ids, places) }

    subscript(id: ID) -> Value? {
        let wanted = id.rawValue
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < wanted { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == wanted ? values[places[low]] : nil
    }

    /// How many IDs the table holds (each once).
    var count: Int { ids.count }

    /// The IDs, ascending.
    var keys: LazyMapSequence<[Int], ID> { ids.lazy.map { ID($0) } }

    /// Each ID with its value, by ascending ID.
    var entries: LazyMapCollection<Range<Int>, (key: ID, value: Value)> {
        ids.indices.lazy.map { [ids, places, values] in (ID(ids[$0]), values[places[$0]]) }
    }
}
