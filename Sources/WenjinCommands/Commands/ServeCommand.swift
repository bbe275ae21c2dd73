/// `wenjin serve [--host 127.0.0.1] [--port 8000]`
enum ServeCommand {
    static let host = Parameter.option(
        "host", value: "ADDRESS", default: "127.0.0.1", help: "Address to listen on.")
    static let port = Parameter.option(
        "port", value: "PORT", kind: .integer(0...65_535), default: "8000",
        help: "Port to listen on; 0 picks a free one and prints it.")

    static let declaration = CommandDeclaration(
        name: "serve",
        summary: "Preview server over a drafts-included build; rebuilds and reloads the browser on change.",
        parameters: [host, port],
        action: NotAvailable.action)
}
