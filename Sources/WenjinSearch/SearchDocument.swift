/// One thing the search box can find: a question, an answer, an article, a topic or a user.
package struct SearchDocument: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        case question, answer, article, topic, user
    }

    /// Shown as the result's link text; its terms rank above those of `text`.
    package var title: String
    /// The plain text a reader sees (no markup); the snippet is cut from its beginning.
    package var text: String
    /// The page (and anchor) relative to the site root: `questions/3521.html#answer-10873`.
    package var url: String
    package var kind: Kind
    /// Among results with as many title hits, higher weights come first (votes, answers).
    package var weight: Int
    /// False when the title is borrowed, as an answer shows its question's title: it is shown,
    /// but its words are not searched, so a search for the question's title finds the question
    /// first rather than every one of its answers.
    package var indexesTitle: Bool

    package init(title: String, text: String, url: String, kind: Kind, weight: Int = 0, indexesTitle: Bool = true) {
        self.title = title
        self.text = text
        self.url = url
        self.kind = kind
        self.weight = weight
        self.indexesTitle = indexesTitle
    }
}
