import Foundation
import Testing
import WenjinTestSupport
@testable import WenjinSanitizer

/// The html5lib sanitizer cases, read from the shared spec folder.
struct Html5libCase: Decodable, CustomTestStringConvertible, Sendable {
    let name: String
    let input: String
    let output: String

    var testDescription: String { name }

    static let all: [Html5libCase] = {
        let file = Fixture.specFolder.appendingPathComponent("html5lib-sanitizer/tests1.json")
        guard let data = try? Data(contentsOf: file) else { return [] }
        return (try? JSONDecoder().decode([Html5libCase].self, from: data)) ?? []
    }()

    /// html5lib escapes elements it refuses, and keeps SVG and `style`, where we remove;
    /// only where neither happens do both policies mean to show the same text.
    var policiesAgree: Bool {
        !output.contains("&lt;") && !output.contains("<svg") && !input.contains("<![")
    }
}

@Suite(SharedSpec.required) struct Html5libCasesTests {
    @Test func allSeventyTwoCasesAreRead() {
        #expect(Html5libCase.all.count == 72)
    }

    @Test(arguments: Html5libCase.all)
    func outputHoldsNoExecutableConstructAndIsStable(_ testCase: Html5libCase) throws {
        let once = Fixture.sanitize(testCase.input)
        let inspector = try #require(OutputInspector.inspect(once), "not well-formed: \(once)")
        #expect(inspector.executableConstructs.isEmpty, "\(once)")
        #expect(Fixture.sanitize(once) == once)
    }

    @Test(arguments: Html5libCase.all.filter(\.policiesAgree))
    func textIsTheSameWhereThePoliciesAgree(_ testCase: Html5libCase) {
        // Our stand-in label for an image the archive lacks is our policy's text, not the author's.
        var policy = SanitizePolicy.standard
        policy.missingImageText = ""
        let sanitizer = Sanitizer(policy: policy, hosts: Fixture.sanitizer.hosts, resolver: Fixture.resolver)
        let ours = sanitizer.plainText(fromHTML: sanitizer.sanitize(html: testCase.input).0.html)
        let theirs = Fixture.sanitizer.plainText(fromHTML: testCase.output)
        #expect(ours == theirs)
    }
}
