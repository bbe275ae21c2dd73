import Foundation
import Testing
@testable import WenjinSite

@Suite("robots.txt")
struct FeedRobotsTests {
    @Test("with a base URL robots.txt allows everything and names the absolute sitemap")
    func withBaseURL() {
        let file = RobotsFile.generatedFile(baseURL: URL(string: "https://example.org/archive/"))
        #expect(file.path.text == "robots.txt")
        #expect(String(decoding: file.contents, as: UTF8.self) == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/archive/sitemap.xml\n")
    }

    @Test("without a base URL there is no Sitemap line, since it must be absolute")
    func withoutBaseURL() {
        let text = String(decoding: RobotsFile.generatedFile(baseURL: nil).contents, as: UTF8.self)
        #expect(text == "User-agent: *\nAllow: /\n")
    }
}
