/// A question being written: a row of the client's `Question` table.
public struct QuestionDraft: Sendable, Equatable {
    /// Where the draft was read from; nil for a draft not yet saved.
    public var reference: DraftReference?
    public var time: DraftTime
    public var title: String
    public var body: DraftBody
    /// Topic titles, in the order the tag control held them.
    public var topics: [String]
    public var isAnonymous: Bool
    public var attachAccessKey: AttachAccessKey

    public init(
        reference: DraftReference? = nil, time: DraftTime = .now(), title: String, body: DraftBody, topics: [String] = [],
        isAnonymous: Bool = false, attachAccessKey: AttachAccessKey = .random()
    ) {
        self.reference = reference
        self.time = time
        self.title = title
        self.body = body
        self.topics = topics
        self.isAnonymous = isAnonymous
        self.attachAccessKey = attachAccessKey
    }
}
