import Foundation
import WenjinConfig

extension SiteConfig {
    /// The crawler's folder of downloaded images (`.wenjin/assets/`), each file named by the
    /// SHA-256 of its bytes (`AssetFolder`).
    var assetFolder: URL { resolve(store.directory).appendingPathComponent("assets") }
}
