import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// A rebuild whose images are the ones the live output holds carries them over whole instead
/// of listing and checking each (`SiteFileList.imagesCarried`); it must make what a full build
/// makes all the same, and list them again as soon as anything they are made from changes.
@Suite("Images carried over")
struct CarriedImagesTests {
    @Test("A rebuild carries the images over while they are unchanged, lists them when one is added, lost or put in Public/, and equals a full build")
    func imagesCarriedOnlyWhileUnchanged() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        var builder = SiteBuilder(config: site.config, store: site.store)
        // A table for the small site's output, as a large one has: images are carried over by its records.
        builder.outputTableFloor = 0
        func build() throws -> BuildSummary { try builder.build(into: site.output) }
        func equalsFullBuild(_ name: String) throws -> Bool {
            FixtureSite.differing(try site.buildAfresh(named: name).files, try site.outputFiles()).isEmpty
        }
        #expect(try !build().imagesCarried)
        #expect(try build().imagesCarried)
        #expect(try equalsFullBuild("full-unchanged"))

        let bytes = Data("another fake png".utf8)
        let sha = String(repeating: "c0", count: 32)
        try bytes.write(to: site.storeFolder.appendingPathComponent("assets/\(sha)"))
        let url = AssetURL(FixtureSite.source + "/uploads/answer/new.png")
        try site.store.write { try $0.put(Asset(url: url, sha256: sha, contentType: "image/png", size: bytes.count, state: .stored)) }
        #expect(try !build().imagesCarried)
        #expect(try site.outputFiles()["images/\(sha).png"] == bytes)
        #expect(try build().imagesCarried)
        #expect(try site.outputFiles()["images/\(sha).png"] == bytes)
        #expect(try equalsFullBuild("full-added"))

        try site.store.write { try $0.put(Asset(url: url, state: .missing)) }
        #expect(try !build().imagesCarried)
        #expect(try site.outputFiles()["images/\(sha).png"] == nil)
        #expect(try build().imagesCarried)
        #expect(try site.outputFiles()["images/\(sha).png"] == nil)
        #expect(try equalsFullBuild("full-lost"))

        let publicImages = site.root.appendingPathComponent("Public/images")
        try FileManager.default.createDirectory(at: publicImages, withIntermediateDirectories: true)
        try Data("a banner".utf8).write(to: publicImages.appendingPathComponent("banner.png"))
        #expect(try !build().imagesCarried)
        #expect(try build().imagesCarried)
        #expect(try site.outputFiles()["images/banner.png"] == Data("a banner".utf8))
        #expect(try equalsFullBuild("full-public"))
    }
}
