import Foundation
import Testing
@testable import WenjinConfig

@Suite("site.json build.hosting")
struct HostingConfigTests {
    @Test("Hosting is off unless site.json asks for it, and an empty object turns on every part")
    func optIn() throws {
        #expect(try SiteConfig.decode("{}", root: testSiteRoot).build.hosting == nil)
        let hosting = try #require(try SiteConfig.decode(#"{"build": {"hosting": {}}}"#, root: testSiteRoot).build.hosting)
        #expect(hosting.precompress == [.brotli, .gzip])
        #expect(hosting.hashAssetNames)
        #expect(hosting.headersFile)
        #expect(hosting.htmlMaxAgeSeconds == 300)
    }

    @Test("Given values replace the defaults, and an empty precompress list writes no compressed files")
    func valuesAreDecoded() throws {
        let hosting = try #require(try SiteConfig.decode("""
            {"build": {"hosting": {"precompress": ["gzip", "gzip"], "hashAssetNames": false, "headersFile": false,
                                   "htmlMaxAgeSeconds": 0}}}
            """, root: testSiteRoot).build.hosting)
        #expect(hosting.precompress == [.gzip])
        #expect(!hosting.hashAssetNames)
        #expect(!hosting.headersFile)
        #expect(hosting.htmlMaxAgeSeconds == 0)
        let none = try SiteConfig.decode(#"{"build": {"hosting": {"precompress": []}}}"#, root: testSiteRoot)
        #expect(none.build.hosting?.precompress == [])
    }

    @Test("An unknown key, a wrong type, an unknown encoding or a time out of range is an error naming the key")
    func strictDecoding() {
        let unknown = decodingError(#"{"build": {"hosting": {"hashAssetName": true}}}"#)
        #expect(unknown?.keyPath == "build.hosting.hashAssetName")
        #expect(unknown?.reason == .unknownKey(suggestion: "hashAssetNames",
                                                known: ["precompress", "hashAssetNames", "headersFile", "htmlMaxAgeSeconds"]))
        #expect(decodingError(#"{"build": {"hosting": true}}"#)?.keyPath == "build.hosting")
        #expect(decodingError(#"{"build": {"hosting": {"headersFile": "yes"}}}"#)?.keyPath == "build.hosting.headersFile")
        #expect(decodingError(#"{"build": {"hosting": {"precompress": ["zstd"]}}}"#)?.reason
            == .invalidValue(value: "\"zstd\"", expected: "\"gzip\" or \"brotli\""))
        #expect(decodingError(#"{"build": {"hosting": {"precompress": "gzip"}}}"#)?.keyPath == "build.hosting.precompress")
        #expect(decodingError(#"{"build": {"hosting": {"htmlMaxAgeSeconds": -1}}}"#)?.reason
            == .outOfRange(value: "-1", allowed: "0 to 31536000 (a year)"))
    }
}
