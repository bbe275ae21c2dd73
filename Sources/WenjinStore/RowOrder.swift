/// Where a row goes in a query's order, its columns' values compared in turn (as integers:
/// the columns it is made of hold integers). A query that reads its table in the table's own
/// order and puts the rows in order here spares SQLite a walk of an index with a lookup of
/// each row in the table apart (`Connection.queryGrouped(rowsOf:read:)`, `Connection.posts`).
struct RowOrder: Comparable {
    let values: (Int, Int, Int, Int, Int)

    init(_ first: Int, _ second: Int, _ third: Int = 0, _ fourth: Int = 0, _ fifth: Int = 0) {
        values = (first, second, third, fourth, fifth)
    }

    static func < (lhs: RowOrder, rhs: RowOrder) -> Bool { lhs.values < rhs.values }
    static func == (lhs: RowOrder, rhs: RowOrder) -> Bool { lhs.values == rhs.values }

    /// `items` in the order of `orders` (one for each item, at its place): small pairs of an order
    /// and a place are sorted, and each item is copied once, to where it goes.
    static func moved<T>(_ items: [T], by orders: [RowOrder]) -> [T] {
        precondition(items.count == orders.count, "one order for each item")
        var places = orders.indices.map { (order: orders[$0], place: $0) }
        places.sort { $0.order < $1.order }
        return places.map { items[$0.place] }
    }
}
