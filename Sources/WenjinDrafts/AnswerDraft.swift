/// An answer being written to a published question: a row of the client's `Answer` table.
public struct AnswerDraft: Sendable, Equatable {
    /// Where the draft was read from; nil for a draft not yet saved.
    public var reference: DraftReference?
    public var time: DraftTime
    /// The question it answers (the client stores the id as a decimal string).
    public var questionID: Int
    public var body: DraftBody
    public var isAnonymous: Bool
    public var attachAccessKey: AttachAccessKey

    public init(
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
