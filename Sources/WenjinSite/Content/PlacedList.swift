/// A list of models held as their places in one shared table (`Int32` positions into an
/// array the lookup already holds), each model read from the table when it is asked for.
///
/// The archive's lists (a topic's questions, a user's answers…) were arrays of copies: at
/// 100,000 questions every build copied each question into each of its topics' lists and
/// its asker's, retaining its strings and topic list each time, for lists a rebuild mostly
/// never reads. A placed list costs four bytes an entry and copies nothing. Its indices are
/// its positions' (a slice of a list is a list, indexed as in the whole).
package struct PlacedList<Model: Sendable>: RandomAccessCollection, Sendable {
    private let models: [Model]
    private let positions: ArraySlice<Int32>

    /// `models[positions[i]]` for each `i`.
    package init(_ models: [Model], positions: ArraySlice<Int32>) {
        self.models = models
        self.positions = positions
    }

    /// No models.
    package init() {
        self.init([], positions: [])
    }

    /// The first `count` models (all when there are fewer).
    package init(firstOf models: [Model], count: Int) {
        self.init(models, positions: ArraySlice(0..<Int32(Swift.min(count, models.count))))
    }

    package var startIndex: Int { positions.startIndex }
    package var endIndex: Int { positions.endIndex }

    package subscript(index: Int) -> Model { models[Int(positions[index])] }

    package subscript(bounds: Range<Int>) -> PlacedList { PlacedList(models, positions: positions[bounds]) }
}
