/// Every command of `wenjin`, in the order `wenjin --help` lists them (the table in docs/design.md#command-line).
enum CommandList {
    static let all: [CommandDeclaration] = [
        CrawlCommand.declaration,
        BuildCommand.declaration,
        ServeCommand.declaration,
        CheckCommand.declaration,
        ExportCommand.declaration,
        StatsCommand.declaration,
        SanitizeCommand.declaration,
        DraftsCommand.declaration,
        SampleServerCommand.declaration,
        SampleStatsCommand.declaration,
        DemoCommand.declaration,
    ]
}
