import Testing
@testable import WenjinSearch

@Suite("Search tokenizer")
struct SearchTokenizerTests {
    private func terms(_ text: String) -> [String] {
        var terms: [String] = []
        SearchTokenizer.forEachTerm(in: text) { terms.append($0) }
        return terms
    }

    @Test("Chinese text gives every character and every pair of neighbours")
    func chineseBigrams() {
        #expect(terms("天津大学") == ["天", "津", "天津", "大", "津大", "学", "大学"])
    }

    @Test("punctuation and spaces end a run of Chinese, so no pair spans them")
    func punctuationSplitsRuns() {
        #expect(terms("考研，保研") == ["考", "研", "考研", "保", "研", "保研"])
        #expect(!terms("北洋 园").contains("洋园"))
    }

    @Test("other text gives lower-cased words and no pair crosses into Chinese")
    func wordsAreLowerCased() {
        #expect(terms("Swift 6.3 用iPhone") == ["swift", "6", "3", "用", "iphone"])
        #expect(terms("Élan ÄRGER") == ["élan", "ärger"])
    }

    @Test("full-width letters and digits are the same terms as ASCII ones")
    func fullWidthFolds() {
        #expect(terms("ＰＨＰ２") == ["php2"])
    }

    @Test("kana and Hangul are indexed like Chinese characters")
    func kanaAndHangul() {
        #expect(terms("カナ") == ["カ", "ナ", "カナ"])
        #expect(terms("한국") == ["한", "국", "한국"])
    }

    @Test("words past the length limit are skipped as noise")
    func longWordsSkipped() {
        let long = String(repeating: "a", count: SearchTokenizer.maximumWordLength + 1)
        #expect(terms("ok \(long) fine") == ["ok", "fine"])
    }
}
