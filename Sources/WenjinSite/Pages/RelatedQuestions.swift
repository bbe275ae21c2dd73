import Synchronization
import WenjinModel

/// The questions shown beside a question as related: those sharing the most of its topics,
/// drawn from the few nearest by ID in each topic (asked about the same time).
///
/// Nearest by ID, not most recently active: a new answer anywhere in a big topic would
/// otherwise change the sidebar of every question in it, and a rebuild must rewrite each page
/// whose shown data changed (`PageInputs.question` names these questions). The work per page
/// is bounded by its topic count, not by the size of the topics. Package-visible: the Hugo
/// export (`wenjin-bench export-hugo`) gives Hugo the same sidebar.
package struct RelatedQuestions: Sendable {
    private let questionsByTopic: ListsByOwner<TopicID, Question>
    /// Each topic's questions by ascending ID, sorted when a page first asks for the topic: a
    /// one-question rebuild reads a few topics, and sorting all of them cost every build.
    private let sortedByTopic = SortedByTopic()
    static let shown = 5
    /// Candidates taken from each topic on each side of the question.
    static let neighbours = 5

    package init(_ questionsByTopic: ListsByOwner<TopicID, Question>) {
        self.questionsByTopic = questionsByTopic
    }

    /// At most `shown` questions: most shared topics first, then the nearest by ID, then the older.
    package func of(_ question: Question) -> [QuestionID] {
        // At most 2 × `neighbours` candidates per topic: small arrays searched in place, where a
        // Set of topics and a Dictionary of counts cost a hash table each for every question
        // page (and again for its fingerprint), the more as the archive outgrows the caches.
        var topics: [TopicID] = []
        var candidates: [(id: QuestionID, shared: Int)] = []
        for topic in question.topicIDs where !topics.contains(topic) {
            topics.append(topic)
            let ids = sortedByTopic.ids(of: topic, in: questionsByTopic)
            let position = Self.firstIndex(notBelow: question.id, in: ids)
            for id in ids[max(0, position - Self.neighbours)..<min(ids.count, position + Self.neighbours + 1)]
            where id != question.id {
                if let seen = candidates.firstIndex(where: { $0.id == id }) {
                    candidates[seen].shared += 1
                } else {
                    candidates.append((id, 1))
                }
            }
        }
        let distance = { (id: QuestionID) in abs(id.rawValue - question.id.rawValue) }
        return candidates.sorted { a, b in
            if a.shared != b.shared { return a.shared > b.shared }
            if distance(a.id) != distance(b.id) { return distance(a.id) < distance(b.id) }
            return a.id.rawValue < b.id.rawValue
        }.prefix(Self.shown).map(\.id)
    }

    private final class SortedByTopic: Sendable {
        private let sorted = Mutex<[TopicID: [QuestionID]]>([:])

        func ids(of topic: TopicID, in lists: ListsByOwner<TopicID, Question>) -> [QuestionID] {
            if let ids = sorted.withLock({ $0[topic] }) { return ids }
            // Sorted outside the lock; two pages racing for one topic sort it twice, alike.
            let ids = lists[topic].map(\.id).sorted()
            sorted.withLock { $0[topic] = ids }
            return ids
        }
    }

    private static func firstIndex(notBelow id: QuestionID, in ids: [QuestionID]) -> Int {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle].rawValue < id.rawValue { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
