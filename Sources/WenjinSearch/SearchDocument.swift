/// One thing the search box can find: a question, an answer, an article, a topic or a user.
public struct SearchDocument: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case question, answer, article, topic, user
    }

    /// Shown as the result's link text; its terms rank above those of `text`.
    public var title: String
    /// The plain text a reader sees (no markup); the snippet is cut from its beginning.
    public var text: String
    /// The page (and anchor) relative to the site root: `questions/3521.html#answer-10873`.
    public var url: String
    public var kind: Kind
    /// Among results with as many title hits, higher weights come first (votes, answers).
    public var weight: Int
    /// False when the title is borrowed, as an answer shows its question's title: it is shown,
    /// but its words are not searched, so a search for the question's title finds the question
    /// first rather than every one of its answers.
    public var indexesTitle: Bool

    public init(title: String, text: String, url: String, kind: Kind, weight: Int = 0, indexesTitle: Bool = true) {
        self.title = title
        self.text = text
        self.url = url
        self.kind = kind
        self.weight = weight
        self.indexesTitle = indexesTitle
    }
}
