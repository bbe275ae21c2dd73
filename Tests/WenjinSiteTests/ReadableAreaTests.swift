import Foundation
import Testing
import WenjinConfig
@testable import WenjinSite

/// A build publishes files from the site folder, and from elsewhere only from the folders
/// site.json's `build.allowOutside` names: a link or an absolute path cannot pull the builder's
/// own files (`~/.ssh`, `/etc`) into a site meant for the web.
@Suite("Files a build may publish")
struct ReadableAreaTests {
    /// A folder beside the site holding a file nobody meant to publish.
    static func secretFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("PRIVATE KEY".utf8).write(to: folder.appendingPathComponent("id_rsa"))
        return folder
    }

    /// Builds and returns the error, checking that the live output was left as it was.
    static func refusal(_ site: FixtureSite) throws -> SiteError? {
        let before = try FixtureSite.files(under: site.output, withLibraries: true)
        let error = #expect(throws: SiteError.self) { try site.build() }
        #expect(try FixtureSite.files(under: site.output, withLibraries: true) == before)
        return error
    }

    @Test("A link in Public/ to a file or folder outside the site folder stops the build, naming it; the secret is published nowhere")
    func publicLinksOutsideAreRefused() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let secrets = try Self.secretFolder()
        defer { try? FileManager.default.removeItem(at: secrets) }
        _ = try site.build()
        let publicFolder = site.root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        for (name, target) in [("key.txt", secrets.appendingPathComponent("id_rsa")), ("home", secrets)] {
            let link = publicFolder.appendingPathComponent(name)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let error = try Self.refusal(site)
            #expect(error?.reason == .outsideSiteFolder)
            #expect(error?.step == .copyFiles)
            #expect(error?.file == link.path)
            #expect(error?.message.contains("Public/\(name) is \(ResolvedPath(target).text), outside the site folder") == true,
                    "\(String(describing: error))")
            try FileManager.default.removeItem(at: link)
        }
        let linkedPublic = site.root.appendingPathComponent("Public")
        try FileManager.default.removeItem(at: linkedPublic)
        try FileManager.default.createSymbolicLink(at: linkedPublic, withDestinationURL: secrets)
        #expect(try Self.refusal(site)?.reason == .outsideSiteFolder)
    }

    @Test("theme.bootstrapCSS naming /etc/passwd stops the build unless build.allowOutside names /etc")
    func absoluteLibraryPathNeedsOptIn() throws {
        var site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        site.config.theme.bootstrapCSS = ConfigPath("/etc/passwd")
        let error = try Self.refusal(site)
        #expect(error?.reason == .outsideSiteFolder)
        #expect(error?.step == .loadTheme)
        #expect(error?.message.hasPrefix("theme.bootstrapCSS is /etc/passwd, outside the site folder") == true)
        site.config.build.allowOutside.append(ConfigPath("/etc"))
        _ = try site.build()
        #expect(try Data(contentsOf: site.output.appendingPathComponent("assets/vendor/bootstrap.min.css"))
            == Data(contentsOf: URL(fileURLWithPath: "/etc/passwd")))
    }

    @Test("A link in a theme's assets or templates to a file outside stops the build; a link inside the site folder is fine")
    func themeLinks() throws {
        var site = try FixtureSite()
        defer { site.remove() }
        let secrets = try Self.secretFolder()
        defer { try? FileManager.default.removeItem(at: secrets) }
        // A theme of the site's own, copied in, so only the link under test leads outside.
        let themes = site.root.appendingPathComponent("Themes")
        try FileManager.default.removeItem(at: themes)
        try FileManager.default.copyItem(at: FixtureSite.packageRoot.appendingPathComponent("Themes"), to: themes)
        site.config.build.allowOutside = [ConfigPath("/usr/share/javascript")]
        try Data("站内文件".utf8).write(to: site.root.appendingPathComponent("notice.txt"))
        try FileManager.default.createSymbolicLink(at: themes.appendingPathComponent("default/assets/notice.txt"),
                                                   withDestinationURL: site.root.appendingPathComponent("notice.txt"))
        _ = try site.build()
        #expect(try Data(contentsOf: site.output.appendingPathComponent("assets/notice.txt")) == Data("站内文件".utf8))

        for place in ["default/assets/key.txt", "default/templates/partials/key.mustache"] {
            let link = themes.appendingPathComponent(place)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: secrets.appendingPathComponent("id_rsa"))
            let error = try Self.refusal(site)
            #expect(error?.reason == .outsideSiteFolder, "\(place)")
            #expect(error?.message.contains("Themes/\(place) is") == true, "\(String(describing: error))")
            try FileManager.default.removeItem(at: link)
        }
    }
}
