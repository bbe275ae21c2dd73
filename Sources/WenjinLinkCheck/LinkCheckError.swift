/// Why a site folder could not be checked at all.
package struct LinkCheckError: Error, Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        case notAFolder
        case unreadable
        /// The folder holds a file whose name is not UTF-8.
        case nameNotUTF8
    }

    package let root: String
    package let reason: Reason

    package init(root: String, reason: Reason) {
        self.root = root
        self.reason = reason
    }
}
