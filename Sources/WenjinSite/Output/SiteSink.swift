/// Where `SiteBuilder.stream` hands the site's files instead of writing them to a folder:
/// `wenjin export zim` packs them into a ZIM as they come. Called from every core at once.
package protocol SiteSink: Sendable {
    /// One file of the published site under its path in the site (`SitePath`). `text` is the
    /// searchable text of a question or article page (`PageText`), nil for any other file.
    func receive(_ bytes: [UInt8], at path: String, text: PageText?) throws
}
