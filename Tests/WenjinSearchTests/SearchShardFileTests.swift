import Foundation
import Testing
@testable import WenjinSearch

@Suite("Search shard files read back")
struct SearchShardFileTests {
    static let file = SearchShardFile.render(name: "0a", entries: [
        (term: "python", postings: [1, 4, 9]),
        (term: "天津", postings: [0, 6]),
    ])

    @Test("a rendered shard parses to its terms and postings")
    func roundTrip() throws {
        #expect(String(decoding: Self.file, as: UTF8.self) == "wenjinSearch.addShard(\"0a\",{\"python\":[1,4,5],\"天津\":[0,6]});\n")
        let entries = try #require(SearchShardFile.parse(Self.file, name: "0a"))
        #expect(entries.map { String(decoding: Self.file[$0.term], as: UTF8.self) } == ["python", "天津"])
        #expect(entries.map { String(decoding: Self.file[$0.list], as: UTF8.self) } == ["1,4,5", "0,6"])
        #expect(SearchShardFile.parse(SearchShardFile.render(name: "0", entries: []), name: "0")?.isEmpty == true)
    }

    @Test("a frame the writer would not have written is refused", arguments: [
        "wenjinSearch.addShard(\"0b\",{\"python\":[1,4,5]});\n",   // another shard's name
        "wenjinSearch.addShard(\"0a\",{\"python\":[1,4,5]});",     // no newline
        "wenjinSearch.addShard(\"0a\",{\"python\":[]});\n",        // an empty list
        "wenjinSearch.addShard(\"0a\",{\"天津\":[0],\"python\":[1]});\n",  // terms out of order
        "wenjinSearch.addShard(\"0a\",{\"a\":[0],\"a\":[1]});\n",          // a term twice
        "wenjinSearch.addShard(\"0a\",{\"py\\\"thon\":[1]});\n",           // an escape
        "wenjinSearch.addShard(\"0a\",{\"\":[1]});\n",
        "wenjinSearch.addShard(\"0a\",{\"python\":[1] });\n",
        "wenjinSearch.addShard(\"0a\",{\"python\":[1\"]});\n",
    ])
    func refused(text: String) {
        #expect(SearchShardFile.parse(Array(text.utf8), name: "0a") == nil)
    }

    /// Lists are read only when an update changes them, and then strictly up to the last change.
    @Test("a list the writer would not have written is refused when a change reads through it", arguments: [
        "1,04,6", // leading zero
        "1,0,6",  // a document twice
        "1,,6",
        "1,6,",
        "99999999999",
        "1, 6",
    ])
    func refusedList(list: String) {
        #expect(SearchShardFile.patchedList(ArraySlice(Array(list.utf8)), changes: [(number: 1_000, old: nil, new: 0)]) == nil)
    }

    @Test("a patched list adds, removes and re-flags documents and keeps the rest of the list as it was")
    func patchedList() {
        // Documents 0, 3 (title), 5, 9 and 40 (title).
        let list = ArraySlice(Array("0,7,4,8,63".utf8))
        func patched(_ changes: [(number: UInt32, old: UInt32?, new: UInt32?)]) -> String? {
            SearchShardFile.patchedList(list, changes: changes).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(patched([(3, 1, nil)]) == "0,10,8,63")
        #expect(patched([(3, 1, 0)]) == "0,6,4,8,63")
        #expect(patched([(4, nil, 1), (40, 1, nil)]) == "0,7,3,2,8")
        #expect(patched([(0, 0, nil), (3, 1, nil), (5, 0, nil), (9, 0, nil), (40, 1, nil)]) == "")
        #expect(SearchShardFile.patchedList([], changes: [(2, nil, 1), (7, nil, 0)]).map { String(decoding: $0, as: UTF8.self) } == "5,10")
        #expect(patched([(4, 0, nil)]) == nil, "a document the list lacks")
        #expect(patched([(5, nil, 0)]) == nil, "a document the list has")
        #expect(patched([(5, 1, nil)]) == nil, "another title bit")
    }
}
