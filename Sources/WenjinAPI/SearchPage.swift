/// `?/api/search/` (docs/api.md §2.17, WENJIN only: upstream 3.1.1 answers 404). Results are in `rsm.info`;
/// an empty list ends the search.
package struct SearchPage: APIDecodable, Equatable {
    package struct Result: Sendable, Equatable {
        /// `questions`, `topics`, `users` or `articles`.
        package var type: String
        /// Question, topic, user or article id, by `type`.
        package var searchID: Int
        /// Title, topic title or user name, HTML-escaped as sent.
        package var name: String
        /// The item's page on the live site.
        package var url: String?
    }

    package var results: [Result]
    /// Results that could not be read, each an `.unreadableField` error; the others are kept.
    package var unreadableRows: [APIError]

    package var isEnd: Bool { results.isEmpty && unreadableRows.isEmpty }

    package init(rsm: APIPayload) throws(APIError) {
        let (results, problems) = try rsm.readObject { fields throws(FieldReader.Problem) in
            try fields.eachItem(in: "info") { item throws(FieldReader.Problem) in
                Result(type: try item.text("type"), searchID: try item.int("search_id"),
                       name: try item.text("name"), url: try item.optionalPath("url"))
            }
        }
        self.results = results
        unreadableRows = problems.map(rsm.error)
    }
}
