import Foundation
import Testing
@testable import WenjinSite

/// The fixture store builds to the tree under `Fixtures/Golden/`, file by file. After an
/// intended change of the theme or the pages, re-record with `WENJIN_RECORD_GOLDEN=1 swift test`.
@Suite("Golden output")
struct GoldenTests {
    static let golden = FixtureSite.packageRoot.appendingPathComponent("Tests/WenjinSiteTests/Fixtures/Golden")

    @Test("The fixture store builds to the recorded tree, file by file")
    func fixtureMatchesGolden() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let built = try site.outputFiles()
        if ProcessInfo.processInfo.environment["WENJIN_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: Self.golden)
            for (path, data) in built {
                let url = Self.golden.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
        }
        var recorded: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: Self.golden.path) {
            let url = Self.golden.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                recorded[path] = try Data(contentsOf: url)
            }
        }
        #expect(built.keys.sorted() == recorded.keys.sorted())
        for (path, data) in built.sorted(by: { $0.key < $1.key }) {
            #expect(recorded[path] == data, "\(path) differs from the golden copy")
        }
    }
}
