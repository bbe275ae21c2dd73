/// A topic in the topic square (docs/api.md §2.12) or `api/my_focus_topic.php` (§2.11).
package struct TopicSummary: CountedRow {
    package var id: RemoteTopicID
    package var title: String
    /// Raw stored text (escaped, may hold BBCode).
    package var rawDescription: String
    /// Picture path relative to `uploads/topic/` (`_100_100` size); nil when none.
    package var picture: String?
}

// Read from a response in an extension, so the memberwise init stays.
extension TopicSummary {
    package init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try TopicSummary(id: fields.id("topic_id"), title: fields.text("topic_title"),
                             rawDescription: fields.text("topic_description"), picture: fields.optionalPath("topic_pic"))
        }
    }
}

package typealias TopicListPage = CountedPage<TopicSummary>
