// The `static/` folder of the Hugo export: what wenjin's "copy files" step places in its output
// (the theme's assets, Bootstrap and jQuery from Debian's packages, every stored image under
// the name bodies link it by), so Hugo copies the same files. Hard links where the file
// system allows: the export itself is not what is timed.
import Foundation
import WenjinConfig

enum HugoStaticFiles {
    static func write(into out: URL, config: SiteConfig, archive: HugoArchive) throws {
        let folder = out.appendingPathComponent("static")
        let theme = config.root.appendingPathComponent("Themes").appendingPathComponent(config.theme.name)
            .appendingPathComponent("assets").resolvingSymlinksInPath()
        let manager = FileManager.default
        for relative in try manager.subpathsOfDirectory(atPath: theme.path).sorted() {
            var isFolder: ObjCBool = false
            let source = theme.appendingPathComponent(relative)
            guard manager.fileExists(atPath: source.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            try place(source, at: folder.appendingPathComponent("assets").appendingPathComponent(relative))
        }
        // The same places as wenjin's `Theme` gives them.
        for (name, path) in [("bootstrap.min.css", config.theme.bootstrapCSS), ("bootstrap.bundle.min.js", config.theme.bootstrapJS),
                             ("jquery.min.js", config.theme.jQuery)] {
            try place(config.resolve(path).resolvingSymlinksInPath(), at: folder.appendingPathComponent("assets/vendor/\(name)"))
        }
        let assets = config.resolve(config.store.directory).appendingPathComponent("assets")
        var placed = Set<String>()
        for asset in archive.assets.values.sorted(by: { $0.url < $1.url }) {
            guard let path = HugoArchive.imagePath(of: asset), let sha = asset.sha256, placed.insert(path).inserted else { continue }
            try place(assets.appendingPathComponent(sha), at: folder.appendingPathComponent(path))
        }
    }

    private static func place(_ source: URL, at target: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try manager.linkItem(at: source, to: target)
        } catch {
            try manager.copyItem(at: source, to: target)
        }
    }
}
