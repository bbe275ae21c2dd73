import Foundation
@testable import WenjinConfig

/// The site folder every decoding test pretends to read from.
let testSiteRoot = URL(fileURLWithPath: "/srv/site", isDirectory: true)

/// The error decoding `json` as site.json gives; nil when it decodes.
func decodingError(_ json: String) -> SiteConfigError? {
    do {
        _ = try SiteConfig.decode(json, root: testSiteRoot)
        return nil
    } catch {
        return error
    }
}
