import Foundation
import WenjinSite
import WenjinStore
import WenjinZim

/// `wenjin export zim [--output FILE]`
enum ExportCommand {
    static let output = Parameter.option(
        "output", value: "FILE",
        help: "The ZIM file to write; <zim.name>_<lang>_all_<YYYY-MM>.zim beside the site's output folder when omitted.")

    static let declaration = CommandDeclaration(
        name: "export",
        summary: "Write the published archive in another form.",
        subcommands: [
            CommandDeclaration(
                name: "zim",
                summary: "Render the site straight into one ZIM file for Kiwix (metadata from site.json's zim section).",
                discussion: "The ZIM holds what `wenjin build` publishes, under the same paths and from the same "
                    + "renderer, without writing or reading the output folder: never drafts, nor what takedowns and "
                    + "anonymity withhold (every entry is checked; if one lets anything out, no file is left). Kiwix's "
                    + "full-text index finds Chinese words; a failed export leaves any earlier file in place.",
                parameters: [output], action: zim),
        ])

    static func zim(_ invocation: Invocation) async throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        let builder = SiteBuilder(config: config, store: store)
        let now = Date()
        // Checked before rendering, so a wrong zim section costs nothing.
        let export = try ZimExport(config: config, date: now)
        let file = invocation.arguments.text(output).map { path in
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : invocation.workingDirectory.appendingPathComponent(path)).standardizedFileURL
        } ?? builder.defaultOutput.deletingLastPathComponent().appendingPathComponent(export.metadata.defaultFileName(date: now))
        let (summary, built) = try export.write(to: file, from: builder, forbidden: try ForbiddenContent.gather(store: store, config: config))
        invocation.console.output("Rendered \(built.pages) pages and \(built.filesWritten) other files in "
                                  + String(format: "%.2f s", built.seconds))
        invocation.console.output("Wrote \(file.path): \(summary.line)")
        return .success
    }
}
