import Foundation
import WenjinBuildSupport

/// One file of a search index write: made anew, or the same as in the previous output (to
/// be carried over from there as it is).
package enum SearchIndexOutput: Sendable, Equatable {
    case file(GeneratedFile)
    case unchanged(SitePath)

    package var path: SitePath {
        switch self {
        case .file(let file): file.path
        case .unchanged(let path): path
        }
    }
}
