import WenjinConfig
import WenjinSite

extension SiteConfigError: UserFacingError {
    package var failure: String { "\(file) cannot be used: \(problem)" }

    package var location: String? { fileLocation }

    package var remedy: String? {
        switch reason {
        case .syntax: return "fix the JSON at that line and column"
        case .unreadable: return "check that the file is readable UTF-8 text"
        default: return hint ?? "correct the value in \(file)"
        }
    }
}
