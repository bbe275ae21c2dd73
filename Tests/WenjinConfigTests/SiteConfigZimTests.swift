import Foundation
import Testing
@testable import WenjinConfig

/// site.json's `zim` section (the metadata of `wenjin export zim`), checked as strictly as the rest.
@Suite("site.json zim section")
struct SiteConfigZimTests {
    let root = testSiteRoot

    private func error(_ json: String) -> SiteConfigError? { decodingError(json) }

    @Test("Without a zim section the book is named wenjin, titled as the site, with a description of its own")
    func defaults() throws {
        let zim = try SiteConfig.decode("{}", root: root).zim
        #expect(zim.name == "wenjin")
        #expect(zim.title == nil)
        #expect(!zim.description.isEmpty && zim.description.count <= 80)
        #expect(zim.flavour == "maxi")
    }

    @Test("Given values replace the defaults")
    func values() throws {
        let zim = try SiteConfig.decode(#"""
            {"zim": {"name": "tju-wenjin", "title": "问津", "description": "短描述", "longDescription": "长一些的描述",
                     "creator": "C", "publisher": "P", "tags": ["a", "b"], "source": "https://example.org/", "flavour": "nopic"}}
            """#, root: root).zim
        #expect(zim.name == "tju-wenjin")
        #expect(zim.title == "问津")
        #expect(zim.description == "短描述")
        #expect(zim.longDescription == "长一些的描述")
        #expect(zim.tags == ["a", "b"])
        #expect(zim.source?.absoluteString == "https://example.org/")
        #expect(zim.flavour == "nopic")
    }

    @Test("An unknown key, a wrong type and values openZIM refuses are errors naming the key")
    func strict() throws {
        let unknown = try #require(error(#"{"zim": {"descripton": "x"}}"#))
        #expect(unknown.keyPath == "zim.descripton")
        #expect(unknown.hint == "did you mean 'description'?")
        #expect(try #require(error(#"{"zim": {"tags": "a;b"}}"#)).reason == .wrongType(expected: "an array of strings", found: "a string"))
        let long = try #require(error(#"{"zim": {"description": "\#(String(repeating: "问", count: 81))"}}"#))
        #expect(long.keyPath == "zim.description")
        #expect(long.reason == .outOfRange(value: "81 characters", allowed: "at most 80 characters"))
        #expect(try #require(error(#"{"zim": {"title": "\#(String(repeating: "a", count: 31))"}}"#)).keyPath == "zim.title")
        #expect(try #require(error(#"{"zim": {"name": "Wen Jin"}}"#)).keyPath == "zim.name")
        #expect(try #require(error(#"{"zim": {"tags": ["a;b"]}}"#)).keyPath == "zim.tags")
        #expect(try #require(error(#"{"zim": {"description": "同一句", "longDescription": "同一句"}}"#)).keyPath == "zim.longDescription")
        #expect(try #require(error(#"{"zim": {"source": "ftp://x"}}"#)).keyPath == "zim.source")
        #expect(try #require(error(#"{"zim": 3}"#)).keyPath == "zim")
    }
}
