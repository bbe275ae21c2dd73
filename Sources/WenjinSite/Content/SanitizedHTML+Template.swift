import WenjinSanitizer
import WenjinTemplates

// The one place where sanitizer output becomes markup templates may print unescaped
// (`{{{body}}}`); the only other `TrustedHTML(trusted:)` calls in this module wrap the same
// sanitizer output read back from the store's cache, and JSON-LD the site encodes itself.
extension SanitizedHTML: TemplateRenderable {
    package var templateValue: TemplateValue { .html(templateHTML) }

    var templateHTML: TrustedHTML { TrustedHTML(trusted: html) }
}
