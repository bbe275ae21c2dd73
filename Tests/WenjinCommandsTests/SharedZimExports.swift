import Foundation
import WenjinTestSupport

/// One `wenjin export zim` of the sample community per size for the whole test process, for
/// tests that only read the archive (zimcheck, zimdump, kiwix-serve): each export renders,
/// compresses and indexes the whole site. A test that reads the store makes a `ServeSite` of the
/// same size (a copy of the same crawl); one that changes its site or builds it, a `ZimSite`.
enum SharedZimExports {
    /// The archive of a `ZimSite` of `questions` questions, exported with its defaults by the
    /// first test to ask (`SharedFixtureFolders`, which removes it when the process exits).
    static func archive(questions: Int) async throws -> URL {
        let name = "sample-\(questions).zim"
        return try await SharedFixtureFolders.shared.folder("zim-export-\(questions)") { folder in
            let site = try await ZimSite(questions: questions)
            try FileManager.default.moveItem(at: try await site.export(as: name), to: folder.appendingPathComponent(name))
        }.appendingPathComponent(name)
    }
}
