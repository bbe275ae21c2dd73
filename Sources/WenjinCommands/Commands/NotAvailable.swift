/// The action of every command whose module is not wired into this build yet. Kept in one
/// place so that wiring the last command deletes this file and `Reason.notAvailable`.
enum NotAvailable {
    static let action: CommandDeclaration.Action = { invocation in
        throw CommandLineError(commandPath: invocation.commandPath, reason: .notAvailable)
    }
}
