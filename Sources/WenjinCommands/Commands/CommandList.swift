/// Every command of `wenjin`, in the order `wenjin --help` lists them (design.md's table).
enum CommandList {
    static let all: [CommandDeclaration] = [
        CrawlCommand.declaration,
        BuildCommand.declaration,
        ServeCommand.declaration,
        CheckCommand.declaration,
        StatsCommand.declaration,
        SanitizeCommand.declaration,
        DraftsCommand.declaration,
        SampleServerCommand.declaration,
        SampleStatsCommand.declaration,
        DemoCommand.declaration,
    ]
}
