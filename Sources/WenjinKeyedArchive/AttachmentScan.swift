import Foundation

/// Finds an NSTextAttachment's image bytes and file name wherever UIKit put them: directly
/// (`NSContents`), in its NSFileWrapper (`NSFileWrapperContents`), in an image object, or as
/// NSData. Other data members count only when they hold a recognisable image.
struct AttachmentScan {
    private static let maxDepth = 4
    private static let contentKeys = [
        "NSFileWrapperContents", "NSContents", "NSFileContents", "UIImageData", "NSImageData", "NS.data", "NS.bytes",
    ]
    private static let containerKeys = ["NSFileWrapper", "NSImage", "UIImage", "Image", "NSFileWrapperContents", "NSContents"]
    private static let nameKeys = [
        "NSFileWrapperPreferredFilename", "NSFileWrapperFilename", "NSFileWrapperFileName",
        "NSPreferredFilename", "NSFilename", "NSFileName",
    ]

    let archive: KeyedArchive
    /// What `EmbeddedImage.find` gave for each data object already searched.
    private(set) var imageSearches: [Int: Data?]
    private var visited: Set<Int> = []
    private var imageData: Data?
    private var fileName: String?

    init(archive: KeyedArchive, imageSearches: [Int: Data?]) {
        self.archive = archive
        self.imageSearches = imageSearches
    }

    mutating func attachment(in fields: [String: PropertyListValue]) throws(KeyedArchiveError) -> ArchivedAttachment {
        try scan(fields, depth: 0)
        return ArchivedAttachment(imageData: imageData, fileName: fileName)
    }

    private mutating func scan(_ fields: [String: PropertyListValue], depth: Int) throws(KeyedArchiveError) {
        for key in Self.nameKeys where fileName == nil {
            if case .string(let name) = try resolve(fields[key]) { fileName = name }
        }
        for key in Self.contentKeys where imageData == nil {
            // Raw bytes are kept even unrecognised (TIFF, BMP): these members hold the file itself.
            if let (bytes, image) = try image(in: fields[key]), !bytes.isEmpty { imageData = image ?? bytes }
        }
        for key in fields.keys.sorted() where imageData == nil {
            imageData = try image(in: fields[key])?.image
        }
        guard depth < Self.maxDepth else { return }
        for key in Self.containerKeys where imageData == nil || fileName == nil {
            guard let ref = fields[key]?.uidValue, ref < UInt64(archive.objects.count),
                  visited.insert(Int(ref)).inserted,
                  let inner = archive.objects[Int(ref)].dictionaryValue
            else { continue }
            try scan(inner, depth: depth + 1)
        }
    }

    /// A data member (followed through one reference) and the image found in it, if any.
    private mutating func image(in value: PropertyListValue?) throws(KeyedArchiveError) -> (bytes: Data, image: Data?)? {
        guard case .data(let bytes) = try resolve(value) else { return nil }
        guard let ref = value?.uidValue else { return (bytes, EmbeddedImage.find(in: bytes)) }
        if let known = imageSearches[Int(ref)] { return (bytes, known) }
        let image = EmbeddedImage.find(in: bytes)
        imageSearches[Int(ref)] = image
        return (bytes, image)
    }

    /// A member followed through one reference, as a plain value.
    private func resolve(_ value: PropertyListValue?) throws(KeyedArchiveError) -> PropertyListValue? {
        guard let value else { return nil }
        guard let ref = value.uidValue else { return value }
        guard ref < UInt64(archive.objects.count) else {
            throw KeyedArchiveError(.outOfBounds, "attachment reference \(ref) of \(archive.objects.count) objects")
        }
        return archive.objects[Int(ref)]
    }
}
