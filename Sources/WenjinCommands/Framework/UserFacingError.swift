/// An error that can explain itself to the person at the terminal in one short block.
///
/// Each module keeps its own error type; it conforms here (or through an extension in
/// `ErrorAdapters/`) so the command reports it as what failed, where, why and what to do.
package protocol UserFacingError: Error {
    /// What failed, as one line ("cannot read site.json").
    var failure: String { get }
    /// Where it failed: a file and line, a URL, a build step, an argument.
    var location: String? { get }
    /// Why it failed.
    var cause: String? { get }
    /// What the user can do about it.
    var remedy: String? { get }
    /// The error of the layer below that made this one, kept whole: the report prints the
    /// chain of them, each as what failed, where and why.
    var underlying: (any Error)? { get }
    /// The exit status the process ends with.
    var exitCode: ExitCode { get }
}

extension UserFacingError {
    package var location: String? { nil }
    package var cause: String? { nil }
    package var remedy: String? { nil }
    package var underlying: (any Error)? { nil }
    package var exitCode: ExitCode { .failure }
}
