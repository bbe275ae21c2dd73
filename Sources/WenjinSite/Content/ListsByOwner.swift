import WenjinModel

/// Lists by owner (questions by topic, answers by author…) as places in one table of models
/// (`PlacedList`): every list's positions in one flat array, owner after owner, beside the
/// owners' IDs ascending and where each one's run starts. Made in two linear passes over
/// (owner, place) pairs — count each owner's entries, then drop each place into its run —
/// keeping the pairs' order within a run. A `Dictionary` of arrays of copies hashed every
/// entry and grew thousands of scattered arrays: at 100,000 questions a good part of a
/// rebuild's read.
package struct ListsByOwner<Owner: EntityID, Model: Sendable>: Sendable {
    private let models: [Model]
    /// Owners with at least one entry, ascending.
    private let owners: [Int]
    /// Owner `i`'s run is `positions[starts[i]..<starts[i + 1]]`.
    private let starts: [Int32]
    private let positions: [Int32]

    /// Each pair's model `models[place]` listed under `owner`, in the pairs' order.
    package init(_ models: [Model], owners pairOwners: [Int], places: [Int32]) {
        precondition(pairOwners.count == places.count && models.count <= Int(Int32.max))
        self.models = models
        (owners, starts, positions) = Self.runs(of: pairOwners, places: places)
    }

    /// The models `owners(model)` names, each listed under those owners in the models' order.
    package init(_ models: [Model], owners: (Model) -> some Sequence<Int>) {
        var pairOwners: [Int] = [], places: [Int32] = []
        pairOwners.reserveCapacity(models.count)
        places.reserveCapacity(models.count)
        for place in models.indices {
            for owner in owners(models[place]) {
                pairOwners.append(owner)
                places.append(Int32(place))
            }
        }
        self.init(models, owners: pairOwners, places: places)
    }

    /// The lists of `models` as `runs` gave them: owners ascending, each one's run start, the
    /// places run after run. Nil when they are not (kept runs of another archive, `KeptLookups`).
    package init?(_ models: [Model], runs: (owners: [Int], starts: [Int32], positions: [Int32])) {
        let (owners, starts, positions) = runs
        guard starts.count == owners.count + 1, starts.first == 0, Int(starts[owners.count]) == positions.count,
              zip(owners, owners.dropFirst()).allSatisfy({ $0 < $1 }), zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }),
              positions.allSatisfy({ $0 >= 0 && Int($0) < models.count }) else { return nil }
        (self.models, self.owners, self.starts, self.positions) = (models, owners, starts, positions)
    }

    /// The owners ascending, where each one's run starts and the places run after run, as
    /// `init(_:runs:)` takes them.
    package var runs: (owners: [Int], starts: [Int32], positions: [Int32]) { (owners, starts, positions) }

    /// The owner's list; empty for an owner without one.
    package subscript(owner: Owner) -> PlacedList<Model> {
        guard let run = run(of: owner.rawValue) else { return PlacedList() }
        return PlacedList(models, positions: positions[Int(starts[run])..<Int(starts[run + 1])])
    }

    /// Owners with at least one entry, ascending.
    package var keys: LazyMapCollection<[Int], Owner> { owners.lazy.map { Owner($0) } }

    private func run(of owner: Int) -> Int? {
        var low = 0, high = owners.count
        while low < high {
            let middle = (low + high) / 2
            if owners[middle] < owner { low = middle + 1 } else { high = middle }
        }
        return low < owners.count && owners[low] == owner ? low : nil
    }

    /// The owners ascending, their runs' starts and the places run after run. Owners' IDs
    /// span a range of a few times their count, so each pair finds its run in a table by ID;
    /// IDs spread wider are sorted instead (`KeyOrder`).
    private static func runs(of pairOwners: [Int], places: [Int32]) -> (owners: [Int], starts: [Int32], positions: [Int32]) {
        guard let low = pairOwners.min(), let high = pairOwners.max() else { return ([], [0], []) }
        let span = high.subtractingReportingOverflow(low)
        guard !span.overflow, span.partialValue < max(4 * pairOwners.count, 1 << 16) else {
            return sortedRuns(of: pairOwners, places: places)
        }
        // Counts by ID, then each ID's next free slot.
        var next = [Int32](repeating: 0, count: span.partialValue + 1)
        for owner in pairOwners { next[owner - low] += 1 }
        var owners: [Int] = [], starts: [Int32] = []
        var start: Int32 = 0
        for slot in next.indices where next[slot] > 0 {
            owners.append(low + slot)
            starts.append(start)
            (next[slot], start) = (start, start + next[slot])
        }
        starts.append(start)
        var positions = [Int32](repeating: 0, count: places.count)
        for pair in pairOwners.indices {
            let slot = pairOwners[pair] - low
            positions[Int(next[slot])] = places[pair]
            next[slot] += 1
        }
        return (owners, starts, positions)
    }

    private static func sortedRuns(of pairOwners: [Int], places: [Int32]) -> (owners: [Int], starts: [Int32], positions: [Int32]) {
        // Signed order as unsigned: the sign bit flipped.
        let sorted = KeyOrder.sorted(Array(pairOwners.indices)) { UInt64(bitPattern: Int64(pairOwners[$0])) ^ (1 << 63) }
        var owners: [Int] = [], starts: [Int32] = []
        for (index, pair) in sorted.enumerated() where owners.last != pairOwners[pair] {
            owners.append(pairOwners[pair])
            starts.append(Int32(index))
        }
        starts.append(Int32(sorted.count))
        return (owners, starts, sorted.map { places[$0] })
    }
}
