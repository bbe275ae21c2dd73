/// A value a template can show: what view models convert into before rendering.
///
/// Rendering never sees arbitrary Swift values (no `Any`), so lookups and output stay fast
/// and every case has one documented meaning in a template.
package enum TemplateValue: Sendable, Equatable {
    /// Nothing: writes nothing, hides sections, shows inverted sections.
    case null
    /// Writes `true` or `false`; `false` hides sections.
    case bool(Bool)
    case int(Int)
    /// Writes whole numbers without a fraction (`3`, not `3.0`).
    case double(Double)
    /// Text, HTML-escaped by `{{x}}`; an empty string hides sections.
    case string(String)
    /// Markup that may be written unescaped, even in strict mode.
    case html(TrustedHTML)
    /// A section renders once per item; an empty list hides it.
    case list([TemplateValue])
    /// Named values, found by `{{name}}` and `{{a.b}}` and pushed by sections.
    case object(TemplateObject)

    /// Whether a section `{{#x}}` renders: `null`, `false`, an empty list and an empty string
    /// do not; everything else (including 0) does.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .string(let value): !value.isEmpty
        case .list(let items): !items.isEmpty
        case .int, .double, .html, .object: true
        }
    }

    /// The value of `key` when this is an object; objects are the only values with keys.
    func member(_ key: String) -> TemplateValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    package init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}

/// `"问题 \(number)"` builds a string value directly.
extension TemplateValue: ExpressibleByStringInterpolation {}

extension TemplateValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Keys keep the order written, so contexts built from literals are deterministic.
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        var object = TemplateObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
