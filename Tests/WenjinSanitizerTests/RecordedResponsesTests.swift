import Foundation
import Testing
import WenjinTestSupport
@testable import WenjinSanitizer

/// Every body in the responses recorded from a real WeCenter 3.1 server (`../shared/spec`).
@Suite(SharedSpec.required) struct RecordedResponsesTests {
    static let bodyFields: Set<String> = ["question_detail", "answer_content", "message", "detail"]

    struct Body {
        let text: String
        /// Home, topic best answers and my_question/my_answer send stored BBCode (§3.2).
        let isBBCode: Bool
    }

    /// The string values of body fields anywhere in the recorded JSON.
    static let bodies: [Body] = {
        let folder = Fixture.specFolder.appendingPathComponent("wecenter-3.1-responses")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var bodies: [Body] = []
        func collect(_ value: Any, isBBCode: Bool) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if bodyFields.contains(key), let text = child as? String, !text.isEmpty {
                        bodies.append(Body(text: text, isBBCode: isBBCode))
                    } else {
                        collect(child, isBBCode: isBBCode)
                    }
                }
            } else if let array = value as? [Any] {
                array.forEach { collect($0, isBBCode: isBBCode) }
            }
        }
        for file in files.sorted() where file.hasSuffix(".json") {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
                let json = try? JSONSerialization.jsonObject(with: data)
            else { continue }
            collect(json, isBBCode: ["home", "topic_best_answer", "my_"].contains { file.hasPrefix($0) })
        }
        return bodies
    }()

    @Test func theRecordedResponsesHoldBodies() {
        #expect(Self.bodies.count >= 10)
    }

    @Test func everyRecordedBodySanitizesToStableHTMLWithItsTextIntact() throws {
        let hosts = CommunityHosts(source: "http://127.0.0.1:8088/")
        let sanitizer = Sanitizer(hosts: hosts, resolver: OriginalsResolver())
        for body in Self.bodies {
            let (once, report) = body.isBBCode ? sanitizer.renderBBCode(body.text) : sanitizer.sanitize(html: body.text)
            let inspector = try #require(OutputInspector.inspect(once.html))
            #expect(inspector.executableConstructs.isEmpty)
            #expect(sanitizer.sanitize(html: once.html).0 == once)
            // WeCenter's own markup loses nothing but its styles, targets and the script it never sends.
            #expect(report.removedElements.isEmpty, "\(body.text)")
            #expect(!once.html.contains("[b]") && !once.html.contains("[/code]"), "\(once.html)")
            // Typed raw HTML stays visible as text.
            if body.text.contains("&lt;script&gt;") { #expect(once.html.contains("&lt;script&gt;")) }
        }
    }
}
