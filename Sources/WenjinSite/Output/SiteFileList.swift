import Foundation
import WenjinBuildSupport
import WenjinConfig

/// The files a build copies beside its pages (the "copy files" step): the theme's files and
/// libraries, the site folder's `Public/`, and every stored image, each with the path of its
/// source file, in no particular order (the output does not depend on it).
///
/// The images (75,000 at 100,000 questions) are listed on every build, apart from the few other
/// files and by path alone: their source is the asset folder's file named by the SHA-256 that
/// names them, made only for an image the output lacks. A build makes the list on a thread of its
/// own while it renders (`SiteBuilder.write`), so the copy step starts with it made.
struct SiteFileList: RandomAccessCollection, Sendable {
    /// The theme's files and libraries and `Public/`'s: a few dozen.
    let files: [(path: SitePath, source: String)]
    /// The stored images, each once: `images/<sha256>.<extension>` (`SiteLayout.image`).
    let images: [SitePath]
    /// The folder the images' sources are in, ending in `/`.
    private let assetFolder: String

    /// `Public/` may not reach outside the site folder (`ReadableArea`); a file of it replaces
    /// an image or theme file of the same path, as an image replaces a theme file.
    init(theme: Theme, archive: ArchiveLookup, config: SiteConfig) throws(ReadableArea.Outside) {
        var files = theme.files.mapValues(\.path)
        // The placeholder of removed images ships only with an archive that shows it.
        if archive.content.withdrawals.removedImages.isEmpty { files[SiteLayout.removedImage] = nil }
        let publicFiles = try Self.publicFiles(config: config)
        // In one pass on one core: spread over two cores with a dictionary of every path, the
        // copies' reference counts were contended. Two assets with one path hold the same bytes
        // (the path is their SHA-256), so either will do.
        var images: [SitePath] = []
        images.reserveCapacity(archive.content.assets.count)
        var listed = Set<String>(minimumCapacity: archive.content.assets.count)
        let themeHasImages = files.keys.contains { $0.text.hasPrefix(SiteLayout.imageFolder) }
        for asset in archive.content.assets.values where asset.state == .stored {
            guard let sha256 = asset.sha256 else { continue }
            let path = SiteLayout.image(sha256: sha256, contentType: asset.contentType, url: asset.url)
            guard listed.insert(path.text).inserted, publicFiles.isEmpty || publicFiles[path] == nil else { continue }
            if themeHasImages { files[path] = nil }
            images.append(path)
        }
        files.merge(publicFiles) { $1 }
        self.files = files.map { ($0.key, $0.value) }
        self.images = images
        assetFolder = config.assetFolder.path + "/"
    }

    /// The source file of the image at `path` (one of `images`).
    func source(ofImage path: SitePath) -> String {
        let name = path.text.utf8.dropFirst(SiteLayout.imageFolder.utf8.count).prefix { $0 != UInt8(ascii: ".") }
        return assetFolder + String(decoding: name, as: UTF8.self)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { files.count + images.count }

    /// The `index`th file: the others first, then the images.
    subscript(index: Int) -> (path: SitePath, source: String) {
        index < files.count ? files[index] : (images[index - files.count], source(ofImage: images[index - files.count]))
    }

    /// The files of the site folder's `Public/`, by the path each is published at.
    private static func publicFiles(config: SiteConfig) throws(ReadableArea.Outside) -> [SitePath: String] {
        var files: [SitePath: String] = [:]
        let publicFolder = config.root.appendingPathComponent("Public")
        if FileManager.default.fileExists(atPath: publicFolder.path) {
            try ReadableArea(config: config).checkTree(publicFolder, as: "Public")
        }
        if let paths = try? FileManager.default.subpathsOfDirectory(atPath: publicFolder.path) {
            for relative in paths.sorted() {
                var isFolder: ObjCBool = false
                let url = publicFolder.appendingPathComponent(relative)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[SitePath(relative)] = url.path
                }
            }
        }
        return files
    }
}
