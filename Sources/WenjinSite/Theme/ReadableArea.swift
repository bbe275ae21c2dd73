import Foundation
import WenjinConfig

/// Where a build may take the files it publishes from: the site folder, and the folders
/// site.json's `build.allowOutside` names (Debian's `/usr/share/javascript` by default). A
/// theme file, library or `Public/` file that resolves elsewhere, through a link or an
/// absolute path, stops the build: a site folder from someone else (a clone holding
/// `Public/key -> ~/.ssh/id_rsa`) must not publish the builder's own files.
///
/// A folder site.json allows is trusted whole, links in it included: a path named inside it may
/// resolve elsewhere (Debian's `bootstrap5/css/bootstrap.min.css` is a link into
/// `/usr/share/bootstrap-html`). The site folder is not: there, what a path resolves to counts.
struct ReadableArea: Sendable {
    private let root: ResolvedPath
    /// Each allowed folder as named and as resolved.
    private let allowed: [(named: ResolvedPath, resolved: ResolvedPath)]

    /// A file that resolves outside the area. The step that asked names itself when it reports
    /// this (`SiteError.during`, as `SiteError.Reason.outsideSiteFolder`).
    struct Outside: Error, Sendable, CustomStringConvertible {
        let path: String
        let message: String
        var description: String { "\(path): \(message)" }
    }

    init(config: SiteConfig) {
        root = ResolvedPath(config.root)
        allowed = config.build.allowOutside.map { path in
            let url = config.resolve(path)
            return (ResolvedPath(naming: url), ResolvedPath(url))
        }
    }

    /// `url` resolved, when it lies inside the area; `what` names it in the error otherwise.
    @discardableResult
    func check(_ url: URL, as what: String) throws(Outside) -> URL {
        let resolved = ResolvedPath(url), named = ResolvedPath(naming: url)
        let inside = root.contains(resolved)
            || allowed.contains { $0.named.contains(named) || $0.resolved.contains(resolved) }
        guard inside else {
            throw Outside(path: url.path,
                          message: "\(what) is \(resolved), outside the site folder and the folders build.allowOutside names")
        }
        return resolved.url
    }

    /// Checks `folder` and everything under it, links to files or folders included.
    func checkTree(_ folder: URL, as what: String) throws(Outside) {
        try check(folder, as: what)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
        while let relative = walker.nextObject() as? String {
            try check(folder.appendingPathComponent(relative), as: "\(what)/\(relative)")
        }
    }
}
