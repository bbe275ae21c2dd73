import Foundation
import WenjinConfig

/// The metadata entries of an exported ZIM, from site.json's `zim` section, its `title` and
/// `language`, and the day of the export (https://wiki.openzim.org/wiki/Metadata).
package struct ZimMetadata: Sendable, Equatable {
    /// Name, Title, Description, … in the order they are written.
    package let entries: [(name: String, value: String)]

    /// Kiwix's Name: `<zim.name>_<two-letter language>_all`, one book across its monthly editions.
    package let name: String

    package init(config: SiteConfig, date: Date) throws(ZimError) {
        let zim = config.zim
        let language = Self.language(config.language)
        name = "\(zim.name)_\(language.twoLetter)_all"
        let title = zim.title ?? config.title
        if title.count > 30 {
            throw ZimError(file: SiteConfig.fileName, reason: .metadata(
                "the title \"\(title)\" has \(title.count) characters, and a ZIM's Title at most 30: set zim.title"))
        }
        var entries: [(String, String)] = [
            ("Name", name),
            ("Title", title),
            ("Description", zim.description),
        ]
        if let longDescription = zim.longDescription { entries.append(("LongDescription", longDescription)) }
        entries += [
            ("Language", language.threeLetter),
            ("Creator", zim.creator),
            ("Publisher", zim.publisher),
            ("Date", Self.day(date)),
            ("Tags", zim.tags.joined(separator: ";")),
        ]
        if let source = zim.source ?? config.baseURL ?? config.source.baseURL { entries.append(("Source", source.absoluteString)) }
        entries.append(("Flavour", zim.flavour))
        self.entries = entries
    }

    /// `<Name>_<YYYY-MM>.zim`, openZIM's naming of a monthly edition.
    package func defaultFileName(date: Date) -> String {
        "\(name)_\(Self.day(date).prefix(7)).zim"
    }

    package static func == (lhs: ZimMetadata, rhs: ZimMetadata) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.value == $1.value }
    }

    /// ISO 639-3 for the Language entry (what Kiwix filters its library by), ISO 639-1 for the Name.
    static func language(_ language: SiteConfig.Language) -> (threeLetter: String, twoLetter: String) {
        switch language {
        case .simplifiedChinese: return ("zho", "zh")
        case .english: return ("eng", "en")
        }
    }

    /// `YYYY-MM-DD` in UTC.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
