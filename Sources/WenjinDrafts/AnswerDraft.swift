/// An answer being written to a published question: a row of the client's `Answer` table.
package struct AnswerDraft: Sendable, Equatable {
    /// Where the draft was read from; nil for a draft not yet saved.
    package var reference: DraftReference?
    package var time: DraftTime
    /// The question it answers (the client stores the id as a decimal string).
    package var questionID: Int
    package var body: DraftBody
    package var isAnonymous: Bool
    package var attachAccessKey: AttachAccessKey

    package init(
        reference: DraftReference? = nil, time: DraftTime = .now(), questionID: Int, body: DraftBody,
        isAnonymous: Bool = false, attachAccessKey: AttachAccessKey = .random()
    ) {
        self.reference = reference
        self.time = time
        self.questionID = questionID
        self.body = body
        self.isAnonymous = isAnonymous
        self.attachAccessKey = attachAccessKey
    }
}
