import Foundation

// site.json, the one configuration file of a site folder, decoded once into typed values.
// Every default lives in the property declarations of these types and nowhere else; code that
// needs a setting reads it here, never from the JSON. Decoding must reject what it does not
// know (unknown keys, wrong types, values out of range) rather than guess.

/// The settings of one site folder. `SiteConfig(root:)` is a site with no site.json.
package struct SiteConfig: Sendable, Equatable {
    package enum Language: String, Sendable, CaseIterable {
        case simplifiedChinese = "zh-Hans"
        case english = "en"
    }

    /// The folder holding site.json; relative paths in the file are relative to it.
    package let root: URL
    package var title = "问津"
    /// Language of the theme's UI strings and of `<html lang>`.
    package var language = Language.simplifiedChinese
    /// Where the archive is published, for canonical links, sitemap and feeds. Nil for an
    /// offline mirror only; it always ends with `/`.
    package var baseURL: URL?
    package var source = Source()
    package var crawl = Crawl()
    package var build = Build()
    package var store = Store()
    package var theme = Theme()
    package var drafts = Drafts()
    package var privacy = Privacy()
    package var zim = Zim()
    /// Free-form values for themes, passed through unchecked.
    package var extra: [String: ExtraValue] = [:]

    package init(root: URL) {
        self.root = root
    }

    /// A path of the configuration as a file URL: absolute paths as written, relative ones
    /// under `root`.
    package func resolve(_ path: ConfigPath) -> URL {
        if path.text.hasPrefix("/") { return URL(fileURLWithPath: path.text) }
        return root.appendingPathComponent(path.text)
    }
}

/// A file or folder path as written in site.json; `SiteConfig.resolve` makes it a URL.
package struct ConfigPath: Sendable, Hashable, CustomStringConvertible {
    package let text: String
    package init(_ text: String) { self.text = text }
    package var description: String { text }
}

/// A value under `extra`, kept as JSON for themes to read.
package enum ExtraValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([ExtraValue])
    case object([String: ExtraValue])
}
