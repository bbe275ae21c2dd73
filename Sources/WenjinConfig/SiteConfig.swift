import Foundation

// site.json, the one configuration file of a site folder, decoded once into typed values.
// Every default lives in the property declarations of these types and nowhere else; code that
// needs a setting reads it here, never from the JSON. Decoding must reject what it does not
// know (unknown keys, wrong types, values out of range) rather than guess.

/// The settings of one site folder. `SiteConfig(root:)` is a site with no site.json.
public struct SiteConfig: Sendable, Equatable {
    public enum Language: String, Sendable, CaseIterable {
        case simplifiedChinese = "zh-Hans"
        case english = "en"
    }

    /// The folder holding site.json; relative paths in the file are relative to it.
    public let root: URL
    public var title = "问津"
    /// Language of the theme's UI strings and of `<html lang>`.
    public var language = Language.simplifiedChinese
    /// Where the archive is published, for canonical links, sitemap and feeds. Nil for an
    /// offline mirror only; it always ends with `/`.
    public var baseURL: URL?
    public var source = Source()
    public var crawl = Crawl()
    public var build = Build()
    public var store = Store()
    public var theme = Theme()
    public var drafts = Drafts()
    public var privacy = Privacy()
    public var zim = Zim()
    /// Free-form values for themes, passed through unchecked.
    public var extra: [String: ExtraValue] = [:]

    public init(root: URL) {
        self.root = root
    }

    /// A path of the configuration as a file URL: absolute paths as written, relative ones
    /// under `root`.
    public func resolve(_ path: ConfigPath) -> URL {
        if path.text.hasPrefix("/") { return URL(fileURLWithPath: path.text) }
        return root.appendingPathComponent(path.text)
    }
}

/// A file or folder path as written in site.json; `SiteConfig.resolve` makes it a URL.
public struct ConfigPath: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public init(_ text: String) { self.text = text }
    public var description: String { text }
}

/// A value under `extra`, kept as JSON for themes to read.
public enum ExtraValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([ExtraValue])
    case object([String: ExtraValue])
}
