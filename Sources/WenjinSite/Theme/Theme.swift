import Foundation
import WenjinBuildSupport
import WenjinConfig
import WenjinTemplates

/// A theme folder (`Themes/<name>/`) ready to render with: its compiled templates, its UI
/// strings in the site's language, and the files it ships (its `assets/` plus Bootstrap and
/// jQuery from the paths site.json names, Debian's packages by default).
///
/// The folder is the documented way to change the look: `templates/` (Mustache, one file per
/// page kind, `layout` as the base, `partials/`), `strings/<language>.json`, `assets/`.
struct Theme: Sendable {
    let folder: URL
    let library: TemplateLibrary
    let strings: UIStrings
    /// Files to copy into the output, by their output path (hashed, when `hashedNames` is set).
    let files: [SitePath: URL]
    /// The style sheets' and scripts' content-hashed names (`build.hosting.hashAssetNames`).
    let hashedNames: HashedAssetNames?

    /// Output paths of the libraries, as templates link them.
    static let bootstrapCSS = SitePath("assets/vendor/bootstrap.min.css")
    static let bootstrapJS = SitePath("assets/vendor/bootstrap.bundle.min.js")
    static let jQuery = SitePath("assets/vendor/jquery.min.js")
    /// The theme's own files that every page links.
    static let siteCSS = SitePath("assets/css/site.css")
    static let colorSchemeJS = SitePath("assets/js/color-scheme.js")
    static let readerJS = SitePath("assets/js/reader.js")
    static let icon = SitePath("assets/icon-48.png")
    static let anonymousAvatar = SitePath("assets/img/avatar.svg")

    static func load(_ config: SiteConfig) throws(SiteError) -> Theme {
        let folder = config.root.appendingPathComponent("Themes").appendingPathComponent(config.theme.name)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("templates").path) else {
            throw SiteError(.themeUnreadable, step: .loadTheme, file: folder.path,
                            message: "there is no theme \"\(config.theme.name)\" (no templates/ folder)")
        }
        let area = ReadableArea(config: config)
        // Loading the theme is its own step wherever it runs, so a refusal is that step's.
        func checked<Value>(_ check: () throws(ReadableArea.Outside) -> Value) throws(SiteError) -> Value {
            do { return try check() } catch { throw SiteError.during(.loadTheme, error) }
        }
        try checked { () throws(ReadableArea.Outside) in try area.checkTree(folder, as: "Themes/\(config.theme.name)") }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(folder: folder.appendingPathComponent("templates"), mode: .strict)
        } catch {
            throw SiteError(.template, step: .loadTheme, file: error.file, line: error.line, column: error.column,
                            message: "", underlying: error)
        }
        let strings = try UIStrings.load(folder: folder, language: config.language)
        var files = try assetFiles(in: folder.appendingPathComponent("assets"))
        let libraries: [(SitePath, ConfigPath, String, String)] = [
            (bootstrapCSS, config.theme.bootstrapCSS, "libjs-bootstrap5", "theme.bootstrapCSS"),
            (bootstrapJS, config.theme.bootstrapJS, "libjs-bootstrap5", "theme.bootstrapJS"),
            (jQuery, config.theme.jQuery, "libjs-jquery", "theme.jQuery"),
        ]
        for (path, configured, package, key) in libraries {
            let source = config.resolve(configured)
            guard FileManager.default.isReadableFile(atPath: source.path) else {
                throw SiteError(.libraryMissing(package: package), step: .loadTheme, file: source.path,
                                message: "\(source.lastPathComponent) is missing; install it with "
                                    + "`sudo apt-get install \(package)` or set \(key) in site.json to a copy")
            }
            files[path] = try checked { () throws(ReadableArea.Outside) in try area.check(source, as: key) }
        }
        guard config.build.hosting?.hashAssetNames == true else {
            return Theme(folder: folder, library: library, strings: strings, files: files, hashedNames: nil)
        }
        let names = try HashedAssetNames(files: files)
        let published = Dictionary(uniqueKeysWithValues: files.map { (names.published($0.key), $0.value) })
        return Theme(folder: folder, library: library, strings: strings, files: published, hashedNames: names)
    }

    /// Every file under the theme's `assets/`, mapped to the same place under the output's `assets/`.
    private static func assetFiles(in folder: URL) throws(SiteError) -> [SitePath: URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
        do {
            var files: [SitePath: URL] = [:]
            for relative in try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() {
                let url = folder.appendingPathComponent(relative)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                      !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
                files[SitePath("assets/" + relative)] = url
            }
            return files
        } catch {
            throw SiteError(.themeUnreadable, step: .loadTheme, file: folder.path, message: "cannot list the theme's assets", underlying: error)
        }
    }
}
