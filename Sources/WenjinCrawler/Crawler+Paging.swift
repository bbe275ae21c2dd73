import Foundation
import WenjinAPI
import WenjinStore

/// Where a paged list ends. A list is bounded by what the server said (`total_rows`, an empty
/// page) and by progress: a page that repeats the one before it ends the list, so a server that
/// promises more rows than it sends cannot keep the crawl paging. Such an end is reported on the
/// stored page and counted in the summary.
extension Crawler {
    /// Whether `page` repeats the page `previous` as this crawl stored it (the page before it,
    /// stored when it queued this one); false for a first page or one not stored.
    func repeatsStoredPage<Page: ListPage>(_ page: Page, previous: Endpoint<Page>?) throws -> Bool {
        guard let previous else { return false }
        let url = previous.url(relativeTo: options.source)
        guard let raw = try store.read({ try $0.rawResponse(for: url) }),
              let decoded = try? APIResponse(url: raw.url.absoluteString, status: raw.status, body: raw.body).decoded(as: Page.self)
        else { return false }
        return page.repeats(decoded)
    }

    /// Why a list ended early at a page, as the stored page says.
    enum ListEnd: Equatable {
        /// The page brought nothing the page before had not (or, for answers, nothing new).
        case repeated(page: Int)
        /// A question's answers stop after `Crawler.maxAnswerPages` pages.
        case tooManyPages(page: Int)

        var note: String {
            switch self {
            case .repeated(let page): "page \(page) repeats page \(page - 1): the list ends here, whatever total_rows promised"
            case .tooManyPages(let page): "page \(page) is the last one read: a question's answers are read up to \(Crawler.maxAnswerPages) pages"
            }
        }
    }

    /// The most pages of answers read for one question (100 answers each): the pages are held
    /// in memory until the question is stored, so an endless answer count must not fill it.
    package static let maxAnswerPages = 1_000
}
