import Foundation
import Testing
@testable import WenjinSite

private let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// search.js against a real index in Debian's headless Chromium, opened from `file://` as a
/// reader of an offline mirror would. Skipped where Chromium is not installed (`make test`
/// installs it).
@Suite("Search in a browser", .enabled(if: chromium != nil, "needs Debian's chromium"))
struct SearchBrowserTests {

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let documents = [
        SearchDocument(title: "二食堂几点开门", text: "早上六点半。", url: "questions/1.html", kind: .question, weight: 1),
        SearchDocument(title: "新生报到", text: "报到后可以去食堂吃饭，学二食堂的包子不错。", url: "questions/2.html", kind: .question, weight: 50),
        SearchDocument(title: "回答", text: "梅园食堂最近装修。", url: "questions/2.html#answer-9", kind: .answer, weight: 5),
        SearchDocument(title: "食物和礼堂", text: "只有食和堂两个字，不相邻。", url: "questions/3.html", kind: .question, weight: 99),
        SearchDocument(title: "Swift 爬虫", text: "Writing a crawler in Swift on Linux.", url: "articles/4.html", kind: .article, weight: 2),
    ]

    /// A site folder with the index, search.js and a minimal search page.
    private func makeSite() throws -> URL {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-search-\(UUID().uuidString)")
        var layout = SearchIndex.Layout()
        layout.targetShardBytes = 32
        layout.documentsPerFile = 2
        for file in SearchIndex(documents: Self.documents, layout: layout).files { try file.write(under: site) }
        let script = Self.packageRoot.appendingPathComponent("Themes/default/assets/js/search.js")
        try GeneratedFile(path: GeneratedFile.Path("assets/js/search.js"), contents: Data(contentsOf: script)).write(under: site)
        let page = """
            <!DOCTYPE html>
            <html lang="zh-Hans"><head><meta charset="utf-8"><title>搜索</title></head><body>
            <form action="search.html" method="get"><input id="wenjin-search-input" name="q"></form>
            <p id="wenjin-search-status"></p>
            <div id="wenjin-search-results" data-site-root=""></div>
            <script src="assets/js/search.js"></script>
            </body></html>
            """
        try GeneratedFile(path: "search.html", text: page).write(under: site)
        return site
    }

    /// The DOM Chromium shows after the page's scripts ran, for `search.html?q=query`.
    private func dom(of site: URL, query: String) throws -> String {
        let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium))
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=\(site.appendingPathComponent(".profile").path)",
            "--virtual-time-budget=5000", "--dump-dom",
            site.appendingPathComponent("search.html").absoluteString + "?q=" + encoded,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A hung browser must not hang the test run.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return String(decoding: data, as: UTF8.self)
    }

    /// The links of the rendered results, in order.
    private func resultLinks(in dom: String) -> [String] {
        dom.components(separatedBy: "class=\"wenjin-search-title\" href=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    @Test("a two-character Chinese query finds the documents holding that word, title hits first, then by weight")
    func chineseQuery() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let dom = try dom(of: site, query: "食堂")
        #expect(resultLinks(in: dom) == ["questions/1.html", "questions/2.html", "questions/2.html#answer-9"])
        #expect(dom.contains("找到 3 条结果"))
        #expect(dom.contains("<mark>食堂</mark>"))
    }

    @Test("a query mixing a word and Chinese needs both, and one with no match says so")
    func mixedAndEmptyQueries() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(resultLinks(in: try dom(of: site, query: "SWIFT 爬虫")) == ["articles/4.html"])
        let none = try dom(of: site, query: "图书馆")
        #expect(resultLinks(in: none).isEmpty)
        #expect(none.contains("没有找到与“图书馆”相关的内容"))
    }
}
