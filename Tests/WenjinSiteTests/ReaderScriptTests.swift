import Foundation
import Testing
@testable import WenjinSite
import WenjinTestSupport

/// reader.js (with Debian's jQuery) on a built question page opened from `file://` in headless
/// Chromium: sorting the answers and opening a body image in the lightbox.
@Suite("Reader script", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: ChromiumProbe.available), .timeLimit(.minutes(20)))
struct ReaderScriptTests {
    /// reader.js marks the page when its enhancements are in place (jQuery runs ready handlers late).
    static let ready = "document.documentElement.hasAttribute('data-reader')"
    static let order = "Array.prototype.map.call(document.querySelectorAll('.wj-answers > article'), function (a) { return a.id; }).join(',')"

    @Test("The sort buttons show once the script runs and order the answers by votes, oldest or newest")
    func sortsAnswers() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        // Answer 1001 (best, 2 votes) was posted a day after answer 1000 (5 votes).
        func sorted(_ order: String) -> String {
            "(document.querySelector('[data-sort=\(order)]').click(), " + Self.order + ")"
        }
        let script = "[document.querySelector('.wj-sort').hidden, " + Self.order + ", " + sorted("oldest") + ", "
            + sorted("newest") + ", " + sorted("votes") + "].join('|')"
        let result = try await ChromiumProbe.measure("questions/100.html", in: site.output, width: 1280, script: script,
                                              waitFor: Self.ready)
        #expect(result == "false|answer-1001,answer-1000|answer-1000,answer-1001|answer-1001,answer-1000|answer-1001,answer-1000")
    }

    @Test("A body image opens full size in a lightbox, which a click closes")
    func lightbox() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let script = "(function () { var image = document.querySelector('.wj-body img'); image.click();"
            + " var box = document.querySelector('.wj-lightbox'); var shown = box.querySelector('img').getAttribute('src');"
            + " box.click(); return shown.split('/').pop() + '|' + document.querySelectorAll('.wj-lightbox').length; })()"
        let result = try await ChromiumProbe.measure("questions/100.html", in: site.output, width: 1280, script: script,
                                              waitFor: Self.ready)
        #expect(result == "\(FixtureSite.imageSHA).png|0")
    }
}
