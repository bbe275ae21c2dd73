import Foundation

/// Everything that can stop `wenjin build`, with the step it happened in, the file or template
/// position to blame, and the error underneath, so the command can report it once with its cause chain.
package struct SiteError: Error, CustomStringConvertible, Sendable {
    package enum Reason: Sendable, Equatable {
        /// The theme folder or one of its files is missing or unreadable.
        case themeUnreadable
        /// A template does not compile or does not render; `file`, `line`, `column` say where.
        case template
        /// Bootstrap or jQuery is not where site.json says; `remedy` names the package.
        case libraryMissing(package: String)
        /// The store could not be read or written.
        case store
        /// The takedowns file (site.json `privacy.takedowns`) is malformed or names what the store lacks.
        case takedowns
        /// The output folder could not be written or swapped in.
        case output
        /// The output may not go where it was asked to: it would replace the site's own files
        /// or a folder of files no build wrote. Nothing was written.
        case outputRefused
        /// A file to publish lies outside the site folder and the folders build.allowOutside names.
        case outsideSiteFolder
    }

    package let reason: Reason
    /// The build step's name (`load theme`, `render pages`), as progress shows it. In a build,
    /// `BuildSteps` sets it to the step that was running, whatever the thrower guessed.
    package internal(set) var step: BuildStep
    package let file: String?
    package let line: Int?
    package let column: Int?
    /// What went wrong, in this module's words; empty when `underlying` says it all.
    package let message: String
    /// The error of the layer below (the store's, a template's, the file system's), kept whole
    /// for the command line's report.
    package let underlying: (any Error)?

    package init(_ reason: Reason, step: BuildStep, file: String? = nil, line: Int? = nil, column: Int? = nil,
                message: String, underlying: (any Error)? = nil) {
        self.reason = reason
        self.step = step
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.underlying = underlying
    }

    /// `file:line:column`, as much of it as is known.
    package var position: String? {
        guard let file else { return nil }
        return [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
    }

    package var description: String {
        let said = [message, underlying.map { String(describing: $0) }].compactMap { $0?.isEmpty == false ? $0 : nil }
        return "\(step.rawValue): " + (position.map { "\($0): " } ?? "") + said.joined(separator: ": ")
    }
}
