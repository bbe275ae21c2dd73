import WenjinBuildSupport
import WenjinTemplates

/// A page between planning and rendering: its file, its template and the whole context the
/// template sees; its bytes are a function of this and the theme.
struct PreparedPage: Sendable {
    let path: SitePath
    let template: TemplateName
    let context: TemplateValue
}

extension PageRenderer {
    /// Builds the page's view model, without rendering it.
    func prepare(_ job: PageJob) -> PreparedPage {
        let frame = frame(for: job)
        return PreparedPage(path: frame.path, template: frame.template, context: context(frame))
    }

    /// The bytes of a prepared page.
    func render(_ page: PreparedPage) throws(SiteError) -> [UInt8] {
        do {
            let template = try theme.library.template(named: page.template)
            let bytes = try theme.library.renderUTF8(template, with: page.context)
            return theme.hashedNames?.rewrite(bytes) ?? bytes
        } catch {
            throw SiteError(.template, step: .renderPages, file: error.file, line: error.line, column: error.column,
                            message: "rendering \(page.path)", underlying: error)
        }
    }
}
