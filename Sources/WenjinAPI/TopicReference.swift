/// A topic as embedded in posts (`topics`, `question_topics`, `article_topics`).
package struct TopicReference: Sendable, Equatable {
    package var id: RemoteTopicID
    /// HTML-escaped as sent.
    package var title: String
}

// Read from a response in an extension, so the memberwise init stays.
extension TopicReference {
    init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("topic_id")
        title = try fields.text("topic_title")
    }

    /// The topics of a post; one that cannot be read (an id out of range) is left out, not the post.
    static func list(_ fields: FieldReader, _ key: String) throws(FieldReader.Problem) -> [TopicReference] {
        try fields.eachItem(in: key) { item throws(FieldReader.Problem) in try TopicReference(item) }.values
    }
}
