import WenjinBuildSupport
import WenjinTemplates

extension PageRenderer {
    /// Renders a frame built outside the page plan (the draft pages) with the shared layout.
    func render(_ frame: PageFrame) throws(SiteError) -> (path: SitePath, bytes: [UInt8]) {
        (frame.path, try render(PreparedPage(path: frame.path, template: frame.template, context: context(frame))))
    }
}
