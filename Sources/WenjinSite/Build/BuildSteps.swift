import WenjinConfig
import WenjinStore
import WenjinTemplates

/// Runs the steps of a build (`BuildStep`), each a name and a body, as Publish runs a pipeline:
/// the one place that tells progress a step begins and ends, gives freed memory back after the
/// steps that free much, times the build, and names the running step in any error its body
/// throws, keeping that error as the cause (`SiteError.during`).
struct BuildSteps {
    let progress: any BuildProgress
    private let start = ContinuousClock.now

    init(progress: any BuildProgress) {
        self.progress = progress
        // Before the first large buffer, so every one of them can be given back (`FreedMemory`).
        FreedMemory.tuneForBuild()
    }

    /// Runs `body` as `step`, which counts `total` items when known; `givingBackMemory` after a
    /// step that lets go of much (the raw bodies, the pages' HTML, the search postings).
    func run<Value>(_ step: BuildStep, total: Int? = nil, givingBackMemory: Bool = false,
                    _ body: () throws -> Value) throws(SiteError) -> Value {
        progress.begin(step, total: total)
        let value: Value
        do {
            value = try body()
        } catch {
            throw SiteError.during(step, error)
        }
        if givingBackMemory { FreedMemory.giveBack() }
        progress.end(step)
        return value
    }

    /// Runs `body` as `step` over the items `listing` finds, counting them; a failure to list
    /// them is the step's too.
    func run<Items: Collection, Value>(_ step: BuildStep, over listing: () throws -> Items, givingBackMemory: Bool = false,
                                       _ body: (Items) throws -> Value) throws(SiteError) -> Value {
        let items: Items
        do {
            items = try listing()
        } catch {
            throw SiteError.during(step, error)
        }
        return try run(step, total: items.count, givingBackMemory: givingBackMemory) { try body(items) }
    }

    /// Seconds since the first step was set up.
    var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

extension SiteError {
    /// `error`, thrown while `step` ran, as the build reports it: a `SiteError` names the step
    /// that ran (not the one its thrower guessed); another module's error is kept as the cause
    /// of the failure it means for the build.
    static func during(_ step: BuildStep, _ error: any Error) -> SiteError {
        switch error {
        case var error as SiteError:
            error.step = step
            return error
        case let error as SiteConfigError:
            // The takedowns file, which site.json names and which is read with the store.
            return SiteError(.takedowns, step: step, file: error.file, line: error.line, column: error.column,
                             message: error.problem + (error.hint.map { "; \($0)" } ?? ""))
        case let error as OutputFileError:
            return SiteError(.output, step: step, file: error.path, message: error.message, underlying: error.underlying)
        case let error as ReadableArea.Outside:
            return SiteError(.outsideSiteFolder, step: step, file: error.path, message: error.message)
        case let error as StoreError:
            return SiteError(.store, step: step, file: error.path, message: "", underlying: error)
        case let error as TemplateError:
            return SiteError(.template, step: step, file: error.file, line: error.line, column: error.column,
                             message: "", underlying: error)
        default:
            let reason: Reason = switch step {
            case .loadTheme: .themeUnreadable
            case .readStore, .sanitizeBodies: .store
            case .checkOutput, .renderPages, .copyFiles, .writeIndexes, .hostingFiles, .publish: .output
            }
            return SiteError(reason, step: step, message: "", underlying: error)
        }
    }
}
