import WenjinHTTP

/// The one error of this module: the preview server could not start.
package struct PreviewError: Error, Sendable, CustomStringConvertible {
    package enum Reason: Sendable {
        /// The HTTP server could not listen (address in use, bad host, ...).
        case cannotListen(HTTPServerError)
    }

    package let reason: Reason
    /// The folder being served.
    package let root: String

    package init(_ reason: Reason, root: String) {
        self.reason = reason
        self.root = root
    }

    package var description: String {
        switch reason {
        case .cannotListen(let error): "preview of \(root): \(error)"
        }
    }
}
