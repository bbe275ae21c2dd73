/// A row type of a list whose `total_rows` counts the whole list (stand-alone `api/my_*.php`
/// scripts, topic square, article comments).
public protocol CountedRow: Sendable, Equatable {
    init(row: RowFields) throws(APIError)
}

/// One page of a list whose `total_rows` counts the whole list, not the page.
///
/// Stand-alone scripts clamp a page past the end to the last page and send it again, so the
/// end is known by counting, never by waiting for an empty page (§1.5).
public struct CountedPage<Row: CountedRow>: APIDecodable, Equatable {
    /// Items in the whole list (`total_rows`; `{"total_rows":"0"}` without rows when empty).
    public var totalRows: Int
    public var rows: [Row]

    public init(totalRows: Int, rows: [Row]) {
        self.totalRows = totalRows
        self.rows = rows
    }

    public init(rsm: APIPayload) throws(APIError) {
        let (total, readers) = try rsm.readObject { fields throws(FieldReader.Problem) in
            (try fields.optionalInt("total_rows") ?? 0, try fields.list("rows"))
        }
        var rows: [Row] = []
        for reader in readers { rows.append(try Row(row: RowFields(reader: reader, response: rsm.response))) }
        self.totalRows = total
        self.rows = rows
    }

    /// Whether this page, numbered from 1 with `perPage` rows requested, is the last one:
    /// all `totalRows` items have been received, or the server sent less than a full page.
    public func isLastPage(page: Int, perPage: Int) -> Bool {
        rows.isEmpty || rows.count < perPage || max(page, 1) * perPage >= totalRows
    }
}

/// One row of a `CountedPage` while it is being read. Opaque outside the module.
public struct RowFields {
    let reader: FieldReader
    let response: HTTPResponse

    func read<T>(_ body: (FieldReader) throws(FieldReader.Problem) -> T) throws(APIError) -> T {
        do {
            return try body(reader)
        } catch {
            throw response.error(.unreadableField(path: error.path, problem: error.problem))
        }
    }
}
