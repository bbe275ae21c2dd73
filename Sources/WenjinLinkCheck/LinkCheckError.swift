/// Why a site folder could not be checked at all.
public struct LinkCheckError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case notAFolder
        case unreadable
    }

    public let root: String
    public let reason: Reason

    public init(root: String, reason: Reason) {
        self.root = root
        self.reason = reason
    }
}
