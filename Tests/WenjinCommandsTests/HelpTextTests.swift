import Testing
@testable import WenjinCommands

@Suite("Generated help")
struct HelpTextTests {
    @Test("a command's usage line is generated in the form of the design's table")
    func usageLinesMatchTheDesign() async {
        let expected = [
            "crawl": "Usage: wenjin crawl [--source URL] [--max-requests N]",
            "build": "Usage: wenjin build [--drafts] [--output DIR]",
            "serve": "Usage: wenjin serve [--host ADDRESS] [--port PORT]",
            "check": "Usage: wenjin check [--privacy] [DIR]",
            "stats": "Usage: wenjin stats [--json]",
            "sanitize": "Usage: wenjin sanitize",
            "drafts": "Usage: wenjin drafts list|show|new|rm",
            "sample-server": "Usage: wenjin sample-server [--port P] [--questions N] [--seed S] "
                + "[--flavor wenjin|wecenter] [--faults SPEC]",
            "sample-stats": "Usage: wenjin sample-stats [--questions N] [--seed S] --json",
            "demo": "Usage: wenjin demo",
        ]
        for (name, usage) in expected {
            let run = await runWenjin(name, "--help")
            #expect(run.exitCode == .success)
            // The design's options come first and as written; a command may offer more after them.
            #expect(run.output.hasPrefix(usage + "\n") || run.output.hasPrefix(usage + " ["), "\(name): \(run.output)")
        }
    }

    @Test("option help shows each option's text, range, choices and default from its declaration")
    func optionDetails() {
        // Wide enough that no description wraps, so each option's text is on one line.
        let help = HelpText(toolName: "wenjin", version: "0", commands: CommandList.all, width: 300)
            .forCommand(path: [SampleServerCommand.declaration])
        #expect(help.contains("  --port P  "))
        #expect(help.contains("0 picks a free one and prints it. Range: 0–65535. Default: 8080.\n"))
        #expect(help.contains("ifLab API. One of: wenjin, wecenter. Default: wenjin.\n"))
        #expect(help.hasSuffix("  -h, --help                Show this help.\n"))
    }

    @Test("a group's help lists its subcommands, and a subcommand has its own help")
    func groupHelp() async {
        let group = await runWenjin("drafts", "--help")
        for name in ["list", "show", "new", "rm"] {
            #expect(group.output.contains("\n  \(name) "), "missing \(name)")
        }
        let show = await runWenjin("drafts", "show", "--help")
        #expect(show.output.hasPrefix("Usage: wenjin drafts show TIME\n"))
        #expect(show.output.contains("Arguments:\n  TIME"))
    }

    @Test("no help line is wider than the width asked for")
    func linesAreWrapped() {
        let help = HelpText(toolName: "wenjin", version: "0", commands: CommandList.all, width: 60)
        let texts = [help.forTool()] + CommandList.all.map { help.forCommand(path: [$0]) }
        for line in texts.joined().split(separator: "\n") where !line.hasPrefix("Usage:") {
            #expect(line.count <= 60, "too wide: \(line)")
        }
    }
}
