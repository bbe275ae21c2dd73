import Foundation
import Testing
@testable import WenjinSite
import WenjinTestSupport

/// The dark theme in headless Chromium: it follows the system (`prefers-color-scheme`), and a
/// choice made with the menu's toggle (remembered in localStorage) overrides the system.
@Suite("Colour scheme", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: ChromiumProbe.available), .timeLimit(.minutes(20)))
struct ColorSchemeTests {
    static let background = "getComputedStyle(document.body).backgroundColor"

    @Test("A page is light by default and dark when the system prefers dark")
    func followsTheSystem() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let light = try await ChromiumProbe.measure("questions/100.html", in: site.output, width: 1280, script: Self.background)
        let dark = try await ChromiumProbe.measure("questions/100.html", in: site.output, width: 1280, script: Self.background,
                                             prefersDark: true)
        #expect(light == "rgb(255, 255, 255)")
        #expect(dark == "rgb(22, 24, 27)")
    }

    @Test("A remembered choice of the toggle wins over the system, both ways")
    func rememberedChoiceWins() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let chooseDark = "<script>localStorage.setItem(\"wenjin-scheme\", \"dark\");</script>\n"
        let chooseLight = "<script>localStorage.setItem(\"wenjin-scheme\", \"light\");</script>\n"
        let state = Self.background + " + \"/\" + document.querySelector(\".wj-scheme-toggle\").getAttribute(\"aria-pressed\")"
        #expect(try await ChromiumProbe.measure("index.html", in: site.output, width: 1280, script: state, headStart: chooseDark)
            == "rgb(22, 24, 27)/true")
        #expect(try await ChromiumProbe.measure("index.html", in: site.output, width: 1280, script: state, headStart: chooseLight,
                                          prefersDark: true)
            == "rgb(255, 255, 255)/false")
    }

    @Test("The toggle switches the scheme and remembers it")
    func toggleSwitches() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let click = "(document.querySelector(\".wj-scheme-toggle\").click(), " + Self.background
            + " + \"/\" + localStorage.getItem(\"wenjin-scheme\"))"
        #expect(try await ChromiumProbe.measure("index.html", in: site.output, width: 1280, script: click) == "rgb(22, 24, 27)/dark")
    }
}
