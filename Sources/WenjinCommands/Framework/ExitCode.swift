/// The process exit statuses every `wenjin` command uses; scripts depend on them.
package enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    /// BSD `EX_USAGE`: the command line itself was wrong (unknown option, bad number, ...).
    case usage = 64
}
