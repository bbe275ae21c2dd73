import WenjinTemplates

extension PageRenderer {
    /// Renders a frame built outside the page plan (the draft pages) with the shared layout.
    func render(_ frame: PageFrame) throws(SiteError) -> (path: SitePath, bytes: [UInt8]) {
        do {
            let template = try theme.library.template(named: frame.template)
            return (frame.path, try theme.library.renderUTF8(template, with: context(frame)))
        } catch {
            throw SiteError(.template, step: .renderPages, file: error.file, line: error.line, column: error.column,
                            message: "\(error.description) (rendering \(frame.path))")
        }
    }
}
