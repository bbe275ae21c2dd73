// `wenjin-bench search --questions N [--memory] [--dump DIR]`: the search index alone, over documents made
// from the sample community as the site build makes them (titles, plain text of the bodies,
// weights). Times a full write, then decoding its state and updating the index after one
// question's title changed (the question and its answers' documents), and with `--memory`
// the full write's peak resident memory above what the documents hold (files are dropped).
// `--dump DIR` writes the full write's files there, to compare two versions of the writer.
import Foundation
import WenjinBuildSupport
import WenjinSample
import WenjinSearch
import WenjinSite

enum SearchBenchmark {
    static func run(_ arguments: [String]) throws {
        var questions = 10_000
        var memoryOnly = false
        var dump: URL?
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--questions": questions = remaining.popFirst().flatMap(Int.init) ?? questions
            case "--memory": memoryOnly = true
            case "--dump": dump = remaining.popFirst().map { URL(fileURLWithPath: $0) }
            default: throw SanitizeBenchmark.UsageError(description: "usage: search --questions N [--memory] [--dump DIR]")
            }
        }
        var documents = self.documents(SampleCommunity(.init(questions: questions)))
        let textBytes = documents.reduce(0) { $0 + $1.title.utf8.count + $1.text.utf8.count }
        print("\(documents.count) documents, \(textBytes / 1_000_000) MB of text")

        if memoryOnly {
            let before = BuildBenchmark.memoryMiB("VmRSS:")
            // Resets VmHWM, so the peak read after the write is the write's.
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
            let start = ContinuousClock.now
            let (report, state) = SearchIndex.write(documents: documents, previous: nil, previousFile: { _ in nil }) { _ in }
            print("full write \(seconds(since: start)) s, \(report)")
            print("resident before \(before) MiB, peak during the write \(BuildBenchmark.memoryMiB("VmHWM:")) MiB, "
                  + "state \(state.encoded().count / 1024) KiB")
            return
        }

        var files: [SitePath: Data] = [:]
        var start = ContinuousClock.now
        let (report, state) = SearchIndex.write(documents: documents, previous: nil, previousFile: { _ in nil }) { output in
            if case .file(let file) = output { files[file.path] = file.contents }
        }
        print("full write \(seconds(since: start)) s, \(report), state \(state.encoded().count / 1024) KiB")
        if let dump {
            for (path, contents) in files { try GeneratedFile(path: path, contents: contents).write(under: dump) }
        }

        // One question's new title reaches its document and its answers' (as SiteIndexes makes them).
        let url = "questions/\(questions / 2).html"
        for index in documents.indices where documents[index].url == url || documents[index].url.hasPrefix(url + "#") {
            documents[index].title += "（已更新）"
        }
        let encoded = state.encoded()
        start = ContinuousClock.now
        let previous = try SearchIndexState(decoding: encoded)
        let decoded = seconds(since: start)
        var written = 0, unchanged = 0
        start = ContinuousClock.now
        let (_, next) = SearchIndex.write(documents: documents, previous: previous, previousFile: { files[$0] }) { output in
            if case .file = output { written += 1 } else { unchanged += 1 }
        }
        let updated = seconds(since: start)
        start = ContinuousClock.now
        let bytes = next.encoded().count
        print("update after a title change: \(updated) s, \(written) files written, \(unchanged) unchanged; "
              + "state decoded in \(decoded) s, new state (\(bytes / 1024) KiB) encoded in \(seconds(since: start)) s")
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        return String(format: "%.3f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Questions with their bodies' text, answers borrowing their question's title, articles, users.
    private static func documents(_ community: SampleCommunity) -> [SearchDocument] {
        let bodies = community.renderedBodies(base: "http://127.0.0.1/").map(plainText)
        let questionBodies = bodies.count - community.answers.count - community.articles.count
        var documents: [SearchDocument] = []
        for (index, question) in community.questions.enumerated() {
            documents.append(SearchDocument(
                title: community.questionTitle(question.id), text: index < questionBodies ? bodies[index] : "",
                url: "questions/\(question.id).html", kind: .question, weight: question.answerIDs.count + question.focusCount))
        }
        for (index, answer) in community.answers.enumerated() {
            documents.append(SearchDocument(
                title: community.questionTitle(answer.questionID), text: bodies[questionBodies + index],
                url: "questions/\(answer.questionID).html#answer-\(answer.id)", kind: .answer, weight: answer.agreeCount,
                indexesTitle: false))
        }
        for (index, article) in community.articles.enumerated() {
            let text = bodies[questionBodies + community.answers.count + index]
            documents.append(SearchDocument(title: String(text.prefix(20)), text: text, url: "articles/\(article.id).html",
                                            kind: .article, weight: article.votes))
        }
        for user in community.users {
            documents.append(SearchDocument(title: user.nickName, text: user.signature ?? "", url: "users/\(user.id).html",
                                            kind: .user, weight: 0))
        }
        return documents
    }

    /// The text between tags, which is near enough what a reader sees for sizing the index.
    private static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text
    }
}
