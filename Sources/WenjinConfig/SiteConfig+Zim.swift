import Foundation

extension SiteConfig {
    /// `wenjin export zim`: the metadata openZIM asks of a ZIM file and Kiwix shows in its
    /// library (https://wiki.openzim.org/wiki/Metadata). Language and Date are not here: the
    /// first is the site's `language`, the second the day of the export.
    package struct Zim: Sendable, Equatable {
        /// The project part of the ZIM's Name (`<name>_<lang>_all`) and of its default file
        /// name (`<name>_<lang>_all_<YYYY-MM>.zim`).
        package var name = "wenjin"
        /// Kiwix's title of the book; the site's `title` when nil. At most 30 characters.
        package var title: String?
        /// One line in Kiwix's library: at most 80 characters.
        package var description = "问津社区问答的离线存档"
        /// Shown on the book's page; at most 4,000 characters, and not the description again.
        package var longDescription: String?
        package var creator = "问津社区"
        package var publisher = "wenjin"
        /// Each tag without `;`, which separates them in the ZIM.
        package var tags = ["wenjin", "_category:other", "_pictures:yes", "_videos:no", "_details:yes"]
        /// Where the content comes from; the site's `baseURL`, then its `source.baseURL`, when nil.
        package var source: URL?
        package var flavour = "maxi"

        package init() {}

        static let titleLimit = 30
        static let descriptionLimit = 80
        static let longDescriptionLimit = 4000
    }

    static func decodeZim(_ reader: inout ConfigObjectReader) throws(SiteConfigError) -> Zim {
        var zim = Zim()
        if let name = try reader.string("name") {
            try requireWord("name", name, &reader)
            zim.name = name
        }
        zim.title = try limitedText("title", Zim.titleLimit, &reader)
        if let description = try limitedText("description", Zim.descriptionLimit, &reader) { zim.description = description }
        zim.longDescription = try limitedText("longDescription", Zim.longDescriptionLimit, &reader)
        if let longDescription = zim.longDescription, longDescription == zim.description, let node = reader.node("longDescription") {
            throw reader.failure("longDescription", at: node, .invalidValue(
                value: "the description again", expected: "a longer text than zim.description (openZIM rejects a copy)"))
        }
        if let creator = try reader.string("creator") { zim.creator = creator }
        if let publisher = try reader.string("publisher") { zim.publisher = publisher }
        if let tags = try reader.strings("tags") {
            if let node = reader.node("tags"), tags.contains(where: { $0.contains(";") || $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw reader.failure("tags", at: node, .invalidValue(value: "a tag that is empty or holds ';'",
                                                                     expected: "non-empty tags without ';'"))
            }
            zim.tags = tags
        }
        zim.source = try reader.webURL("source")
        if let flavour = try reader.string("flavour") {
            try requireWord("flavour", flavour, &reader)
            zim.flavour = flavour
        }
        try reader.rejectUnknownKeys()
        return zim
    }

    /// Name and Flavour become parts of file names and of Kiwix's book identity.
    private static func requireWord(_ key: String, _ value: String, _ reader: inout ConfigObjectReader) throws(SiteConfigError) {
        let allowed = value.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        if !allowed, let node = reader.node(key) {
            throw reader.failure(key, at: node, .invalidValue(value: "\"\(value)\"", expected: "lower-case letters, digits and '-'"))
        }
    }

    private static func limitedText(_ key: String, _ limit: Int, _ reader: inout ConfigObjectReader) throws(SiteConfigError) -> String? {
        guard let text = try reader.string(key) else { return nil }
        if text.count > limit, let node = reader.node(key) {
            throw reader.failure(key, at: node, .outOfRange(value: "\(text.count) characters", allowed: "at most \(limit) characters"))
        }
        return text
    }
}
