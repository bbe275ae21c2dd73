import WenjinModel

/// The ordered topic lists of questions and articles, kept in link tables so topic pages can
/// find their posts by index.
enum TopicLinks: String {
    case questions = "question_topics"
    case articles = "article_topics"

    var ownerColumn: String {
        switch self {
        case .questions: "question_id"
        case .articles: "article_id"
        }
    }
}

extension Connection {
    func topicIDs(_ links: TopicLinks, owner: Int) throws(StoreError) -> [TopicID] {
        try query("SELECT topic_id FROM \(links.rawValue) WHERE \(links.ownerColumn) = ? ORDER BY position",
                  owner) { TopicID($0.int(0)) }
    }

    /// The topic lists of `owners` (IDs in ascending order), each at its owner's place: one query
    /// of the link table in its own order (rows of a post written together, in position order,
    /// but posts in the order they were crawled), the rows put in their owners' order by counting
    /// them per owner (a list sorted by position only when it did not come so), not by a
    /// comparison sort of every row (200,000 at 100,000 questions: the longest of the read's
    /// three parts waited on it). Ordered by SQLite through the table's key, each row was looked
    /// up in the table apart.
    func topicIDs(_ links: TopicLinks, of owners: [Int]) throws(StoreError) -> [[TopicID]] {
        let rows = try query("SELECT \(links.ownerColumn), position, topic_id FROM \(links.rawValue)") {
            (place: Self.place(of: $0.int(0), in: owners), position: $0.int(1), topic: TopicID($0.int(2)))
        }
        // Each owner's run in a flat list of rows, in the rows' order (a stable counting sort).
        var starts = [Int](repeating: 0, count: owners.count + 1)
        for row in rows.indices { if let place = rows[row].place { starts[place + 1] += 1 } }
        for place in owners.indices { starts[place + 1] += starts[place] }
        var next = starts
        var ordered = [Int32](repeating: 0, count: starts[owners.count])
        for row in rows.indices {
            guard let place = rows[row].place else { continue }
            ordered[next[place]] = Int32(row)
            next[place] += 1
        }
        var lists = [[TopicID]](repeating: [], count: owners.count)
        for place in owners.indices where starts[place + 1] > starts[place] {
            var run = ordered[starts[place]..<starts[place + 1]]
            if !zip(run, run.dropFirst()).allSatisfy({ rows[Int($0)].position < rows[Int($1)].position }) {
                run.sort { rows[Int($0)].position < rows[Int($1)].position }
            }
            lists[place] = run.map { rows[Int($0)].topic }
        }
        return lists
    }

    /// The place of `owner` in `owners` (ascending); nil when it is not there (a post the caller
    /// did not read).
    private static func place(of owner: Int, in owners: [Int]) -> Int? {
        var (low, high) = (0, owners.count)
        while low < high {
            let middle = (low + high) / 2
            if owners[middle] < owner { low = middle + 1 } else { high = middle }
        }
        return low < owners.count && owners[low] == owner ? low : nil
    }

    /// The posts of `sql` (a query of questions or articles in ID order, its parameters
    /// `values`), each with its topic list from `links` (`topicIDs(_:of:)`), put in `order`'s
    /// order (`RowOrder.moved`).
    func posts<Post>(_ sql: String, bound values: [any SQLConvertible] = [], links: TopicLinks, orderedBy order: (Row) -> RowOrder,
                     read: (Row) -> Post, id: (Post) -> Int, topics: WritableKeyPath<Post, [TopicID]>) throws(StoreError) -> [Post] {
        var orders: [RowOrder] = []
        var posts = try query(sql, bound: values) { row in
            orders.append(order(row))
            return read(row)
        }
        let lists = try topicIDs(links, of: posts.map(id))
        for place in posts.indices where !lists[place].isEmpty { posts[place][keyPath: topics] = lists[place] }
        return RowOrder.moved(posts, by: orders)
    }

    func replaceTopicIDs(_ ids: [TopicID], _ links: TopicLinks, owner: Int) throws(StoreError) {
        try run("DELETE FROM \(links.rawValue) WHERE \(links.ownerColumn) = ?", owner)
        for (position, id) in ids.enumerated() {
            try run("INSERT INTO \(links.rawValue) (\(links.ownerColumn), position, topic_id) VALUES (?, ?, ?)",
                    owner, position, id)
        }
    }
}
