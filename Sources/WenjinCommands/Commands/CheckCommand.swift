/// `wenjin check [DIR]`
enum CheckCommand {
    static let directory = Parameter.positional(
        "DIR", required: false,
        help: "The built site to check; build.outputDirectory of site.json when omitted.")

    static let declaration = CommandDeclaration(
        name: "check",
        summary: "Check that every internal link and asset of a built site resolves; exit 1 with a list if not.",
        parameters: [directory],
        action: NotAvailable.action)
}
