import Foundation
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinCrawler

@Suite("Fetching one image")
struct AssetFetchTests {
    /// Runs the asset task for `path` on the sample server and returns what it recorded.
    private func fetch(_ path: String, site: SampleSite, maxBytes: Int = 10 * 1024 * 1024) async throws -> Asset? {
        var options = site.options()
        options.maxAssetBytes = maxBytes
        let store = try site.openStore()
        let crawler = Crawler(options: options, store: store)
        let url = site.base.text + path
        let writes = try await crawler.perform(.asset(url))
        try store.write { try writes($0) }
        return try store.read { try $0.asset(AssetURL(url)) }
    }

    @Test("an image the server does not have is recorded as missing, not fatal")
    func missingImage() async throws {
        let site = try SampleSite(questions: 5)
        let asset = try #require(try await fetch("uploads/answer/20150301/00000000000000000000000000000000.jpg", site: site))
        #expect(asset.state == .missing)
        #expect(asset.sha256 == nil)
    }

    @Test("a response that is not an image is not stored")
    func notAnImage() async throws {
        let site = try SampleSite(questions: 5)
        let asset = try #require(try await fetch("robots.txt", site: site))
        #expect(asset.state == .failed)
        #expect(asset.error?.contains("not an image") == true)
    }

    @Test("an image over the size cap is not stored")
    func tooLarge() async throws {
        let site = try SampleSite(questions: 5)
        let asset = try #require(try await fetch("static/common/avatar-max-img.png", site: site, maxBytes: 16))
        #expect(asset.state == .failed)
        #expect(asset.error?.contains("limit") == true)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: site.options().assetsFolder.path)) ?? []
        #expect(files.isEmpty)
    }

    @Test("the same bytes under two URLs are one file")
    func storedOnce() async throws {
        let site = try SampleSite(questions: 5)
        let first = try #require(try await fetch("static/common/avatar-max-img.png", site: site))
        let second = try #require(try await fetch("static/common/avatar-max-img.png?again", site: site))
        #expect(first.state == .stored && second.state == .stored)
        #expect(first.sha256 == second.sha256)
        let files = try FileManager.default.contentsOfDirectory(atPath: site.options().assetsFolder.path)
        #expect(files == [first.sha256])
    }
}
