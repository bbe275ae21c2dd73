import WenjinSite

extension SiteError: UserFacingError {
    public var failure: String {
        switch reason {
        case .themeUnreadable: "cannot read the theme"
        case .template: "a template failed"
        case .libraryMissing: "a library the theme needs is missing"
        case .store: "cannot read the store"
        case .takedowns: "the takedowns file cannot be used"
        case .output: "cannot write the site"
        }
    }

    public var location: String? {
        "build step \"\(step.rawValue)\"" + (position.map { ", \($0)" } ?? "")
    }

    public var cause: String? { message }

    public var remedy: String? {
        switch reason {
        case .themeUnreadable: "check the theme folder (Themes/<name>/ beside site.json) and theme.name in site.json"
        case .template: "fix the template at the position shown; the previous site was left as it was"
        case .libraryMissing(let package): "sudo apt-get install \(package), or set the path in site.json's theme section"
        case .store: "run `wenjin crawl` first, or check the store folder"
        case .takedowns: "correct that entry of the takedowns file (site.json privacy.takedowns); the previous site was left as it was"
        case .output: "check that the output folder's parent is writable; the previous site was left as it was"
        }
    }
}
