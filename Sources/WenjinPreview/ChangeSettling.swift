/// When a change to the watched files is over, so that one save is one rebuild. An editor that
/// saves in place truncates the file and then writes it: a look between the two sees the file
/// emptied, and reporting that would rebuild (and reload the browser) twice, once from an
/// empty draft. So a change is reported when a look finds the files as the look before it
/// found them (settled), or after `patience` looks of steady change (a file written without end
/// still rebuilds); and only when they settle otherwise than last reported.
struct ChangeSettling {
    private var reported: Int
    /// The state the last look found, when it differs from `reported` and has not settled.
    private var unsettled: Int?
    private var looksUnsettled = 0
    private let patience: Int

    /// Starting from the files as `initial` (a `FileWatcher.fingerprint()`) describes them.
    init(initial: Int, patience: Int = 10) {
        reported = initial
        self.patience = patience
    }

    /// Takes one look's fingerprint; true when a change is to be reported now.
    mutating func look(_ current: Int) -> Bool {
        guard let previous = unsettled else {
            if current != reported { (unsettled, looksUnsettled) = (current, 1) }
            return false
        }
        guard current == previous || looksUnsettled >= patience else {
            (unsettled, looksUnsettled) = (current, looksUnsettled + 1)
            return false
        }
        defer { (reported, unsettled, looksUnsettled) = (current, nil, 0) }
        return current != reported
    }
}
