import Testing
@testable import WenjinSite
import WenjinBuildSupport

@Suite("Site paths and pagination")
struct SitePathTests {
    @Test("Links are relative to the page's folder and name files")
    func relativeLinks() {
        let question = SitePath("questions/3521.html")
        #expect(question.link(to: SitePath("users/7.html")) == "../users/7.html")
        #expect(question.link(to: SitePath("questions/3521.html"), fragment: "answer-10873") == "../questions/3521.html#answer-10873")
        #expect(SiteLayout.home.link(to: SitePath("topics.html")) == "topics.html")
    }

    @Test("Page 1 keeps the short name; later pages are numbered")
    func pagedNames() {
        #expect(SiteLayout.home(page: 1).text == "index.html")
        #expect(SiteLayout.home(page: 3).text == "index-3.html")
        #expect(SiteLayout.user(7, page: 2).text == "users/7-2.html")
    }

    @Test("Pagination shows first, last and two pages either side, with gaps")
    func paginationWindow() {
        let pagination = Pagination(page: 10, itemCount: 600, perPage: 30)
        #expect(pagination.pageCount == 20)
        guard case .object(let object) = pagination.templateValue(from: SiteLayout.home, path: SiteLayout.home(page:)),
              case .list(let items)? = object["pages"] else {
            Issue.record("no pages")
            return
        }
        let numbers = items.map { item -> String in
            guard case .object(let entry) = item else { return "?" }
            if case .int(let number)? = entry["number"] { return String(number) }
            return "…"
        }
        #expect(numbers == ["1", "…", "8", "9", "10", "11", "12", "…", "20"])
        #expect(object["previous"] == .string("index-9.html"))
        #expect(object["next"] == .string("index-11.html"))
        #expect(Pagination(page: 1, itemCount: 30, perPage: 30).templateValue(from: SiteLayout.home, path: SiteLayout.home(page:)) == .null)
    }
}
