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
    /// Each topic's shown questions, by ascending ID.
    private let byTopic: [TopicID: [QuestionID]]
    static let shown = 5
    /// Candidates taken from each topic on each side of the question.
    static let neighbours = 5

    package init(questionsByTopic: [TopicID: [Question]]) {
        byTopic = questionsByTopic.mapValues { $0.map(\.id).sorted() }
    }

    /// At most `shown` questions: most shared topics first, then the nearest by ID, then the older.
    package func of(_ question: Question) -> [QuestionID] {
        var shared: [QuestionID: Int] = [:]
        for topic in Set(question.topicIDs) {
            guard let ids = byTopic[topic] else { continue }
            let position = Self.firstIndex(notBelow: question.id, in: ids)
            let window = ids[max(0, position - Self.neighbours)..<min(ids.count, position + Self.neighbours + 1)]
            for id in window where id != question.id { shared[id, default: 0] += 1 }
        }
        let distance = { (id: QuestionID) in abs(id.rawValue - question.id.rawValue) }
        return shared.sorted { a, b in
            if a.value != b.value { return a.value > b.value }
            if distance(a.key) != distance(b.key) { return distance(a.key) < distance(b.key) }
            return a.key.rawValue < b.key.rawValue
        }.prefix(Self.shown).map(\.key)
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
