import Foundation
import Testing
import WenjinConfig
import WenjinModel
@testable import WenjinSite

/// The takedowns file: read strictly, and every entry checked against the store before a build
/// applies any of it.
@Suite("Takedowns file")
struct TakedownsFileTests {
    private func error(_ json: String) -> SiteConfigError? {
        do {
            _ = try Takedowns.decode(json, file: "takedowns.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("Every kind of entry is read, SHA-256s in lower case")
    func decodesEveryKey() throws {
        let takedowns = try Takedowns.decode("""
            {"anonymizeUsers": [1], "removeUsers": [2, 3], "questions": [100], "answers": [1000],
             "answerComments": [5000], "articles": [7], "articleComments": [70],
             "images": ["\(FixtureSite.imageSHA.uppercased())"]}
            """, file: "takedowns.json")
        #expect(takedowns.anonymizeUsers == [1])
        #expect(takedowns.removeUsers == [2, 3])
        #expect(takedowns.questions == [100])
        #expect(takedowns.answers == [1000])
        #expect(takedowns.answerComments == [5000])
        #expect(takedowns.articles == [7])
        #expect(takedowns.articleComments == [70])
        #expect(takedowns.images == [FixtureSite.imageSHA])
        #expect(try Takedowns.decode("{}", file: "takedowns.json").isEmpty)
    }

    @Test("An unknown key is named with the closest known one")
    func unknownKey() throws {
        let failure = try #require(error(#"{"answer": [1]}"#))
        #expect(failure.keyPath == "answer")
        #expect(failure.hint == "did you mean 'answers'?")
        #expect(failure.description.hasPrefix("takedowns.json:1:2: unknown key 'answer'"))
    }

    @Test("A wrong type names the entry, its line and column")
    func wrongTypes() throws {
        let list = try #require(error(#"{"questions": 12}"#))
        #expect(list.keyPath == "questions")
        #expect(list.reason == .wrongType(expected: "an array of IDs", found: "a number"))
        let entry = try #require(error("{\n  \"answers\": [1, \"2\"]\n}"))
        #expect(entry.keyPath == "answers[1]")
        #expect((entry.line, entry.column) == (2, 18))
        #expect(entry.reason == .wrongType(expected: "a positive whole number (an ID)", found: "a string"))
        #expect(try #require(error(#"{"users": []}"#)).keyPath == "users")
        #expect(try #require(error(#"{"articles": [-4]}"#)).keyPath == "articles[0]")
        #expect(try #require(error(#"{"articles": [1.5]}"#)).keyPath == "articles[0]")
    }

    @Test("An image that is not 64 hexadecimal digits is refused")
    func malformedHash() throws {
        let failure = try #require(error(#"{"images": ["abc123"]}"#))
        #expect(failure.keyPath == "images[0]")
        #expect(failure.reason == .invalidValue(value: "\"abc123\"", expected: "the SHA-256 of an image: 64 hexadecimal digits"))
        #expect(error(#"{"images": ["\#(String(repeating: "g", count: 64))"]}"#) != nil)
    }

    @Test("A JSON syntax error names its line and column")
    func syntax() throws {
        let failure = try #require(error("{\"questions\": [1,]}"))
        guard case .syntax = failure.reason else { Issue.record("not a syntax error: \(failure)"); return }
        #expect(failure.line == 1)
    }

    @Test("A build stops at an ID the store does not hold, naming the file, the entry and its line, and leaves the site as it was")
    func unknownIDStopsTheBuild() throws {
        var site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let before = try site.outputFiles()
        site.config.privacy.takedowns = ConfigPath("private/takedowns.json")
        let file = site.root.appendingPathComponent("private/takedowns.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"answers\": [1000,\n  4242]}".utf8).write(to: file)
        #expect {
            try site.build()
        } throws: { error in
            guard let error = error as? SiteError, error.reason == .takedowns else { return false }
            return error.file == "private/takedowns.json" && error.line == 2 && error.column == 3
                && error.message == "'answers[1]' is 4242, expected the ID of an answer in the store"
        }
        #expect(try site.outputFiles() == before)
        try Data(#"{"images": ["\#(String(repeating: "0", count: 64))"]}"#.utf8).write(to: file)
        #expect(throws: SiteError.self) { try site.build() }
    }

    @Test("Without a takedowns file the build withholds nothing")
    func absentFile() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        #expect(try Takedowns.load(site.config).isEmpty)
        _ = try site.build()
        #expect(try site.outputFiles()["users/1.html"] != nil)
    }
}
