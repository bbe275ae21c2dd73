import WenjinConfig
import WenjinSite

extension SiteConfigError: UserFacingError {
    public var failure: String { "\(file) cannot be used: \(problem)" }

    public var location: String? { fileLocation }

    public var remedy: String? {
        switch reason {
        case .syntax: return "fix the JSON at that line and column"
        case .unreadable: return "check that the file is readable UTF-8 text"
        default: return hint ?? "correct the value in \(file)"
        }
    }
}
