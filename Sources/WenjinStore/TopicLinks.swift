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
    /// of the link table in its own order, the rows sorted only when they do not come grouped by
    /// owner and position (they are written so), and walked beside the owners. Ordered by SQLite
    /// through the table's key, each row was looked up in the table apart, and a table of every
    /// owner's list was filled to be looked up again.
    func topicIDs(_ links: TopicLinks, of owners: [Int]) throws(StoreError) -> [[TopicID]] {
        var rows = try query("SELECT \(links.ownerColumn), position, topic_id FROM \(links.rawValue)") {
            (owner: $0.int(0), position: $0.int(1), topic: TopicID($0.int(2)))
        }
        if !zip(rows, rows.dropFirst()).allSatisfy({ ($0.owner, $0.position) < ($1.owner, $1.position) }) {
            rows.sort { ($0.owner, $0.position) < ($1.owner, $1.position) }
        }
        var lists = [[TopicID]](repeating: [], count: owners.count)
        var row = 0
        for (place, owner) in owners.enumerated() {
            while row < rows.count && rows[row].owner < owner { row += 1 }
            let start = row
            while row < rows.count && rows[row].owner == owner { row += 1 }
            if row > start { lists[place] = rows[start..<row].map(\.topic) }
        }
        return lists
    }

    /// The posts of `sql` (a query of questions or articles in ID order, its one parameter
    /// `counter`), each with its topic list from `links` (`topicIDs(_:of:)`), put in `order`'s
    /// order (`RowOrder.moved`).
    func posts<Post>(_ sql: String, _ counter: Int, links: TopicLinks, orderedBy order: (Row) -> RowOrder,
                     read: (Row) -> Post, id: (Post) -> Int, topics: WritableKeyPath<Post, [TopicID]>) throws(StoreError) -> [Post] {
        var orders: [RowOrder] = []
        var posts = try query(sql, counter) { row in
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
