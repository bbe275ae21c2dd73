/// `wenjin build [--drafts] [--output DIR]`
enum BuildCommand {
    static let drafts = Parameter.flag(
        "drafts", help: "Add unpublished drafts (for preview only; never publish such a build).")
    static let output = Parameter.option(
        "output", value: "DIR", help: "Folder to write the site into; wins over build.outputDirectory in site.json.")

    static let declaration = CommandDeclaration(
        name: "build",
        summary: "Render the store into a static site; --drafts adds unpublished pages (preview only).",
        discussion: "Never touches the network. A failed build leaves the previous site intact.",
        parameters: [drafts, output],
        action: NotAvailable.action)
}
