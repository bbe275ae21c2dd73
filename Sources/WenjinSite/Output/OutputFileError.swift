/// A file operation on a build's output that failed: the path, what was being done, and the
/// error underneath. Output does not know which build step asked for the file: the step that
/// ran names itself when it reports this (`SiteError.during`), keeping it as the cause.
struct OutputFileError: Error, Sendable, CustomStringConvertible {
    let path: String
    /// What failed, in this module's words; empty when `underlying` says it all.
    let message: String
    let underlying: (any Error)?

    init(path: String, message: String, underlying: (any Error)? = nil) {
        self.path = path
        self.message = message
        self.underlying = underlying
    }

    var description: String {
        ([path, message] + [underlying.map { String(describing: $0) }].compactMap { $0 })
            .filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
