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

    /// Every owner's topic list at once, for listing all posts without a query per post.
    func allTopicIDs(_ links: TopicLinks) throws(StoreError) -> [Int: [TopicID]] {
        try queryGrouped("SELECT \(links.ownerColumn), topic_id FROM \(links.rawValue) ORDER BY \(links.ownerColumn), position",
                         read: { ($0.int(0), TopicID($0.int(1))) })
    }

    func replaceTopicIDs(_ ids: [TopicID], _ links: TopicLinks, owner: Int) throws(StoreError) {
        try run("DELETE FROM \(links.rawValue) WHERE \(links.ownerColumn) = ?", owner)
        for (position, id) in ids.enumerated() {
            try run("INSERT INTO \(links.rawValue) (\(links.ownerColumn), position, topic_id) VALUES (?, ?, ?)",
                    owner, position, id)
        }
    }
}
