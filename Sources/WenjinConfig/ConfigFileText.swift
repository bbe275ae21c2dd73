import Foundation

/// The text of a file the user writes beside site.json (site.json itself, takedowns.json),
/// read as UTF-8; an error names the file as the user knows it (`name`).
package enum ConfigFileText {
    package static func read(_ url: URL, name: String) throws(SiteConfigError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SiteConfigError(file: name, reason: .unreadable(error.localizedDescription))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SiteConfigError(file: name, reason: .unreadable("it is not UTF-8 text"))
        }
        return text
    }
}
