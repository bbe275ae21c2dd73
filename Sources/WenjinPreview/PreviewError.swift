import WenjinHTTP

/// The one error of this module: the preview server could not start.
public struct PreviewError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable {
        /// The HTTP server could not listen (address in use, bad host, ...).
        case cannotListen(HTTPServerError)
    }

    public let reason: Reason
    /// The folder being served.
    public let root: String

    public init(_ reason: Reason, root: String) {
        self.reason = reason
        self.root = root
    }

    public var description: String {
        switch reason {
        case .cannotListen(let error): "preview of \(root): \(error)"
        }
    }
}
