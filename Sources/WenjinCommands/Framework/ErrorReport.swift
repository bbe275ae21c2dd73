/// The one block an error is printed as on stderr.
///
/// ```
/// wenjin: unknown option '--sorce'
///   where: wenjin crawl, argument 1
///   why:   crawl has no option '--sorce'
///   fix:   did you mean '--source'? Run 'wenjin crawl --help' for its options.
/// ```
struct ErrorReport {
    let failure: String
    let location: String?
    let cause: String?
    let remedy: String?
    let exitCode: ExitCode

    init(_ error: any Error) {
        if let error = error as? any UserFacingError {
            failure = error.failure
            location = error.location
            cause = error.cause
            remedy = error.remedy
            exitCode = error.exitCode
        } else {
            // An error no module taught to explain itself: say what we know, and admit it.
            failure = String(describing: error)
            location = nil
            cause = nil
            remedy = "this error has no explanation yet; please report it with the command you ran"
            exitCode = .failure
        }
    }

    /// The block, with control characters escaped (`TerminalText`): a cause often quotes the
    /// source (a server's error message, a failed task's URL), which a hostile server writes.
    var text: String {
        func shown(_ text: String) -> String { TerminalText.escaped(text, keepingLines: true) }
        var lines = ["wenjin: \(shown(failure))"]
        if let location { lines.append("  where: \(shown(location))") }
        if let cause { lines.append("  why:   \(shown(cause))") }
        if let remedy { lines.append("  fix:   \(shown(remedy))") }
        return lines.joined(separator: "\n") + "\n"
    }
}
