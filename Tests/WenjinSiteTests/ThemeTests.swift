import Foundation
import Testing
import WenjinConfig
@testable import WenjinSite

@Suite("Theme")
struct ThemeTests {
    static let theme = FixtureSite.packageRoot.appendingPathComponent("Themes/default")

    @Test("Both languages define every UI string the templates use")
    func stringsCoverTemplates() throws {
        let zh = try UIStrings.load(folder: Self.theme, language: .simplifiedChinese)
        let en = try UIStrings.load(folder: Self.theme, language: .english)
        #expect(zh.texts.keys.sorted() == en.texts.keys.sorted())
        var used: Set<String> = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: Self.theme.appendingPathComponent("templates").path)
        where path.hasSuffix(".mustache") {
            let text = try String(contentsOf: Self.theme.appendingPathComponent("templates/\(path)"), encoding: .utf8)
            var rest = text[...]
            while let range = rest.range(of: "{{ui.") {
                let tail = rest[range.upperBound...]
                let end = tail.firstIndex(of: "}") ?? tail.endIndex
                used.insert(String(tail[..<end]))
                rest = tail[end...]
            }
        }
        #expect(!used.isEmpty)
        #expect(used.subtracting(zh.texts.keys).isEmpty)
    }

    @Test("A missing Bootstrap is an error that names the Debian package")
    func missingLibraryNamesPackage() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        var config = site.config
        config.theme.bootstrapCSS = ConfigPath("/nonexistent/bootstrap.min.css")
        let error = #expect(throws: SiteError.self) { try SiteBuilder(config: config, store: site.store).build(into: site.output) }
        #expect(error?.reason == .libraryMissing(package: "libjs-bootstrap5"))
        #expect(error?.message.contains("apt-get install libjs-bootstrap5") == true)
        #expect(error?.step == .loadTheme)
    }

    @Test("The English UI strings switch the pages' language")
    func englishPages() throws {
        var site = try FixtureSite()
        defer { site.remove() }
        site.config.language = .english
        _ = try site.build()
        let html = try String(contentsOf: site.output.appendingPathComponent("questions/102.html"), encoding: .utf8)
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains(">Anonymous</span>"))
    }
}
