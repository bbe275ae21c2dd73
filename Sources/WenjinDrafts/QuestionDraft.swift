/// A question being written: a row of the client's `Question` table.
package struct QuestionDraft: Sendable, Equatable {
    /// Where the draft was read from; nil for a draft not yet saved.
    package var reference: DraftReference?
    package var time: DraftTime
    package var title: String
    package var body: DraftBody
    /// Topic titles, in the order the tag control held them.
    package var topics: [String]
    package var isAnonymous: Bool
    package var attachAccessKey: AttachAccessKey

    package init(
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
