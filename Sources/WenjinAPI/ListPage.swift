/// A page of a list the crawler walks page by page.
package protocol ListPage: APIDecodable {
    associatedtype Row: Equatable
    /// The rows this page brought that could be read, in order.
    var readRows: [Row] { get }
    /// Rows that could not be read, each an `.unreadableField` error.
    var unreadableRows: [APIError] { get }
}

extension ListPage {
    /// Whether this page brings nothing `previous` did not: the same rows (and as many unreadable
    /// ones), and not nothing. A server that clamps a page past the end to the last page, or
    /// ignores `page`, sends the same page again forever; the list ends at the first repeat,
    /// whatever `total_rows` promised.
    package func repeats(_ previous: Self) -> Bool {
        (!readRows.isEmpty || !unreadableRows.isEmpty)
            && readRows == previous.readRows && unreadableRows.count == previous.unreadableRows.count
    }
}
