import Testing
import WenjinSite
import WenjinStore
@testable import WenjinCommands

/// The error block shows the chain of errors underneath, each layer's own words, outermost first.
@Suite("Error report")
struct ErrorReportTests {
    @Test("a build failure caused by the store shows the step, then the store's error with SQLite's words and its advice")
    func buildFailureShowsStoreCause() {
        let store = StoreError(.sqlite(code: 11), path: "/site/.wenjin/cache.sqlite", sql: "SELECT html FROM sanitized_cache",
                               message: "database disk image is malformed")
        let error = SiteError(.store, step: .renderPages, file: store.path, message: "", underlying: store)
        #expect(ErrorReport(error).text == """
            wenjin: cannot read the store
              where: build step "render pages", /site/.wenjin/cache.sqlite
              cause: the store cannot be read or written (/site/.wenjin/cache.sqlite): SQLite error 11: \
            database disk image is malformed in SELECT html FROM sanitized_cache
              fix:   if the file is damaged, move it away and crawl again

            """)
    }

    @Test("every layer of a chain is shown, an error that cannot explain itself by its description")
    func everyLayerShown() {
        struct Disk: Error, CustomStringConvertible { var description: String { "No space left on device" } }
        let store = StoreError(.cannotEncode, path: "/site/.wenjin/cache.sqlite", message: "question 7", underlying: Disk())
        let error = SiteError(.output, step: .publish, file: "/site/_site", message: "cannot write the output manifest",
                              underlying: store)
        let lines = ErrorReport(error).text.split(separator: "\n").map(String.init)
        #expect(lines.contains("  why:   cannot write the output manifest"))
        #expect(lines.contains("  cause: the store cannot be read or written (/site/.wenjin/cache.sqlite): question 7"))
        #expect(lines.contains("  cause: No space left on device"))
    }
}
