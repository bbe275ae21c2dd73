// `wenjin-bench export-hugo --site DIR --out DIR`: the site folder's archive as a Hugo site, so
// `Scripts/bench-hugo` can time Debian's `hugo` on the same content as `wenjin build` (issue 14
// §1). It reads the store as the build does and writes the same kinds of pages: home and
// unanswered lists, question pages with answers and comments, articles, user and topic pages,
// the topics and users indexes, search, about and 404, lists paginated as wenjin's
// (`HugoPagePlan`). Bodies are the build's sanitized HTML from the store's sanitizer cache, in
// HTML content files, so Hugo converts no markdown it would not convert on a real site.
import Foundation
import WenjinConfig
import WenjinSanitizer
import WenjinStore

enum HugoExport {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = "usage: wenjin-bench export-hugo --site DIR --out DIR"
    /// Marks a folder this exporter made, so a second export may replace it and nothing else.
    static let marker = ".wenjin-hugo-export"

    static func run(_ arguments: [String]) throws {
        guard let siteFlag = arguments.firstIndex(of: "--site"), siteFlag + 1 < arguments.count,
              let outFlag = arguments.firstIndex(of: "--out"), outFlag + 1 < arguments.count else {
            throw UsageError(description: usage)
        }
        let root = URL(fileURLWithPath: arguments[siteFlag + 1]).standardizedFileURL
        let out = URL(fileURLWithPath: arguments[outFlag + 1]).standardizedFileURL
        let config = try SiteConfig.load(root: root)
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        try refuseWithdrawals(root: root, store: store)
        try prepare(out)
        let archive = try HugoArchive.read(from: store, config: config)
        let plan = HugoPagePlan(archive: archive)
        try HugoLayouts.write(into: out, config: config)
        try HugoStaticFiles.write(into: out, config: config, archive: archive)
        let writer = HugoContentWriter(archive: archive, folder: out.appendingPathComponent("content"))
        try writer.writeAll(siteTitle: config.title)
        print("exported \(archive.questions.count) questions, \(archive.articles.count) articles, \(archive.users.count) users, "
              + "\(archive.topics.count) topics to \(out.path)")
        print("hugo pages expected: \(plan.total) (\(plan.summary))")
    }

    /// The export shows the store as it is: an archive that withholds anything (takedowns,
    /// deletions upstream) is refused rather than let out through a benchmark
    /// (README.md, "Publishing safely").
    private static func refuseWithdrawals(root: URL, store: Store) throws {
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("takedowns.json").path) {
            throw UsageError(description: "\(root.path)/takedowns.json exists: export-hugo does not apply takedowns, so it exports only a site folder without one")
        }
        if try !store.read({ try $0.deletedContent() }).isEmpty {
            throw UsageError(description: "the store at \(store.path) records content deleted upstream: export-hugo does not withhold it, so it exports only a store without deletions")
        }
    }

    /// An empty folder, or one this exporter made (emptied first); never anything else.
    private static func prepare(_ out: URL) throws {
        let manager = FileManager.default
        if let names = try? manager.contentsOfDirectory(atPath: out.path), !names.isEmpty {
            guard names.contains(marker) else {
                throw UsageError(description: "\(out.path) is not empty and was not made by export-hugo: give an empty or new folder")
            }
            for name in names { try manager.removeItem(at: out.appendingPathComponent(name)) }
        }
        try manager.createDirectory(at: out, withIntermediateDirectories: true)
        try Data().write(to: out.appendingPathComponent(marker))
    }
}
