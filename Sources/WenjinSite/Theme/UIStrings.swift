import Foundation
import WenjinConfig
import WenjinTemplates

/// The theme's interface texts in one language (`strings/zh-Hans.json`, `strings/en.json`):
/// a flat JSON object of key → text, shown by templates as `{{ui.key}}`.
struct UIStrings: Sendable {
    let language: SiteConfig.Language
    let texts: [String: String]
    /// `texts` as the `ui` object every page's context holds; built once, not per page.
    let templateValue: TemplateValue

    init(language: SiteConfig.Language, texts: [String: String]) {
        self.language = language
        self.texts = texts
        templateValue = texts.templateValue
    }

    static func load(folder: URL, language: SiteConfig.Language) throws(SiteError) -> UIStrings {
        let file = folder.appendingPathComponent("strings").appendingPathComponent("\(language.rawValue).json")
        do {
            let data = try Data(contentsOf: file)
            return UIStrings(language: language, texts: try JSONDecoder().decode([String: String].self, from: data))
        } catch {
            throw SiteError(.themeUnreadable, step: .loadTheme, file: file.path,
                            message: "the UI strings cannot be read", underlying: error)
        }
    }

    /// The text of `key`; the key itself when the theme lacks it, so a gap shows, not a crash.
    subscript(key: String) -> String { texts[key] ?? key }
}
