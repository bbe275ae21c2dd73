import Foundation
import Testing
import WenjinBuildSupport
@testable import WenjinSearch

@Suite("Search index and its shards")
struct SearchIndexTests {
    static let documents = [
        SearchDocument(title: "天津大学怎么样", text: "北洋园校区很大。", url: "questions/1.html", kind: .question, weight: 3),
        SearchDocument(title: "食堂推荐", text: "天津大学的食堂，二食堂最好。", url: "questions/2.html", kind: .question, weight: 10),
        SearchDocument(title: "Swift on Linux", text: "用 Swift 写爬虫", url: "articles/7.html", kind: .article, weight: 0),
        SearchDocument(title: "回答", text: "天津的冬天很冷", url: "questions/1.html#answer-5", kind: .answer, weight: 3),
    ]

    /// The JSON argument of a `wenjinSearch.method(first,<json>);` call.
    private func argument(of file: GeneratedFile) throws -> Any {
        let text = String(decoding: file.contents, as: UTF8.self)
        let open = try #require(text.firstIndex(of: ","))
        let close = try #require(text.range(of: ");", options: .backwards))
        return try JSONSerialization.jsonObject(with: Data(text[text.index(after: open)..<close.lowerBound].utf8))
    }

    private func shards(_ index: SearchIndex) throws -> [String: [String: [Int]]] {
        var shards: [String: [String: [Int]]] = [:]
        for file in index.files where file.path.text.hasPrefix("search/shard-") {
            let name = String(file.path.text.dropFirst("search/shard-".count).dropLast(".js".count))
            shards[name] = try #require(try argument(of: file) as? [String: [Int]])
        }
        return shards
    }

    /// Document number → 1 if the term is in its title, decoded as search.js does.
    private func postings(_ list: [Int]) -> [Int: Int] {
        var number = 0
        var result: [Int: Int] = [:]
        for value in list {
            number += value / 2
            result[number] = value % 2
        }
        return result
    }

    @Test("the shard key is FNV-1a of the UTF-8 bytes, masked and written in fixed-width hex")
    func shardKeyReferenceValues() {
        // FNV-1a 32 of "a" is 0xe40c292c; of "" it is the offset basis 0x811c9dc5.
        #expect(SearchShardKey(term: "a", shardCount: 4096).name(digits: 3) == "92c")
        #expect(SearchShardKey(term: "", shardCount: 256).name(digits: 2) == "c5")
        #expect(SearchShardKey(term: "a", shardCount: 1).name(digits: 1) == "0")
        #expect(SearchShardKey.digits(forShardCount: 16) == 1)
        #expect(SearchShardKey.digits(forShardCount: 32) == 2)
    }

    @Test("every term sits in the shard its key names, and every shard file exists")
    func termsLandInTheirShards() throws {
        var layout = SearchIndex.Layout()
        layout.targetShardBytes = 16
        let index = SearchIndex(documents: Self.documents, layout: layout)
        let shards = try shards(index)
        #expect(index.report.shards > 1)
        #expect(shards.count == index.report.shards)
        let digits = SearchShardKey.digits(forShardCount: index.report.shards)
        var termCount = 0
        for (name, terms) in shards {
            for term in terms.keys {
                #expect(SearchShardKey(term: term, shardCount: index.report.shards).name(digits: digits) == name)
                termCount += 1
            }
        }
        #expect(termCount == index.report.terms)
    }

    @Test("documents are numbered by weight and a bigram lists the documents that hold it, with title hits marked")
    func postingsOfABigram() throws {
        let index = SearchIndex(documents: Self.documents)
        let shards = try shards(index)
        let all = shards.values.reduce(into: [String: [Int]]()) { $0.merge($1) { a, _ in a } }
        // By weight: 0 = questions/2 (10), 1 = questions/1 (3), 2 = questions/1#answer-5 (3), 3 = articles/7.
        #expect(postings(try #require(all["天津"])) == [0: 0, 1: 1, 2: 0])
        #expect(postings(try #require(all["大学"])) == [0: 0, 1: 1])
        #expect(postings(try #require(all["swift"])) == [3: 1])
        #expect(postings(try #require(all["食"])) == [0: 1])
        #expect(all["津的"] != nil && all["学的"] != nil)
        #expect(all["园校"] != nil && all["。"] == nil)

        let documentFile = try #require(index.files.first { $0.path.text == "search/docs-0.js" })
        let entries = try #require(try argument(of: documentFile) as? [[String]])
        #expect(entries.map { $0[1] } == ["questions/2.html", "questions/1.html", "questions/1.html#answer-5", "articles/7.html"])
        #expect(entries[0] == ["食堂推荐", "questions/2.html", "question", "天津大学的食堂，二食堂最好。"])
    }

    @Test("a borrowed title is shown but not searched")
    func borrowedTitle() throws {
        let question = SearchDocument(title: "图书馆开门", text: "几点？", url: "questions/1.html", kind: .question, weight: 1)
        let answer = SearchDocument(title: "图书馆开门", text: "八点", url: "questions/1.html#answer-2", kind: .answer, weight: 9, indexesTitle: false)
        let index = SearchIndex(documents: [question, answer])
        let all = try shards(index).values.reduce(into: [String: [Int]]()) { $0.merge($1) { a, _ in a } }
        // The answer weighs more, so it is document 0; only the question holds the title's words.
        #expect(postings(try #require(all["图书"])) == [1: 1])
        #expect(postings(try #require(all["八点"])) == [0: 0])
        let documentFile = try #require(index.files.first { $0.path.text == "search/docs-0.js" })
        let entries = try #require(try argument(of: documentFile) as? [[String]])
        #expect(entries[0][0] == "图书馆开门")
        #expect(index.report.textBytes == "图书馆开门几点？八点".utf8.count)
    }

    @Test("the manifest names the shard count, digits and document files")
    func manifest() throws {
        var layout = SearchIndex.Layout()
        layout.documentsPerFile = 3
        let index = SearchIndex(documents: Self.documents, layout: layout)
        let manifest = try #require(index.files.first { $0.path.text == "search/index.js" })
        let text = String(decoding: manifest.contents, as: UTF8.self)
        #expect(text == "wenjinSearch.configure({\"format\":1,\"shards\":1,\"digits\":1,\"documents\":4,\"documentsPerFile\":3});\n")
        #expect(index.files.map(\.path.text) == ["search/docs-0.js", "search/docs-1.js", "search/index.js", "search/shard-0.js"])
        #expect(index.report.documentFiles == 2)
    }

    @Test("the same documents in any order give byte-identical files")
    func deterministic() {
        var layout = SearchIndex.Layout()
        layout.targetShardBytes = 64
        let first = SearchIndex(documents: Self.documents, layout: layout)
        let second = SearchIndex(documents: Self.documents.reversed(), layout: layout)
        #expect(first.files == second.files)
    }

    @Test("documents indexed on several cores all reach the lists, in order and with their title marks")
    func parallelMatchesSequential() throws {
        let many = (0..<500).map {
            SearchDocument(title: "问题 \($0)", text: "天津 第\($0 % 7)食堂", url: "questions/\($0).html", kind: .question, weight: $0 % 13)
        }
        let index = SearchIndex(documents: many)
        let all = try shards(index).values.reduce(into: [String: [Int]]()) { $0.merge($1) { a, _ in a } }
        #expect(postings(try #require(all["天津"])).count == 500)
        #expect(postings(try #require(all["问题"])).values.allSatisfy { $0 == 1 })
        // "3" is a word of the text "第3食堂" (N % 7 == 3) and of the title "问题 3" (a document counted already).
        #expect(postings(try #require(all["3"])).count == (0..<500).filter { $0 % 7 == 3 }.count)
        #expect(postings(try #require(all["3"])).values.reduce(0, +) == 1)
    }

    @Test("the report weighs the index against the text it indexes")
    func report() {
        let index = SearchIndex(documents: Self.documents)
        let text = Self.documents.reduce(0) { $0 + $1.title.utf8.count + $1.text.utf8.count }
        #expect(index.report.documents == 4)
        #expect(index.report.textBytes == text)
        #expect(index.report.indexBytes == index.files.reduce(0) { $0 + $1.contents.count })
        #expect(index.report.sizeRatio > 0)
        let summary = SearchIndexReport(documents: 3, terms: 9, shards: 4, documentFiles: 1, textBytes: 2_000_000, indexBytes: 1_500_000)
        #expect(summary.description == "search index: 3 documents, 1.5 MB for 2.0 MB of text (0.75×), 4 shards")
    }

    @Test("strings in index files are escaped so a title cannot end the script")
    func escaping() {
        #expect(JavaScriptLiteral.string("a\"b\\c</script>\n\u{2028}") == "\"a\\\"b\\\\c\\u003c/script>\\n\\u2028\"")
    }
}
