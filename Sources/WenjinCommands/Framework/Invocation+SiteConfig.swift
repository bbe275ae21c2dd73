import WenjinConfig
import WenjinSite

extension Invocation {
    /// The site.json of the working directory (all defaults when there is none). Commands load
    /// it once, then let their own options win (`--source`, `--output`).
    package func loadSiteConfig() throws(SiteConfigError) -> SiteConfig {
        try SiteConfig.load(root: workingDirectory)
    }
}
