import Foundation
import Testing
import WenjinConfig
import WenjinLinkCheck
import WenjinModel
import WenjinStore
@testable import WenjinSite
import WenjinBuildSupport

/// `build.hosting`: precompressed siblings, content-hashed theme files and `_headers`, checked
/// on the files a build leaves, with Debian's `gzip` reading what a host would send.
@Suite("Hosting files", .timeLimit(.minutes(20)))
struct HostingBuildTests {
    private static func hostedSite() throws -> FixtureSite {
        var site = try FixtureSite()
        site.config.build.hosting = SiteConfig.Hosting()
        return site
    }

    /// `gzip -dc` of a file: the decompressor hosts and browsers agree with, not ours.
    private static func gunzip(_ file: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "gzip -dc \(file.lastPathComponent)")
        return data
    }

    @Test("Every text file has .gz and .br siblings holding its exact bytes; images and the default build have none")
    func siblingsMatchTheirOriginals() throws {
        let site = try Self.hostedSite()
        defer { site.remove() }
        _ = try site.build()
        let files = try FixtureSite.files(under: site.output, withLibraries: true)
        let texts = files.keys.filter { HostingFiles.isText(SitePath($0)) }
        #expect(texts.contains("questions/100.html") && texts.contains("feed.xml") && texts.contains { $0.hasPrefix("assets/css/site.") })
        for path in texts {
            let gz = try #require(files[path + ".gz"], "\(path).gz")
            #expect(try Self.gunzip(site.output.appendingPathComponent(path + ".gz")) == files[path], "\(path).gz")
            // gzip's header: no file name (flag bit 3 clear) and no time (bytes 4–7 zero), so builds agree.
            #expect(gz[gz.startIndex + 3] & 0x08 == 0 && gz[(gz.startIndex + 4)..<(gz.startIndex + 8)].allSatisfy { $0 == 0 }, "\(path).gz")
            let br = try #require(files[path + ".br"], "\(path).br")
            #expect(Compression.decompress([UInt8](br), as: .brotli) == [UInt8](try #require(files[path])), "\(path).br")
        }
        #expect(!files.keys.contains { $0.hasPrefix("images/") && ($0.hasSuffix(".gz") || $0.hasSuffix(".br")) })

        let plain = try FixtureSite()
        defer { plain.remove() }
        _ = try plain.build()
        let plainFiles = try FixtureSite.files(under: plain.output, withLibraries: true).keys
        #expect(!plainFiles.contains { $0.hasSuffix(".gz") || $0.hasSuffix(".br") || $0 == "_headers" })
        #expect(plainFiles.contains("assets/css/site.css"))
    }

    @Test("Two hosting builds of one store are byte-identical, and a rebuild after a change keeps every sibling in step with its file")
    func deterministicAndIncremental() throws {
        let site = try Self.hostedSite()
        defer { site.remove() }
        _ = try site.build()
        let first = site.root.appendingPathComponent("first")
        _ = try FixtureSite.withoutKeptLookups(of: site.store) { try SiteBuilder(config: site.config, store: site.store).build(into: first) }
        #expect(try site.outputFiles() == FixtureSite.files(under: first))

        try site.store.write { writer in
            guard var question = try writer.reader.question(101) else { return }
            question.title = "C++ 和 Rust 选哪个？"
            try writer.upsert(question)
        }
        let rebuilt = try site.build()
        #expect(rebuilt.pagesUnchanged > 0)
        let page = site.output.appendingPathComponent("questions/101.html")
        #expect(try String(decoding: Self.gunzip(page.appendingPathExtension("gz")), as: UTF8.self).contains("C++ 和 Rust 选哪个？"))
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try FixtureSite.withoutKeptLookups(of: site.store) { try SiteBuilder(config: site.config, store: site.store).build(into: fresh) }
        #expect(try site.outputFiles() == FixtureSite.files(under: fresh))
    }

    @Test("Theme style sheets and scripts get content-hashed names, every page links them and the site still checks clean")
    func hashedThemeNames() throws {
        let site = try Self.hostedSite()
        defer { site.remove() }
        _ = try site.build()
        let files = try FixtureSite.files(under: site.output, withLibraries: true)
        let theme = FixtureSite.packageRoot.appendingPathComponent("Themes/default/assets/css/site.css")
        let hashed = try #require(files.keys.first { $0.range(of: #"^assets/css/site\.[0-9a-f]{10}\.css$"#, options: .regularExpression) != nil })
        #expect(files[hashed] == (try Data(contentsOf: theme)))
        let styleSheets = files.keys.filter { $0.hasSuffix(".css") || $0.hasSuffix(".js") }.filter { $0.hasPrefix("assets/") }
        #expect(!styleSheets.isEmpty)
        #expect(styleSheets.allSatisfy { $0.range(of: #"\.[0-9a-f]{10}\.(css|js)$"#, options: .regularExpression) != nil }, "\(styleSheets)")
        let page = try #require(files["questions/100.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(page.contains("href=\"../\(hashed)\""))
        #expect(!page.contains("assets/css/site.css"))
        #expect(String(decoding: try #require(files["search.html"]), as: UTF8.self).contains(#/src="assets/js/search\.[0-9a-f]{10}\.js"/#))
        let report = try LinkChecker(root: site.output).check()
        #expect(report.problems.map(\.description) == [])
    }

    @Test("Editing a theme style sheet gives it a new name, and every page links the new one")
    func editedStyleSheetIsRenamed() throws {
        let site = try Self.hostedSite()
        defer { site.remove() }
        // A copy of the repository's theme this test may change.
        let themes = site.root.appendingPathComponent("Themes")
        try FileManager.default.removeItem(at: themes)
        try FileManager.default.copyItem(at: FixtureSite.packageRoot.appendingPathComponent("Themes"), to: themes)
        _ = try site.build()
        let before = try #require(try site.outputFiles().keys.first { $0.hasPrefix("assets/css/site.") && $0.hasSuffix(".css") })
        let css = themes.appendingPathComponent("default/assets/css/site.css")
        try (String(contentsOf: css, encoding: .utf8) + "\n.wj-test { color: red; }\n").write(to: css, atomically: true, encoding: .utf8)
        _ = try site.build()
        let files = try site.outputFiles()
        let after = try #require(files.keys.first { $0.hasPrefix("assets/css/site.") && $0.hasSuffix(".css") })
        #expect(after != before)
        #expect(files[before] == nil)
        for path in ["index.html", "questions/100.html", "users/1.html", "404.html"] {
            let page = String(decoding: try #require(files[path]), as: UTF8.self)
            #expect(page.contains(after) && !page.contains(before), "\(path)")
        }
    }

    @Test("_headers gives every path the security headers, hashed files and images a year, and pages the configured time")
    func headersFile() throws {
        var site = try Self.hostedSite()
        site.config.build.hosting?.htmlMaxAgeSeconds = 120
        defer { site.remove() }
        _ = try site.build()
        let text = try String(contentsOf: site.output.appendingPathComponent("_headers"), encoding: .utf8)
        // Rules: a path line, then its indented headers.
        var rules: [String: [String]] = [:]
        var current = ""
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("  ") { rules[current, default: []].append(String(line.dropFirst(2))) } else { current = String(line) }
        }
        let all = try #require(rules["/*"])
        // Scripts only from the site, and the one inline script (the 404 page's) by its hash.
        #expect(all.contains { $0.hasPrefix("Content-Security-Policy: ") && $0.contains("default-src 'self'")
            && $0.contains("script-src 'self' '\(HeadersFile.notFoundScriptHash)';") })
        let notFound = try String(contentsOf: site.output.appendingPathComponent("404.html"), encoding: .utf8)
        #expect(notFound.contains(">\(PageRenderer.notFoundBaseScript)</script>"))
        #expect(all.contains("X-Content-Type-Options: nosniff"))
        #expect(all.contains { $0.hasPrefix("Referrer-Policy: ") })
        #expect(!all.contains { $0.hasPrefix("Cache-Control") })
        #expect(rules["/*.html"] == ["Cache-Control: public, max-age=120"])
        #expect(rules["/"] == ["Cache-Control: public, max-age=120"])
        #expect(rules["/images/*"] == ["Cache-Control: public, max-age=31536000, immutable"])
        let hashed = try site.outputFiles().keys.filter { $0.range(of: #"\.[0-9a-f]{10}\.(css|js)$"#, options: .regularExpression) != nil }
        #expect(!hashed.isEmpty)
        for path in hashed { #expect(rules["/" + path] == ["Cache-Control: public, max-age=31536000, immutable"], "\(path)") }
    }
}
