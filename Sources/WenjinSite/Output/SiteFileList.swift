import Foundation
import WenjinBuildSupport
import WenjinConfig

/// The files a build copies beside its pages (the "copy files" step): the theme's files and
/// libraries, the site folder's `Public/`, and every stored image, each with the path of its
/// source file, in no particular order (the output does not depend on it).
///
/// The images (75,000 at 100,000 questions) are listed on every build, apart from the few other
/// files, by the SHA-256 and extension that name them: the SHA-256 is the archive's own string
/// (no copy), the extension a few letters held in place, so the list holds no text of its own;
/// each image's path is made in the copy step, and its source (the asset folder's file named by
/// the SHA-256) only for an image the output lacks. A build makes the list on a thread of its
/// own while it renders (`SiteBuilder.write`), so the copy step starts with it made.
///
/// What the images' names are made from is digested first (`imageSet`): when the output holds
/// the images of that very digest (`StagedOutput.holdsImages`), they are not listed at all and
/// the copy step carries the output's images over as they are (`imagesCarried`).
struct SiteFileList: RandomAccessCollection, Sendable {
    /// A stored image: `images/<sha256>.<extension>` (`SiteLayout.image`).
    struct Image: Hashable, Sendable {
        let sha256: String
        let `extension`: String

        var path: SitePath { SiteLayout.image(sha256: sha256, extension: `extension`) }

        static func == (left: Image, right: Image) -> Bool { left.sha256 == right.sha256 && left.extension == right.extension }

        /// By the SHA-256's first eight bytes (hex digits of a digest: as good a hash as all 64), not
        /// every byte of both texts: the list de-duplicates 75,000 images at 100,000 questions.
        func hash(into hasher: inout Hasher) {
            let head = sha256.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.count >= 8 ? UnsafeRawBufferPointer(bytes).loadUnaligned(as: UInt64.self) : nil
            }
            if let head = head ?? nil { hasher.combine(head) } else { hasher.combine(sha256) }
            hasher.combine(`extension`.utf8.count)
        }
    }

    /// The theme's files and libraries and `Public/`'s: a few dozen.
    let files: [(path: SitePath, source: String)]
    /// The stored images, each once; none when `imagesCarried`.
    let images: [Image]
    /// The digest of what the images' names are made from: the stored images (their URLs,
    /// SHA-256s and types: `LinkTargets.digests`), the other files under the images' folder,
    /// and the program (which makes the names). Published with the output (`imageSetSidecar`).
    let imageSet: UInt64
    /// Whether the output holds this build's images already, as the build that published it
    /// placed them: `images` is then empty and the copy step carries them over whole.
    let imagesCarried: Bool
    /// The output's state file that records the `imageSet` of its images.
    static let imageSetSidecar = "image-set"
    /// The folder the images' sources are in, ending in `/`.
    private let assetFolder: String

    /// `Public/` may not reach outside the site folder (`ReadableArea`); a file of it replaces
    /// an image or theme file of the same path, as an image replaces a theme file.
    /// `storedImages`: the archive's `LinkTargets.digests`; `held` tells whether the output
    /// holds the images of an `imageSet` already (nil: list them whatever it holds).
    init(theme: Theme, archive: ArchiveLookup, config: SiteConfig, storedImages: UInt64,
         held: ((_ imageSet: UInt64) -> Bool)? = nil) throws(ReadableArea.Outside) {
        var files = theme.files.mapValues(\.path)
        // The placeholder of removed images ships only with an archive that shows it.
        if archive.content.withdrawals.removedImages.isEmpty { files[SiteLayout.removedImage] = nil }
        let publicFiles = try Self.publicFiles(config: config)
        assetFolder = config.assetFolder.path + "/"
        let withPublic = files.merging(publicFiles) { $1 }
        imageSet = Self.imageSet(storedImages: storedImages, files: withPublic)
        if let held, held(imageSet) {
            // A theme or `Public/` file an image replaces is placed too: content-addressed, as
            // the image it names.
            self.files = withPublic.map { ($0.key, $0.value) }
            images = []
            imagesCarried = true
            return
        }
        imagesCarried = false
        // In one pass on one core: spread over two cores with a dictionary of every path, the
        // copies' reference counts were contended. Two assets with one path hold the same bytes
        // (the path is their SHA-256), so either will do.
        var images: [Image] = []
        images.reserveCapacity(archive.content.assets.count)
        var listed = Set<Image>(minimumCapacity: archive.content.assets.count)
        let themeHasImages = files.keys.contains { $0.text.hasPrefix(SiteLayout.imageFolder) }
        for asset in archive.content.assets.values where asset.state == .stored {
            guard let sha256 = asset.sha256 else { continue }
            let image = Image(sha256: sha256, extension: SiteLayout.imageExtension(contentType: asset.contentType, url: asset.url))
            guard publicFiles.isEmpty || publicFiles[image.path] == nil, listed.insert(image).inserted else { continue }
            if themeHasImages { files[image.path] = nil }
            images.append(image)
        }
        files.merge(publicFiles) { $1 }
        self.files = files.map { ($0.key, $0.value) }
        self.images = images
    }

    /// The bytes of the `imageSetSidecar` that records `imageSet`.
    static func record(of imageSet: UInt64) -> [UInt8] { Array(PageFingerprint(value: imageSet).description.utf8) }

    private static func imageSet(storedImages: UInt64, files: [SitePath: String]) -> UInt64 {
        var digest = ContentDigest(seed: 0x696D_6167_6573) // "images"
        digest.add(word: PageFingerprint.programIdentity)
        digest.add(word: storedImages)
        for path in files.keys.map(\.text).filter({ $0.hasPrefix(SiteLayout.imageFolder) }).sorted() { digest.add(path) }
        return digest.finish()
    }

    /// The source file of the image at `path` (one of `images`' paths).
    func source(ofImage path: SitePath) -> String {
        let name = path.text.utf8.dropFirst(SiteLayout.imageFolder.utf8.count).prefix { $0 != UInt8(ascii: ".") }
        return assetFolder + String(decoding: name, as: UTF8.self)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { files.count + images.count }

    /// The `index`th file: the others first, then the images.
    subscript(index: Int) -> (path: SitePath, source: String) {
        if index < files.count { return files[index] }
        let path = images[index - files.count].path
        return (path, source(ofImage: path))
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
