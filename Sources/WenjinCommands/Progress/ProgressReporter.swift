import Synchronization

/// Shows the progress of one long step (crawl, build) on stderr: a bar redrawn in place when
/// stderr is a terminal, a plain log line every few seconds otherwise (logs and CI must not
/// fill with carriage returns), and one summary line at the end in both cases.
///
/// Safe to call from many tasks at once; output is throttled, so calling `advance` per item
/// is cheap.
package final class ProgressReporter: Sendable {
    private struct State {
        var done = 0
        var total: Int?
        /// When output was last written, in seconds since the start.
        var lastDraw: Double = -.infinity
        /// Whether a bar is on screen and must be cleared before other text.
        var barShown = false
        var finished = false
    }

    private let step: String
    private let console: Console
    private let seconds: @Sendable () -> Double
    private let logInterval: Double
    private let state: Mutex<State>
    /// Redraws per second on a terminal; more only costs CPU.
    private static let redrawInterval = 0.1

    /// - Parameters:
    ///   - step: the step's name as it appears in progress and errors (`crawl`, `render pages`).
    ///   - total: how many items there will be, if known; `setTotal` can change it later.
    ///   - logInterval: seconds between log lines when stderr is not a terminal.
    package convenience init(step: String, total: Int? = nil, console: Console, logInterval: Double = 5) {
        let start = ContinuousClock.now
        self.init(step: step, total: total, console: console, logInterval: logInterval, seconds: {
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        })
    }

    /// With a clock of its own, so tests can move time.
    init(step: String, total: Int?, console: Console, logInterval: Double, seconds: @escaping @Sendable () -> Double) {
        self.step = step
        self.console = console
        self.logInterval = logInterval
        self.seconds = seconds
        state = Mutex(State(total: total))
    }

    /// Counts `count` more items done.
    package func advance(by count: Int = 1) {
        update { $0.done += count }
    }

    /// Changes the expected total, as a crawl does when it discovers more to fetch.
    package func setTotal(_ total: Int?) {
        update { $0.total = total }
    }

    /// Writes a message on its own line without breaking the bar.
    package func note(_ message: String) {
        state.withLock { state in
            clearBar(&state)
            console.error(message + "\n")
            // On a terminal the bar comes back at the next advance instead of waiting its turn.
            if console.errorIsTerminal { state.lastDraw = -.infinity }
        }
    }

    /// Ends the step with its summary line; `detail` adds what the step wants said
    /// (`3 failed`). Later calls do nothing.
    package func finish(detail: String? = nil) {
        let now = seconds()
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            clearBar(&state)
            let line = ProgressLine(step: step, done: state.done, total: state.total, elapsed: now)
            console.error(line.summary(detail: detail) + "\n")
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let now = seconds()
        state.withLock { state in
            change(&state)
            guard !state.finished else { return }
            let interval = console.errorIsTerminal ? Self.redrawInterval : logInterval
            guard now - state.lastDraw >= interval else { return }
            // The first log line waits a full interval: a step that ends quickly only shows its summary.
            if !console.errorIsTerminal, state.lastDraw == -.infinity {
                state.lastDraw = 0
                if now < logInterval { return }
            }
            state.lastDraw = now
            let line = ProgressLine(step: step, done: state.done, total: state.total, elapsed: now)
            if console.errorIsTerminal {
                // Stay one column short of the edge: writing the last column wraps on some terminals.
                console.error("\r" + line.bar(width: (console.terminalWidth ?? 80) - 1) + "\u{1B}[K")
                state.barShown = true
            } else {
                console.error(line.logLine + "\n")
            }
        }
    }

    private func clearBar(_ state: inout State) {
        guard state.barShown else { return }
        console.error("\r\u{1B}[K")
        state.barShown = false
    }
}
