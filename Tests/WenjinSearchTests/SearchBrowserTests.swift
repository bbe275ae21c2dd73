import Foundation
import Testing
import WenjinTestSupport
import WenjinBuildSupport
@testable import WenjinSearch

/// search.js against a real index in Debian's headless Chromium (the test process's one,
/// `HeadlessChromium`), opened from `file://` as a reader of an offline mirror would. Skipped
/// where Chromium is not installed (`make test` installs it).
@Suite("Search in a browser", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: HeadlessChromium.installed, "needs Debian's chromium"))
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
    private func makeSite(documents: [SearchDocument] = SearchBrowserTests.documents) throws -> URL {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-search-\(UUID().uuidString)")
        var layout = SearchIndex.Layout()
        layout.targetShardBytes = 32
        layout.documentsPerFile = 2
        for file in SearchIndex(documents: documents, layout: layout).files { try file.write(under: site) }
        let script = Self.packageRoot.appendingPathComponent("Themes/default/assets/js/search.js")
        try GeneratedFile(path: SitePath("assets/js/search.js"), contents: Data(contentsOf: script)).write(under: site)
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

    /// The DOM Chromium shows once the page's search has run (search.js marks the results
    /// `aria-busy="false"`), for `search.html?q=query&p=page`.
    private func dom(of site: URL, query: String, page: Int? = nil) async throws -> String {
        let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let address = site.appendingPathComponent("search.html").absoluteString + "?q=" + encoded + (page.map { "&p=\($0)" } ?? "")
        return try await dom(of: try #require(URL(string: address)),
                             once: "document.getElementById('wenjin-search-results')?.getAttribute('aria-busy') === 'false'")
    }

    /// The DOM once the JavaScript condition `ready` holds.
    private func dom(of address: URL, once ready: String) async throws -> String {
        try await HeadlessChromium.shared.evaluate("(\(ready)) ? document.documentElement.outerHTML : null", in: address)
    }

    /// The links of the rendered results, in order.
    private func resultLinks(in dom: String) -> [String] {
        dom.components(separatedBy: "class=\"wenjin-search-title\" href=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    @Test("a two-character Chinese query finds the documents holding that word, title hits first, then by weight")
    func chineseQuery() async throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let dom = try await dom(of: site, query: "食堂")
        #expect(resultLinks(in: dom) == ["questions/1.html", "questions/2.html", "questions/2.html#answer-9"])
        #expect(dom.contains("找到 3 条结果"))
        #expect(dom.contains("<mark>食堂</mark>"))
    }

    @Test("a query mixing a word and Chinese needs both, and one with no match says so")
    func mixedAndEmptyQueries() async throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(resultLinks(in: try await dom(of: site, query: "SWIFT 爬虫")) == ["articles/4.html"])
        // Full-width letters fold to ASCII in the browser as in the index.
        #expect(resultLinks(in: try await dom(of: site, query: "ｓｗｉｆｔ")) == ["articles/4.html"])
        let none = try await dom(of: site, query: "图书馆")
        #expect(resultLinks(in: none).isEmpty)
        #expect(none.contains("没有找到与“图书馆”相关的内容"))
    }

    @Test("results come 20 to a page, and ?p=2 shows the rest with a link back")
    func secondPage() async throws {
        let documents = (1...25).map {
            SearchDocument(title: "考研经验 \($0)", text: "复习计划", url: "questions/\($0).html", kind: .question, weight: 100 - $0)
        }
        let site = try makeSite(documents: documents)
        defer { try? FileManager.default.removeItem(at: site) }
        let first = try await dom(of: site, query: "考研")
        #expect(resultLinks(in: first) == (1...20).map { "questions/\($0).html" })
        #expect(first.contains("找到 25 条结果") && first.contains("下一页") && !first.contains("上一页"))
        let second = try await dom(of: site, query: "考研", page: 2)
        #expect(resultLinks(in: second) == (21...25).map { "questions/\($0).html" })
        #expect(second.contains("上一页") && !second.contains("下一页"))
    }

    @Test("search.js cuts queries into terms the index holds and finds their shards as the Swift writer does")
    func tokenizerParity() async throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let samples = ["天津大学", "Ｓｗｉｆｔ５ 爬虫", "Élan ÄRGER", "カナ한국", "naïve café", "x² ΣΑΣ", "C++/Swift_6.3", "学"]
        let input = String(decoding: try JSONSerialization.data(withJSONObject: samples), as: UTF8.self)
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="out"></pre>
            <script src="assets/js/search.js"></script>
            <script>
            document.getElementById('out').textContent = JSON.stringify(\(input).map(function (text) {
              return wenjinSearch.termsOfQuery(text).map(function (term) { return [term, wenjinSearch.shardOf(term, 4096, 3)]; });
            }));
            </script></body></html>
            """
        try GeneratedFile(path: "parity.html", text: page).write(under: site)
        let dom = try await dom(of: site.appendingPathComponent("parity.html"), once: "(document.getElementById('out')?.textContent ?? '') !== ''")
        let start = try #require(dom.range(of: "<pre id=\"out\">"))
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = dom[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[[String]]])
        try #require(results.count == samples.count)
        for (text, terms) in zip(samples, results) {
            var indexed: Set<String> = []
            SearchTokenizer.forEachTerm(in: text) { indexed.insert($0) }
            #expect(!terms.isEmpty, "\(text)")
            for term in terms {
                #expect(indexed.contains(term[0]), "\(text): the query term \(term[0]) is not an index term of the same text")
                #expect(term[1] == SearchShardKey(term: term[0], shardCount: 4096).name(digits: 3), "\(text): \(term[0])")
            }
        }
        #expect(results[0].map { $0[0] } == ["天津", "津大", "大学"])
        #expect(results[1].map { $0[0] } == ["swift5", "爬虫"])
        #expect(results[7].map { $0[0] } == ["学"])
    }
}
