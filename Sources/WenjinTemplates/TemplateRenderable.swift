/// A Swift value that converts itself into a template value, so view models and contexts can
/// be written with ordinary types: `library.render("page", with: ["title": page.title])`.
package protocol TemplateRenderable {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateRenderable {
    package var templateValue: TemplateValue { self }
}

extension TemplateObject: TemplateRenderable {
    package var templateValue: TemplateValue { .object(self) }
}

extension TrustedHTML: TemplateRenderable {
    package var templateValue: TemplateValue { .html(self) }
}

extension String: TemplateRenderable {
    package var templateValue: TemplateValue { .string(self) }
}

extension Substring: TemplateRenderable {
    package var templateValue: TemplateValue { .string(String(self)) }
}

extension Int: TemplateRenderable {
    package var templateValue: TemplateValue { .int(self) }
}

extension Double: TemplateRenderable {
    package var templateValue: TemplateValue { .double(self) }
}

extension Bool: TemplateRenderable {
    package var templateValue: TemplateValue { .bool(self) }
}

extension Optional: TemplateRenderable where Wrapped: TemplateRenderable {
    package var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateRenderable where Element: TemplateRenderable {
    package var templateValue: TemplateValue { .list(map(\.templateValue)) }
}

extension Dictionary: TemplateRenderable where Key == String, Value: TemplateRenderable {
    /// Keys are sorted, because a dictionary's own order changes from run to run.
    package var templateValue: TemplateValue {
        var object = TemplateObject()
        for key in keys.sorted() { object[key] = self[key]?.templateValue }
        return .object(object)
    }
}
