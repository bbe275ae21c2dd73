/// One page of `?/api/explore/` (docs/api.md §2.2): questions and articles, newest update first with
/// `sort_type=new`; the crawler pages it to the end to discover every post.
package struct ExplorePage: ListPage, Equatable {
    package enum Item: Sendable, Equatable {
        case question(ExploreQuestion)
        case article(ExploreArticle)
    }

    package var items: [Item]
    /// Rows that could not be read, each an `.unreadableField` error; the others are kept.
    package var unreadableRows: [APIError]

    package var readRows: [Item] { items }

    /// An empty page (`{"total_rows":0}`, no `rows`) ends the list.
    package var isEnd: Bool { items.isEmpty && unreadableRows.isEmpty }

    package init(rsm: APIPayload) throws(APIError) {
        let (items, problems) = try rsm.readObject { fields throws(FieldReader.Problem) in
            try fields.eachItem(in: "rows") { row throws(FieldReader.Problem) -> Item in
                if try row.optionalString("post_type") == "article" { return .article(try ExploreArticle(row)) }
                return .question(try ExploreQuestion(row))
            }
        }
        self.items = items
        unreadableRows = problems.map(rsm.error)
    }
}
