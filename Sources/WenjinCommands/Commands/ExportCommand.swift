import Foundation
import WenjinSite
import WenjinStore
import WenjinZim

/// `wenjin export zim [--output FILE]`
enum ExportCommand {
    static let output = Parameter.option(
        "output", value: "FILE",
        help: "The ZIM file to write; <zim.name>_<lang>_all_<YYYY-MM>.zim beside the built site folder when omitted.")

    static let declaration = CommandDeclaration(
        name: "export",
        summary: "Write the published archive in another form.",
        subcommands: [
            CommandDeclaration(
                name: "zim",
                summary: "Build the site, then pack it as one ZIM file for Kiwix (metadata from site.json's zim section).",
                discussion: "The ZIM holds what `wenjin build` published, under the same paths: never drafts, nor what "
                    + "takedowns and anonymity withhold (checked before anything is written). Kiwix's full-text "
                    + "index finds Chinese words; a failed export leaves any earlier file in place.",
                parameters: [output], action: zim),
        ])

    static func zim(_ invocation: Invocation) async throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        let builder = SiteBuilder(config: config, store: store)
        let now = Date()
        // Checked before the build, so a wrong zim section costs nothing.
        let export = try ZimExport(site: builder.defaultOutput, config: config, date: now)
        var pageTexts: [PageText] = []
        let built = try builder.build(into: builder.defaultOutput) { pageTexts = $0 }
        invocation.console.output("Built \(builder.defaultOutput.path): \(built.line)")
        let file = invocation.arguments.text(output).map { path in
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : invocation.workingDirectory.appendingPathComponent(path)).standardizedFileURL
        } ?? builder.defaultOutput.deletingLastPathComponent().appendingPathComponent(export.metadata.defaultFileName(date: now))
        let summary = try export.write(to: file, forbidden: try ForbiddenContent.gather(store: store, config: config),
                                       pageTexts: pageTexts)
        invocation.console.output("Wrote \(file.path): \(summary.line)")
        return .success
    }
}
