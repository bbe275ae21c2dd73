import Testing
import WenjinBuildSupport
import WenjinModel
@testable import WenjinSite

/// The names a build makes for every stored image on every build, and the check of each name
/// against what the build already touched, made without interpolation or hashing whole texts:
/// what they give must not change.
@Suite("Output names made and checked")
struct OutputNameTests {
    private static let sha256 = String(repeating: "0123456789abcdef", count: 4)

    @Test("An image's path is its SHA-256 and extension in the images folder, the extension from its media type or URL")
    func imagePath() {
        let url = AssetURL("https://example.com/a/photo.JPEG?size=2")
        #expect(SiteLayout.image(sha256: Self.sha256, extension: "png").text == "images/\(Self.sha256).png")
        #expect(SiteLayout.image(sha256: Self.sha256, contentType: "image/png", url: url).text == "images/\(Self.sha256).png")
        #expect(SiteLayout.imageExtension(contentType: " Image/PNG ; q=1", url: url) == "png")
        #expect(SiteLayout.imageExtension(contentType: "image/jpeg", url: url) == "jpg")
        #expect(SiteLayout.imageExtension(contentType: nil, url: url) == "jpeg")
        #expect(SiteLayout.imageExtension(contentType: "application/octet-stream", url: AssetURL("https://example.com/x")) == "img")
    }

    @Test("A name the build touched is never taken for the twin's file; the names it did not touch are")
    func touchedNames() {
        var progress = StagingProgress(tableCount: 300)
        let fingerprint = PageFingerprint(value: 1)
        let touched = ["questions/1.html", "a.js", "images/\(Self.sha256).png"]
        touched.forEach { progress.touch($0) }
        for (index, path) in touched.enumerated() {
            let held = progress.holds(path, fingerprint, inTwin: true, tableIndex: index)
            #expect(!held, "\(path)")
        }
        for number in 2..<200 {
            let held = progress.holds("questions/\(number).html", fingerprint, inTwin: true, tableIndex: number + 10)
            #expect(held, "questions/\(number).html")
        }
        #expect(progress.notKept(of: 300).count == 300 - 198)
    }
}
