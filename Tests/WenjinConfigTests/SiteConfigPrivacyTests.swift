import Foundation
import Testing
@testable import WenjinConfig

/// site.json's `privacy` section, checked as strictly as the rest of the file.
@Suite("site.json privacy section")
struct SiteConfigPrivacyTests {
    let root = testSiteRoot

    private func error(_ json: String) -> SiteConfigError? { decodingError(json) }

    @Test("Without a privacy section the takedowns file is takedowns.json beside site.json and deleted posts become tombstones")
    func defaults() throws {
        let config = try SiteConfig.decode("{}", root: root)
        #expect(config.resolve(config.privacy.takedowns).path == "/srv/site/takedowns.json")
        #expect(config.privacy.deleted == .tombstone)
    }

    @Test("Given values replace the defaults")
    func values() throws {
        let config = try SiteConfig.decode(#"{"privacy": {"takedowns": "private/requests.json", "deleted": "remove"}}"#, root: root)
        #expect(config.resolve(config.privacy.takedowns).path == "/srv/site/private/requests.json")
        #expect(config.privacy.deleted == .remove)
        #expect(try SiteConfig.decode(#"{"privacy": {"deleted": "keep"}}"#, root: root).privacy.deleted == .keep)
    }

    @Test("An unknown key, a wrong type and an unknown policy are errors naming the key")
    func strict() throws {
        let unknown = try #require(error(#"{"privacy": {"delete": "keep"}}"#))
        #expect(unknown.keyPath == "privacy.delete")
        #expect(unknown.hint == "did you mean 'deleted'?")
        let wrongType = try #require(error(#"{"privacy": {"takedowns": 3}}"#))
        #expect(wrongType.keyPath == "privacy.takedowns")
        #expect(wrongType.reason == .wrongType(expected: "a string", found: "a number"))
        let policy = try #require(error(#"{"privacy": {"deleted": "hide"}}"#))
        #expect(policy.reason == .invalidValue(value: "\"hide\"", expected: "\"tombstone\" or \"remove\" or \"keep\""))
        #expect(try #require(error(#"{"privacy": []}"#)).keyPath == "privacy")
    }
}
