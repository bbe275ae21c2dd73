/// `wenjin sample-server [--port P] [--questions N] [--seed S] [--flavor wenjin|wecenter] [--faults SPEC]`
enum SampleServerCommand {
    static let port = Parameter.option(
        "port", value: "P", kind: .integer(0...65_535), default: "8080",
        help: "Port on 127.0.0.1; 0 picks a free one and prints it.")
    /// Shared with `sample-stats`, so both describe the same community by default.
    static let questions = Parameter.option(
        "questions", value: "N", kind: .integer(0...1_000_000), default: "200",
        help: "Number of questions the generated community holds.")
    static let seed = Parameter.option(
        "seed", value: "S", kind: .integer(0...Int.max), default: "1",
        help: "Seed of the generator: the same seed gives the same community and the same faults.")
    static let flavor = Parameter.option(
        "flavor", value: "wenjin|wecenter", kind: .choice(["wenjin", "wecenter"]), default: "wenjin",
        help: "Serve WENJIN's API variant, or upstream WeCenter 3.1 with the ifLab API.")
    static let faults = Parameter.option(
        "faults", value: "SPEC",
        help: "Faults to inject, chosen from the seed: HTTP 500s, dropped connections, slow responses, "
            + "truncated bodies, 429 with Retry-After.")

    static let declaration = CommandDeclaration(
        name: "sample-server",
        summary: "Serve the bundled sample community through the WENJIN API on 127.0.0.1.",
        parameters: [port, questions, seed, flavor, faults],
        action: NotAvailable.action)
}
