import Foundation
import Testing
@testable import WenjinLinkCheck

@Suite("Link checker")
struct CheckLinkCheckerTests {
    /// A built-site folder holding `files` (path → contents).
    private func site(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-check-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let goodTree = [
        "index.html": """
            <!DOCTYPE html><html><head><link rel="stylesheet" href="assets/css/site.css">
            <link rel="canonical" href="https://example.org/index.html"></head>
            <body><a href="questions/1.html">一</a> <a href='questions/1.html#answer-2'>答</a>
            <a href=topics/%E8%80%83%E7%A0%94.html>考研</a> <img src="assets/img/a.png" alt="">
            <a href="mailto:x@example.org">mail</a> <a href="#top">top</a> <a href="#main">main</a>
            <a href="//cdn.example.org/x.js">cdn</a><main id="main"></main></body></html>
            """,
        "questions/1.html": """
            <html><body><a href="../index.html?from=q#main">home</a>
            <div id="answer-2"><a href="../users/3.html">用户</a></div>
            <script>var s = '<a href="missing.html">'; document.write("<img src='nope.png'>");</script>
            <!-- <a href="commented-out.html"> -->
            <a href="1.html#answer-2">self</a></body></html>
            """,
        "users/3.html": "<p><a href=\"../questions/1.html#answer-2\">back</a><a name=\"legacy\"></a><a href=\"#legacy\">x</a></p>",
        "topics/考研.html": "<h2 id=\"简介\">考研</h2><a href=\"%E8%80%83%E7%A0%94.html#%E7%AE%80%E4%BB%8B\">简介</a>",
        "assets/css/site.css": "body {}",
        "assets/img/a.png": "png",
    ]

    @Test("a tree whose every internal href and src resolves passes, skipping external links, scripts and comments")
    func goodTreePasses() throws {
        let root = try site(Self.goodTree)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try LinkChecker(root: root).check()
        #expect(report.problems == [])
        #expect(report.passed)
        #expect(report.pages == 4)
        #expect(report.references == 16)
    }

    @Test("a link to a missing page and an anchor missing from its page are listed with page, line and why")
    func brokenLinkAndAnchor() throws {
        var files = Self.goodTree
        files["questions/2.html"] = "<html>\n<body>\n<a href=\"../users/404.html\">gone</a>\n<a href=\"1.html#answer-99\">x</a>\n<img\n src=\"../assets/img/b.png\"></body></html>"
        let root = try site(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try LinkChecker(root: root).check()
        #expect(!report.passed)
        #expect(report.problems == [
            LinkProblem(page: "questions/2.html", line: 3, reference: "../users/404.html", reason: .missingFile("users/404.html")),
            LinkProblem(page: "questions/2.html", line: 4, reference: "1.html#answer-99", reason: .missingAnchor(file: "questions/1.html", anchor: "answer-99")),
            LinkProblem(page: "questions/2.html", line: 6, reference: "../assets/img/b.png", reason: .missingFile("assets/img/b.png")),
        ])
        #expect(report.problems[0].description == "questions/2.html:3: ../users/404.html — no file users/404.html")
    }

    @Test("links that only work on a server are problems: root-relative, above the root, naming a folder")
    func serverOnlyLinks() throws {
        var files = Self.goodTree
        files["bad.html"] = "<a href=\"/index.html\">a</a><a href=\"../x.html\">b</a><a href=\"questions/\">c</a><a href=\"assets\">d</a>"
        let root = try site(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let reasons = try LinkChecker(root: root).check().problems.map(\.reason)
        #expect(reasons == [.rootRelative, .outsideSite, .folder("questions"), .folder("assets")])
    }

    @Test("a linked file counts as a file, and a linked folder is not entered, so a link to the root cannot loop")
    func symbolicLinks() throws {
        let root = try site(["index.html": "<a href=\"alias.html\">a</a><a href=\"loop/index.html\">b</a>", "real.html": "<p>"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("alias.html").path, withDestinationPath: "real.html")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: ".")
        let report = try LinkChecker(root: root).check()
        #expect(report.pages == 3)
        #expect(report.problems.map(\.reason) == [.missingFile("loop/index.html")])
    }

    @Test("a missing folder is an error, not an empty pass")
    func missingFolder() {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-check-missing-\(UUID().uuidString)")
        #expect(throws: LinkCheckError(root: root.standardizedFileURL.path, reason: .notAFolder)) {
            try LinkChecker(root: root).check()
        }
    }

    @Test("a file whose name is not UTF-8 is an error naming its folder, not a file passed over")
    func nameNotUTF8() throws {
        let root = try site(["index.html": "<a href=\"docs/a.html\">a</a>", "docs/a.html": "<p>a</p>"])
        defer { try? FileManager.default.removeItem(at: root) }
        // "b\xFF.html": a byte that is never UTF-8, as a copy from another system can leave.
        let name = Array("b".utf8) + [0xFF] + Array(".html".utf8)
        let path = Array(root.appendingPathComponent("docs").path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let made = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) }
        }
        try #require(made >= 0)
        close(made)
        #expect(throws: LinkCheckError(root: root.standardizedFileURL.path + "/docs", reason: .nameNotUTF8)) {
            try LinkChecker(root: root).check()
        }
    }

    @Test("the scanner reads quoted, unquoted and entity-encoded values, and ids as anchors")
    func scanner() {
        let links = HTMLReferenceScanner.scan(Array("""
            <A HREF="a.html?x=1&amp;y=2">x</A><img src=b&#46;png alt=x><div id='c'></div>
            <style>a { background: url("<a href=no.html>") }</style><textarea><a href="no2.html"></textarea>
            <input value="<a href='no3.html'>"><a  href = "d.html" >
            """.utf8))
        #expect(links.references.map(\.value) == ["a.html?x=1&y=2", "b.png", "d.html"])
        #expect(links.references.map(\.line) == [1, 1, 3])
        #expect(links.anchors == ["c"])
    }
}
