/// The one block an error is printed as on stderr: what failed, where, why, the chain of errors
/// underneath (each layer's own, outermost first), and what to do.
///
/// ```
/// wenjin: cannot read the store
///   where: build step "render pages", .wenjin/cache.sqlite
///   cause: the store cannot be read or written (.wenjin/cache.sqlite): SQLite error 11: …
///   fix:   if the file is damaged, move it away and crawl again
/// ```
struct ErrorReport {
    let failure: String
    let location: String?
    let cause: String?
    /// The errors underneath, outermost first, one line each.
    let chain: [String]
    let remedy: String?
    let exitCode: ExitCode

    /// Errors wrap one another a few layers deep (site, store, SQLite); this bounds a cycle.
    private static let deepestCause = 8

    init(_ error: any Error) {
        var chain: [String] = []
        var remedies: [String] = []
        var next = (error as? any UserFacingError)?.underlying
        while let inner = next, chain.count < Self.deepestCause {
            chain.append(Self.line(inner))
            let explained = inner as? any UserFacingError
            if let remedy = explained?.remedy { remedies.append(remedy) }
            next = explained?.underlying
        }
        self.chain = chain
        if let error = error as? any UserFacingError {
            failure = error.failure
            location = error.location
            cause = error.cause
            // The outermost advice wins; an outer layer with none defers to the layer that knows.
            remedy = error.remedy ?? remedies.first
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

    /// One error of the chain: what failed, where and why when it can say, else its description.
    private static func line(_ error: any Error) -> String {
        guard let error = error as? any UserFacingError else { return String(describing: error) }
        return error.failure + (error.location.map { " (\($0))" } ?? "") + (error.cause.map { ": \($0)" } ?? "")
    }

    /// The block, with control characters escaped (`TerminalText`): a cause often quotes the
    /// source (a server's error message, a failed task's URL), which a hostile server writes.
    var text: String {
        func shown(_ text: String) -> String { TerminalText.escaped(text, keepingLines: true) }
        var lines = ["wenjin: \(shown(failure))"]
        if let location { lines.append("  where: \(shown(location))") }
        if let cause { lines.append("  why:   \(shown(cause))") }
        for inner in chain { lines.append("  cause: \(shown(inner))") }
        if let remedy { lines.append("  fix:   \(shown(remedy))") }
        return lines.joined(separator: "\n") + "\n"
    }
}
