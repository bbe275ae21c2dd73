/// Everything a draft file holds, in table order (the order the client lists them), with the
/// rows that could not be read kept aside so the others still count.
public struct DraftCollection: Sendable, Equatable {
    public var questions: [QuestionDraft]
    public var answers: [AnswerDraft]
    public var unreadable: [UnreadableDraft]

    public init(questions: [QuestionDraft] = [], answers: [AnswerDraft] = [], unreadable: [UnreadableDraft] = []) {
        self.questions = questions
        self.answers = answers
        self.unreadable = unreadable
    }

    public var isEmpty: Bool { questions.isEmpty && answers.isEmpty && unreadable.isEmpty }

    /// Every reference in the file saved at `time`, readable or not.
    public func references(savedAt time: DraftTime) -> [DraftReference] {
        questions.filter { $0.time == time }.compactMap(\.reference)
            + answers.filter { $0.time == time }.compactMap(\.reference)
            + unreadable.filter { $0.time == time }.map(\.reference)
    }
}

/// A row of draft.db that could not be read, and why, so it can be shown instead of dropped.
public struct UnreadableDraft: Sendable, Equatable {
    public var reference: DraftReference
    /// The save time, when that column at least was readable.
    public var time: DraftTime?
    /// What was wrong, e.g. "detail: keyed archive: notBinaryPropertyList (header)".
    public var reason: String

    public init(reference: DraftReference, time: DraftTime?, reason: String) {
        self.reference = reference
        self.time = time
        self.reason = reason
    }
}
