import Foundation
import WenjinBuildSupport
@testable import WenjinSearch

/// A generated corpus for the search index's tests: Chinese sentences from a small set of
/// characters (so bigrams repeat across documents), some Latin words, weights with ties,
/// answers that borrow their question's title. The same seed gives the same corpus.
struct SearchCorpus {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next(_ bound: Int) -> Int {
        // xorshift64*: enough spread for picking characters and documents.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }

    private static let characters = Array("天津大学北洋园校区食堂图书馆宿舍考试选课老师同学自习室实验课程作业期末成绩报名")
    private static let words = ["swift", "linux", "wifi", "app", "github", "python", "2024", "ok"]

    mutating func sentence(length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            switch next(12) {
            case 0: text += " " + Self.words[next(Self.words.count)] + " "
            case 1: text += "，"
            default: text.append(Self.characters[next(Self.characters.count)])
            }
        }
        return text
    }

    /// `questions` questions, each with up to three answers, and a few users.
    mutating func documents(questions: Int) -> [SearchDocument] {
        var documents: [SearchDocument] = []
        for question in 0..<questions {
            let title = sentence(length: 4 + next(8))
            documents.append(SearchDocument(title: title, text: sentence(length: next(60)), url: "questions/\(question).html",
                                            kind: .question, weight: next(6)))
            for answer in 0..<next(4) {
                documents.append(SearchDocument(title: title, text: sentence(length: 5 + next(120)),
                                                url: "questions/\(question).html#answer-\(question * 10 + answer)",
                                                kind: .answer, weight: next(4), indexesTitle: false))
            }
        }
        for user in 0..<questions / 10 {
            documents.append(SearchDocument(title: "用户\(user)", text: sentence(length: next(10)), url: "users/\(user).html",
                                            kind: .user, weight: 0))
        }
        return documents
    }

    /// Changes `count` random documents: title or text rewritten, extended, cut or emptied,
    /// now and then whether the title is searched, or the kind.
    mutating func edit(_ documents: inout [SearchDocument], count: Int) {
        for _ in 0..<count {
            let index = next(documents.count)
            switch next(7) {
            case 5: documents[index].indexesTitle.toggle()
            case 6: documents[index].kind = SearchDocument.Kind.allCases[next(SearchDocument.Kind.allCases.count)]
            case 0: documents[index].title = sentence(length: 3 + next(8))
            case 1: documents[index].text += sentence(length: 1 + next(20))
            case 2: documents[index].text = String(documents[index].text.prefix(next(documents[index].text.count + 1)))
            case 3: documents[index].text = sentence(length: next(80))
            default: documents[index].text = ""
            }
        }
    }
}

/// An index output folder in memory, as the build stages it: each write makes a new folder
/// of the files it names, new ones as made and unchanged ones carried over from the last.
struct SearchOutputFolder {
    var files: [SitePath: Data] = [:]
    var written = 0
    var unchanged = 0
    /// Files called unchanged that the previous folder lacks (a wrong update).
    var missing: [SitePath] = []

    init() {}

    /// The folder after a write whose `outputs` follow the write that made `previous`.
    init(after previous: SearchOutputFolder, _ outputs: [SearchIndexOutput]) {
        for output in outputs {
            switch output {
            case .file(let file):
                files[file.path] = file.contents
                written += 1
            case .unchanged(let path):
                files[path] = previous.files[path]
                if previous.files[path] == nil { missing.append(path) }
                unchanged += 1
            }
        }
    }
}
