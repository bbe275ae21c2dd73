import Foundation
import WenjinBuildSupport

/// The files a build copies beside its pages: theme files, libraries, stored images and the
/// site folder's `Public/` (the "copy files" step).
extension SiteBuilder {
    /// Places theme files, libraries, images and `Public/` in the output on every core.
    func copy(_ files: [(SitePath, source: String)], into staged: any BuildOutput,
              progress: any BuildProgress) throws(OutputFileError) -> [StagedOutput.Outcome] {
        let chunks = stride(from: 0, to: files.count, by: Self.pagesPerCheck).map { $0..<min(files.count, $0 + Self.pagesPerCheck) }
        return try ParallelWork.map(chunks) { chunk throws(OutputFileError) in
            let outcomes = try staged.place(files[chunk].map { path, source in
                (path, source, path.text.hasPrefix(SiteLayout.imageFolder))
            })
            progress.advance(by: outcomes.count)
            return outcomes
        }.flatMap { $0 }
    }

    /// Theme files, libraries, stored images and the site folder's `Public/`, each with the
    /// path of its source file, in no particular order (the output does not depend on it).
    /// `Public/` may not reach outside the site folder (`ReadableArea`); a file of it replaces
    /// an image or theme file of the same path, as an image replaces a theme file.
    func siteFiles(theme: Theme, archive: ArchiveLookup) throws(ReadableArea.Outside) -> [(SitePath, source: String)] {
        var files = theme.files.mapValues(\.path)
        // The placeholder of removed images ships only with an archive that shows it.
        if archive.content.withdrawals.removedImages.isEmpty { files[SiteLayout.removedImage] = nil }
        let publicFiles = try self.publicFiles()
        // Once per stored image on every build (75,000 at 100,000 questions), in one pass on one
        // core, listed apart from the few other files: spread over two cores with a dictionary
        // of every path, the copies' reference counts were contended (0.15 s of CPU). Two assets
        // with one path hold the same bytes (the path is their SHA-256), so either source will do.
        let assetFolder = config.assetFolder.path + "/"
        var images: [(SitePath, source: String)] = []
        images.reserveCapacity(archive.content.assets.count)
        var listed = Set<String>(minimumCapacity: archive.content.assets.count)
        let themeHasImages = files.keys.contains { $0.text.hasPrefix(SiteLayout.imageFolder) }
        for asset in archive.content.assets.values where asset.state == .stored {
            guard let sha256 = asset.sha256 else { continue }
            let path = SiteLayout.image(sha256: sha256, contentType: asset.contentType, url: asset.url)
            guard listed.insert(path.text).inserted, publicFiles.isEmpty || publicFiles[path] == nil else { continue }
            if themeHasImages { files[path] = nil }
            images.append((path, assetFolder + sha256))
        }
        files.merge(publicFiles) { $1 }
        return files.map { ($0.key, $0.value) } + images
    }

    /// The files of the site folder's `Public/`, by the path each is published at.
    private func publicFiles() throws(ReadableArea.Outside) -> [SitePath: String] {
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
