import WenjinModel

/// One input a page's fingerprint reads (`PageInputs`), named so a later build can tell whether
/// it changed without walking the page again (`InputValues`, `PageInputsState`): an entity's
/// digest, a body's digest, or one of the lists pages are cut from. A kind in the top byte, an
/// ID in the other seven (IDs are positive auto-increment integers, far below 2^56).
struct PageInputKey: Hashable, Comparable, Sendable {
    let rawValue: UInt64

    enum Kind: UInt8 {
        case question = 1, answer, user, topic, article
        case questionBody, answerBody, articleBody
        /// A question's answers: their IDs, order and withdrawals (counts, best answer, order).
        case answersOf
        /// A topic's questions and articles, in order (its pages, its count, related questions).
        case topicLists
        /// A user's questions, answers and articles, in order (their pages and counts).
        case userLists
        /// One of the archive-wide lists, `Archive`.
        case archive
    }

    /// The archive-wide inputs: the lists the index pages are cut from, and what the about page shows.
    enum Archive: Int {
        case questions, unanswered, articles, topics, users, about
    }

    init(_ kind: Kind, _ id: Int) {
        rawValue = UInt64(kind.rawValue) << 56 | UInt64(bitPattern: Int64(id)) & 0x00FF_FFFF_FFFF_FFFF
    }

    init(rawValue: UInt64) { self.rawValue = rawValue }

    static func question(_ id: QuestionID) -> Self { Self(.question, id.rawValue) }
    static func answer(_ id: AnswerID) -> Self { Self(.answer, id.rawValue) }
    static func user(_ id: UserID) -> Self { Self(.user, id.rawValue) }
    static func topic(_ id: TopicID) -> Self { Self(.topic, id.rawValue) }
    static func article(_ id: ArticleID) -> Self { Self(.article, id.rawValue) }
    static func answers(of id: QuestionID) -> Self { Self(.answersOf, id.rawValue) }
    static func lists(of id: TopicID) -> Self { Self(.topicLists, id.rawValue) }
    static func lists(of id: UserID) -> Self { Self(.userLists, id.rawValue) }
    static func archive(_ list: Archive) -> Self { Self(.archive, list.rawValue) }

    static func body(_ key: BodyKey) -> Self {
        switch key {
        case .question(let id): Self(.questionBody, id.rawValue)
        case .answer(let id): Self(.answerBody, id.rawValue)
        case .article(let id): Self(.articleBody, id.rawValue)
        }
    }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
