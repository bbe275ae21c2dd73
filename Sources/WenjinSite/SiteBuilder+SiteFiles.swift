import Foundation
import WenjinBuildSupport

/// The files a build copies beside its pages: theme files, libraries, stored images and the
/// site folder's `Public/` (the "copy files" step, over a `SiteFileList`).
extension SiteBuilder {
    /// Places theme files, libraries, images and `Public/` in the output on every core: the few
    /// other files as one piece of work, the images a chunk at a time — or, when the output
    /// holds this build's images already (`SiteFileList.imagesCarried`), carried over whole
    /// first, before any other file of the images' folder is placed.
    func copy(_ list: SiteFileList, into staged: any BuildOutput,
              progress: any BuildProgress) throws(OutputFileError) -> [StagedOutput.Outcome] {
        // Not counted: the step's progress counts the files listed.
        let carried = list.imagesCarried ? try staged.carryImages() : []
        let chunks = stride(from: 0, to: list.images.count, by: Self.pagesPerCheck).map { $0..<min(list.images.count, $0 + Self.pagesPerCheck) }
        return try ParallelWork.map(Array(-1..<chunks.count)) { part throws(OutputFileError) -> [StagedOutput.Outcome] in
            var outcomes: [StagedOutput.Outcome] = []
            if part < 0 {
                // A file of `Public/` or of the theme under the images' folder is taken as an image is.
                for file in list.files {
                    outcomes.append(try staged.place(file.source, to: file.path, contentAddressed: file.path.text.hasPrefix(SiteLayout.imageFolder)))
                }
            } else {
                outcomes = try staged.placeImages(list.images[chunks[part]].map(\.path)[...], source: list.source(ofImage:))
            }
            progress.advance(by: outcomes.count)
            return outcomes
        }.flatMap { $0 } + carried
    }
}
