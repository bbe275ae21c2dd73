import Foundation
import Testing
@testable import WenjinSanitizer

@Suite struct SanitizeReportTests {
    @Test func theReportCountsWhatWasRemovedByKind() {
        let html = """
            <p onclick="x()" style="color:red">a</p><script>1</script><script>2</script><!-- c -->\
            <font color=red>b</font><a href="javascript:x" target="_blank">c</a><img src="vbscript:y">
            """
        let report = Fixture.sanitizer.sanitize(html: html).1
        #expect(report.removedElements == ["script": 2, "#comment": 1, "img": 1])
        #expect(report.unwrappedElements == ["font": 1])
        #expect(report.removedAttributes == ["p@onclick": 1, "p@style": 1])
        #expect(report.removedURLs == ["javascript": 1, "vbscript": 1])
        #expect(report.total == 9)
    }

    @Test func aCleanBodyReportsNothingAndNeitherDoesItsOutputSanitizedAgain() {
        let (once, report) = Fixture.sanitizer.sanitize(html: "<p><strong>好</strong><a href='http://example.com/'>x</a></p>")
        #expect(report.isEmpty)
        #expect(Fixture.sanitizer.sanitize(html: once.html).1.isEmpty)
    }

    @Test func reportsAddUpAndSurviveJSON() throws {
        let first = Fixture.sanitizer.sanitize(html: "<script></script><b onclick=x>1</b>").1
        let second = Fixture.sanitizer.sanitize(html: "<script></script><iframe></iframe>").1
        let sum = first + second
        #expect(sum.removedElements == ["script": 2, "iframe": 1])
        #expect(sum.removedAttributes == ["b@onclick": 1])
        let decoded = try JSONDecoder().decode(SanitizeReport.self, from: JSONEncoder().encode(sum))
        #expect(decoded == sum)
    }
}
