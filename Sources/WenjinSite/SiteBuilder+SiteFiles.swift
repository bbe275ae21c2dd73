import Foundation
import WenjinBuildSupport

/// The files a build copies beside its pages: theme files, libraries, stored images and the
/// site folder's `Public/` (the "copy files" step, over a `SiteFileList`).
extension SiteBuilder {
    /// Places theme files, libraries, images and `Public/` in the output on every core: the few
    /// other files as one piece of work, the images a chunk at a time.
    func copy(_ list: SiteFileList, into staged: any BuildOutput,
              progress: any BuildProgress) throws(OutputFileError) -> [StagedOutput.Outcome] {
        // In the order of the manifests' table, as pages are checked (`ManifestTable.order`).
        let order = ManifestTable.order(list.images.count) { list.images[$0].path.text }
        let chunks = stride(from: 0, to: order.count, by: Self.pagesPerCheck).map { order[$0..<min(order.count, $0 + Self.pagesPerCheck)] }
        return try ParallelWork.map(Array(-1..<chunks.count)) { part throws(OutputFileError) -> [StagedOutput.Outcome] in
            var outcomes: [StagedOutput.Outcome] = []
            if part < 0 {
                // A file of `Public/` or of the theme under the images' folder is taken as an image is.
                for file in list.files {
                    outcomes.append(try staged.place(file.source, to: file.path, contentAddressed: file.path.text.hasPrefix(SiteLayout.imageFolder)))
                }
            } else {
                outcomes = try staged.placeImages(chunks[part].map { list.images[$0].path }[...], source: list.source(ofImage:))
            }
            progress.advance(by: outcomes.count)
            return outcomes
        }.flatMap { $0 }
    }
}
