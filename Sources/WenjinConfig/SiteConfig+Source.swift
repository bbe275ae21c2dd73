import Foundation
import WenjinSanitizer

extension SiteConfig {
    /// The community the crawler reads.
    package struct Source: Sendable, Equatable {
        /// Which API dialect the server speaks (docs/api.md §2 versus §8).
        package enum Flavor: String, Sendable, CaseIterable {
            case wenjin
            case wecenter
        }

        /// Base URL of the community's API. Nil until set here or given on the command line
        /// (`wenjin crawl --source URL`, which wins; `wenjin demo` passes its sample server's).
        package var baseURL: URL?
        /// Hosts the community lived on over the years (docs/api.md §1.1), lower-cased. Links
        /// to them in posts are the community's own and become links into the archive.
        package var historicalHosts = CommunityHosts.historical
        /// On `wecenter` the crawler reads each question's web page to learn who is anonymous
        /// (upstream's API sends the real author); see README, "Publishing safely".
        package var flavor = Flavor.wenjin
        package var login = Login()

        package init() {}
    }

    /// Which environment variables hold the login; the secrets themselves never go in site.json.
    package struct Login: Sendable, Equatable {
        package var userVariable = EnvironmentVariableName("WENJIN_USER")!
        package var passwordVariable = EnvironmentVariableName("WENJIN_PASSWORD")!

        package init() {}

        /// User name and password when both variables are set; nil means crawl without logging in.
        package func credentials(in environment: [String: String]) -> (user: String, password: String)? {
            guard let user = userVariable.value(in: environment),
                  let password = passwordVariable.value(in: environment) else { return nil }
            return (user, password)
        }
    }
}
