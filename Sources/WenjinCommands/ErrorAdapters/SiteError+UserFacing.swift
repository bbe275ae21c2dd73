import WenjinSite
import WenjinStore

extension SiteError: UserFacingError {
    package var failure: String {
        switch reason {
        case .themeUnreadable: "cannot read the theme"
        case .template: "a template failed"
        case .libraryMissing: "a library the theme needs is missing"
        case .store: "cannot read the store"
        case .takedowns: "the takedowns file cannot be used"
        case .output: "cannot write the site"
        case .outputRefused: "refusing to write the site there"
        case .outsideSiteFolder: "a file to publish lies outside the site folder"
        }
    }

    package var location: String? {
        "build step \"\(step.rawValue)\"" + (position.map { ", \($0)" } ?? "")
    }

    package var cause: String? { message.isEmpty ? nil : message }

    package var remedy: String? {
        switch reason {
        case .themeUnreadable: "check the theme folder (Themes/<name>/ beside site.json) and theme.name in site.json"
        case .template: "fix the template at the position shown; the previous site was left as it was"
        case .libraryMissing(let package): "sudo apt-get install \(package), or set the path in site.json's theme section"
        // The store's own error knows better what to do (`ErrorReport` takes its advice).
        case .store: underlying is StoreError ? nil : "run `wenjin crawl` first, or check the store folder"
        case .takedowns: "correct that entry of the takedowns file (site.json privacy.takedowns); the previous site was left as it was"
        case .output: "check that the output folder's parent is writable; the previous site was left as it was"
        case .outsideSiteFolder: "replace the link by a copy, or, to publish files from that folder, add it to "
            + "build.allowOutside in site.json"
        case .outputRefused: "nothing was changed; choose an output folder that is new, empty or an earlier wenjin output "
            + "(--output, or build.outputDirectory in site.json), or move the files named away yourself"
        }
    }
}
