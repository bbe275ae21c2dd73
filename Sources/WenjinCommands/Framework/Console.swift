import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where commands write: results to stdout, errors and progress to stderr.
///
/// Writes go through `FileHandle` rather than `print`, whose buffering would interleave
/// badly with progress redraws and lose output when the process exits through `exit()`.
package final class Console: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether stderr is a terminal: progress is then redrawn in place instead of logged.
    package let errorIsTerminal: Bool
    /// Columns of the terminal on stderr, when it is one and says so.
    package let terminalWidth: Int?

    init(errorIsTerminal: Bool, terminalWidth: Int?,
         writeOutput: @escaping @Sendable (String) -> Void,
         writeError: @escaping @Sendable (String) -> Void) {
        self.errorIsTerminal = errorIsTerminal
        self.terminalWidth = terminalWidth
        self.writeOutput = writeOutput
        self.writeError = writeError
    }

    /// The process's own stdout and stderr.
    package static func standard() -> Console {
        let isTerminal = isatty(STDERR_FILENO) == 1
        return Console(
            errorIsTerminal: isTerminal,
            terminalWidth: isTerminal ? Self.columns(of: STDERR_FILENO) : nil,
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Writes a result line to stdout.
    package func output(_ line: String) { writeOutput(line + "\n") }

    /// Writes text to stdout as is (for bodies that carry their own newlines).
    package func outputRaw(_ text: String) { writeOutput(text) }

    /// Writes text to stderr as is; callers add the newline (progress redraws must not).
    package func error(_ text: String) { writeError(text) }

    private static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// What a console built by `Console.capturing` received; for tests and for commands that
/// run another command and inspect its output.
final class CapturedOutput: Sendable {
    private let state = Mutex((output: "", error: ""))

    var output: String { state.withLock { $0.output } }
    var error: String { state.withLock { $0.error } }

    fileprivate func appendOutput(_ text: String) { state.withLock { $0.output += text } }
    fileprivate func appendError(_ text: String) { state.withLock { $0.error += text } }
}

extension Console {
    /// A console that keeps everything written to it.
    static func capturing(errorIsTerminal: Bool = false, terminalWidth: Int? = nil) -> (Console, CapturedOutput) {
        let captured = CapturedOutput()
        let console = Console(
            errorIsTerminal: errorIsTerminal, terminalWidth: terminalWidth,
            writeOutput: { captured.appendOutput($0) },
            writeError: { captured.appendError($0) })
        return (console, captured)
    }
}
