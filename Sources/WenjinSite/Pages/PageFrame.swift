import WenjinBuildSupport
import WenjinTemplates

/// What every page tells the base layout besides its own content: its file, template, title,
/// summary for search engines and sharing, and where the original lives.
struct PageFrame: Sendable {
    var path: SitePath
    var template: TemplateName
    /// The page's own title; empty for the home page, which shows the site's title alone.
    var title: String
    var description: String = ""
    /// Open Graph type: `website` for lists, `article` for posts, `profile` for users.
    var openGraphType: String = "website"
    /// The item's page on the community, when it has one.
    var original: String?
    var structuredData: TrustedHTML?
    /// Pages search engines should not index (404, search).
    var noIndex = false
    /// The menu entry this page belongs to, marked current in the navigation bar.
    var section: NavigationSection?
    /// The template's own view of the page, found as `{{page.…}}`.
    var content: TemplateValue
}

/// The entries of the navigation bar; the raw value is the key templates test (`current.home`).
enum NavigationSection: String, Sendable {
    case home, unanswered, articles, topics, users, about
}
