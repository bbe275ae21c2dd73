import Foundation
import Testing
import WenjinConfig
import WenjinModel
import WenjinStore
@testable import WenjinSite

/// A small site folder in a real temporary folder: site.json defaults, the repository's
/// theme (linked), and a store written through the Store API with every kind of entity,
/// an anonymous answer, @-replies, a best answer, a link between questions and a stored image.
struct FixtureSite {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let source = "http://wenjin.example"

    let root: URL
    let store: Store
    var config: SiteConfig
    var output: URL { root.appendingPathComponent("_site") }
    /// The folder of the store, where builds keep their page manifests.
    var storeFolder: URL { root.appendingPathComponent(".wenjin") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        config = try Self.linkingRepositoryThemes(into: root)
        config.title = "问津 · 测试"
        config.baseURL = URL(string: "https://archive.example.org/")
        store = try Store.open(at: root.appendingPathComponent(".wenjin/cache.sqlite"))
        try fill()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    func build(progress: any BuildProgress = SilentProgress()) throws -> BuildSummary {
        try SiteBuilder(config: config, store: store).build(into: output, progress: progress)
    }

    /// A build of `store` (the site's own by default) into the new folder `name`, beside no
    /// output of an earlier build: what an incremental build must equal. Its summary and files.
    /// The lookups the last build kept (`KeptLookups`) are set aside meanwhile and put back after.
    func buildAfresh(named name: String, store: Store? = nil) throws -> (summary: BuildSummary, files: [String: Data]) {
        let folder = root.appendingPathComponent(name)
        let store = store ?? self.store
        let summary = try Self.withoutKeptLookups(of: store) { try SiteBuilder(config: config, store: store).build(into: folder) }
        #expect(!summary.lookupsKept)
        return (summary, try Self.files(under: folder))
    }

    /// `work` done with the lookups kept beside `store` set aside, put back afterwards: a build
    /// that must make every lookup itself to be compared with one that took them.
    static func withoutKeptLookups<Result>(of store: Store, _ work: () throws -> Result) throws -> Result {
        let kept = URL(fileURLWithPath: store.path).deletingLastPathComponent().appendingPathComponent(KeptLookups.fileName)
        let saved = FileManager.default.contents(atPath: kept.path)
        try? FileManager.default.removeItem(at: kept)
        defer { if let saved { try? saved.write(to: kept) } else { try? FileManager.default.removeItem(at: kept) } }
        return try work()
    }

    /// Gives the site a theme of its own, the default one with `<!-- changed -->` before the
    /// layout's `</body>`: a theme change that every page shows.
    func changeTheme() throws {
        let theme = root.appendingPathComponent("Themes-copy")
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Themes"), to: theme)
        let layout = theme.appendingPathComponent("default/templates/layout.mustache")
        let text = try String(contentsOf: layout, encoding: .utf8)
        try text.replacingOccurrences(of: "</body>", with: "<!-- changed --></body>").write(to: layout, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Themes"))
        try FileManager.default.moveItem(at: theme, to: root.appendingPathComponent("Themes"))
    }

    /// The paths whose bytes differ between two sets of files, a path missing from either included.
    static func differing(_ expected: [String: Data], _ actual: [String: Data]) -> [String] {
        Set(expected.keys).union(actual.keys).filter { expected[$0] != actual[$0] }.sorted()
    }

    /// The files of the output (theme libraries from Debian excluded), by relative path.
    func outputFiles() throws -> [String: Data] {
        try Self.files(under: output)
    }

    /// The files under `folder` by relative path, the theme libraries copied from Debian left
    /// out unless `withLibraries`.
    static func files(under folder: URL, withLibraries: Bool = false) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        where withLibraries || !path.hasPrefix("assets/vendor") {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    static let image = Data("fake png bytes".utf8)
    static let imageSHA = "8b4c6a5e0f4a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4"

    private func fill() throws {
        let assets = root.appendingPathComponent(".wenjin/assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        try Self.image.write(to: assets.appendingPathComponent(Self.imageSHA))
        let day = 86_400.0
        let base = Date(timeIntervalSince1970: 1_430_000_000)
        try store.write { writer in
            try writer.setMeta(.sourceURL, Self.source)
            try writer.setMeta(.crawlFinishedAt, "2026-11-29T10:00:00Z")
            try writer.upsert(User(id: 1, userName: "lihua", nickName: "李华", avatarFile: "000/00/00/01_avatar_max.jpg",
                                   signature: "天大 &amp; 北洋", counts: .init(questions: 1, answers: 1, agree: 3)))
            try writer.upsert(User(id: 2, userName: "wang", nickName: nil))
            try writer.upsert(Topic(id: 10, title: "校园生活", description: "关于&lt;校园&gt;的一切", focusCount: 5, discussCount: 2))
            try writer.upsert(Topic(id: 11, title: "C++ &amp; Java", focusCount: 1, discussCount: 1))
            try writer.upsert(Question(
                id: 100, title: "图书馆几点开门？", detailHTML: "<p>周末也开吗？<script>alert(1)</script></p>", askerID: 1,
                addTime: base, updateTime: base.addingTimeInterval(2 * day), answerCount: 2, viewCount: 42, focusCount: 3,
                topicIDs: [10], bestAnswerID: 1001))
            try writer.upsert(Answer(id: 1000, questionID: 100, authorID: nil, isAnonymous: true,
                                     contentHTML: "<p>匿名回答：八点。</p>", addTime: base.addingTimeInterval(day), agreeCount: 5))
            try writer.upsert(Answer(id: 1001, questionID: 100, authorID: 2,
                                     contentHTML: "<p>早上八点，见 <a href=\"http://wenjin.in/?/question/101\">这个问题</a>"
                                        + " <img src=\"\(Self.source)/uploads/answer/lib.png\"> <img src=\"\(Self.source)/uploads/answer/gone.png\"></p>",
                                     addTime: base.addingTimeInterval(2 * day), agreeCount: 2, commentCount: 2))
            try writer.upsert(AnswerComment(id: 5000, answerID: 1001, authorID: 1, text: "谢谢 &lt;3", addTime: base.addingTimeInterval(3 * day)))
            try writer.upsert(AnswerComment(id: 5001, answerID: 1001, authorID: 2, text: "不客气", addTime: base.addingTimeInterval(4 * day),
                                            atUserID: 1))
            try writer.upsert(Question(id: 101, title: "C++ 和 Java 选哪个？", askerID: 2, addTime: base.addingTimeInterval(day),
                                       updateTime: base.addingTimeInterval(day), topicIDs: [11, 10]))
            try writer.upsert(Question(id: 102, title: "匿名提问", detailHTML: "", askerID: nil, isAnonymous: true,
                                       addTime: base.addingTimeInterval(0.5 * day), updateTime: base.addingTimeInterval(0.5 * day)))
            try writer.upsert(Article(id: 7, authorID: 1, title: "新生指南", messageHTML: "<p>欢迎来到<b>北洋园</b>。</p>",
                                      addTime: base.addingTimeInterval(5 * day), views: 9, votes: 4, commentCount: 1, topicIDs: [10]))
            try writer.upsert(ArticleComment(id: 70, articleID: 7, authorID: 2, message: "写得好", addTime: base.addingTimeInterval(6 * day),
                                             atUserID: 1, votes: 1))
            try writer.put(Asset(url: AssetURL(Self.source + "/uploads/answer/lib.png"), sha256: Self.imageSHA,
                                 contentType: "image/png", size: Self.image.count, state: .stored))
            try writer.put(Asset(url: AssetURL(Self.source + "/uploads/avatar/000/00/00/01_avatar_max.jpg"), sha256: Self.imageSHA,
                                 contentType: "image/png", size: Self.image.count, state: .stored))
            try writer.put(Asset(url: AssetURL(Self.source + "/uploads/answer/gone.png"), state: .missing))
        }
    }
}

extension FixtureSite {
    /// The configuration of a site folder at `root` whose `Themes/` links the repository's:
    /// that lies outside the site folder, so `build.allowOutside` names it explicitly.
    static func linkingRepositoryThemes(into root: URL) throws -> SiteConfig {
        let themes = packageRoot.appendingPathComponent("Themes")
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Themes"), withDestinationURL: themes)
        var config = SiteConfig(root: root)
        config.build.allowOutside.append(ConfigPath(themes.path))
        return config
    }
}
