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
    /// `Public/` may not reach outside the site folder (`ReadableArea`).
    func siteFiles(theme: Theme, archive: ArchiveLookup) throws(ReadableArea.Outside) -> [(SitePath, source: String)] {
        var files = theme.files.mapValues(\.path)
        // The placeholder of removed images ships only with an archive that shows it.
        if archive.content.withdrawals.removedImages.isEmpty { files[SiteLayout.removedImage] = nil }
        // On both cores, once per stored image on every build, its source joined as a string:
        // a `URL` per image was 2.4% of a rebuild's time at 100,000 questions. Two assets with one
        // path hold the same bytes (the path is their SHA-256), so either source will do.
        let assetFolder = config.assetFolder.path + "/"
        let stored = archive.content.assets.values.filter { $0.state == .stored && $0.sha256 != nil }
        files.reserveCapacity(files.count + stored.count)
        for (path, source) in ParallelWork.map(stored, { asset in
            (SiteLayout.image(sha256: asset.sha256 ?? "", contentType: asset.contentType, url: asset.url), assetFolder + (asset.sha256 ?? ""))
        }) {
            files[path] = source
        }
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
        return files.map { ($0.key, $0.value) }
    }
}
