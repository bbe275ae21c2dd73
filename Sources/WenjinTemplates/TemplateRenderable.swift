/// A Swift value that converts itself into a template value, so view models and contexts can
/// be written with ordinary types: `library.render("page", with: ["title": page.title])`.
public protocol TemplateRenderable {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateRenderable {
    public var templateValue: TemplateValue { self }
}

extension TemplateObject: TemplateRenderable {
    public var templateValue: TemplateValue { .object(self) }
}

extension TrustedHTML: TemplateRenderable {
    public var templateValue: TemplateValue { .html(self) }
}

extension String: TemplateRenderable {
    public var templateValue: TemplateValue { .string(self) }
}

extension Substring: TemplateRenderable {
    public var templateValue: TemplateValue { .string(String(self)) }
}

extension Int: TemplateRenderable {
    public var templateValue: TemplateValue { .int(self) }
}

extension Double: TemplateRenderable {
    public var templateValue: TemplateValue { .double(self) }
}

extension Bool: TemplateRenderable {
    public var templateValue: TemplateValue { .bool(self) }
}

extension Optional: TemplateRenderable where Wrapped: TemplateRenderable {
    public var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateRenderable where Element: TemplateRenderable {
    public var templateValue: TemplateValue { .list(map(\.templateValue)) }
}

extension Dictionary: TemplateRenderable where Key == String, Value: TemplateRenderable {
    /// Keys are sorted, because a dictionary's own order changes from run to run.
    public var templateValue: TemplateValue {
        var object = TemplateObject()
        for key in keys.sorted() { object[key] = self[key]?.templateValue }
        return .object(object)
    }
}
