/// Everything a draft file holds, in table order (the order the client lists them), with the
/// rows that could not be read kept aside so the others still count.
package struct DraftCollection: Sendable, Equatable {
    package var questions: [QuestionDraft]
    package var answers: [AnswerDraft]
    package var unreadable: [UnreadableDraft]

    package init(questions: [QuestionDraft] = [], answers: [AnswerDraft] = [], unreadable: [UnreadableDraft] = []) {
        self.questions = questions
        self.answers = answers
        self.unreadable = unreadable
    }

    package var isEmpty: Bool { questions.isEmpty && answers.isEmpty && unreadable.isEmpty }

    /// Every reference in the file saved at `time`, readable or not.
    package func references(savedAt time: DraftTime) -> [DraftReference] {
        questions.filter { $0.time == time }.compactMap(\.reference)
            + answers.filter { $0.time == time }.compactMap(\.reference)
            + unreadable.filter { $0.time == time }.map(\.reference)
    }
}

/// A row of draft.db that could not be read, and why, so it can be shown instead of dropped.
package struct UnreadableDraft: Sendable, Equatable {
    package var reference: DraftReference
    /// The save time, when that column at least was readable.
    package var time: DraftTime?
    /// What was wrong, e.g. "detail: keyed archive: notBinaryPropertyList (header)".
    package var reason: String

    package init(reference: DraftReference, time: DraftTime?, reason: String) {
        self.reference = reference
        self.time = time
        self.reason = reason
    }
}
