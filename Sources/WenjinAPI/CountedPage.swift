/// A row type of a list whose `total_rows` counts the whole list (stand-alone `api/my_*.php`
/// scripts, topic square, article comments).
package protocol CountedRow: Sendable, Equatable {
    init(row: RowFields) throws(APIError)
}

/// One page of a list whose `total_rows` counts the whole list, not the page.
///
/// Stand-alone scripts clamp a page past the end to the last page and send it again, so the
/// end is known by counting, never by waiting for an empty page (docs/api.md §1.5).
package struct CountedPage<Row: CountedRow>: ListPage, Equatable {
    /// Items in the whole list (`total_rows`; `{"total_rows":"0"}` without rows when empty).
    package var totalRows: Int
    package var rows: [Row]
    /// Rows that could not be read, each an `.unreadableField` error; the others are kept.
    package var unreadableRows: [APIError] = []

    /// Rows this page brought, readable or not: what counts toward `totalRows`.
    package var receivedCount: Int { rows.count + unreadableRows.count }

    /// Whether the list is complete once this page is added to the `receivedBefore` rows of
    /// the earlier pages: all `totalRows` have arrived, or the page is empty. Counting what
    /// arrived (not page × per_page) stays right when a server caps `per_page`.
    package func isLastPage(receivedBefore: Int) -> Bool {
        receivedCount == 0 || receivedBefore + receivedCount >= totalRows
    }

    package var readRows: [Row] { rows }
}

/// One row of a `CountedPage` while it is being read. Opaque outside the module.
package struct RowFields {
    let reader: FieldReader
    let response: APIResponse

    func read<T>(_ body: (FieldReader) throws(FieldReader.Problem) -> T) throws(APIError) -> T {
        do {
            return try body(reader)
        } catch {
            throw response.error(.unreadableField(path: error.path, problem: error.problem))
        }
    }
}

// Read from a response in an extension, so the memberwise init stays.
extension CountedPage {
    package init(rsm: APIPayload) throws(APIError) {
        let (total, readers, problems) = try rsm.readObject { fields throws(FieldReader.Problem) in
            let (readers, problems) = try fields.eachItem(in: "rows") { $0 }
            return (try fields.count("total_rows"), readers, problems)
        }
        var rows: [Row] = []
        var unreadable = problems.map(rsm.error)
        for reader in readers {
            do {
                rows.append(try Row(row: RowFields(reader: reader, response: rsm.response)))
            } catch {
                unreadable.append(error)
            }
        }
        self.init(totalRows: total, rows: rows, unreadableRows: unreadable)
    }
}
