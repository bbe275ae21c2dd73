import Testing
import WenjinTestSupport
import WenjinTemplates

@Suite("The official Mustache spec", SharedSpec.required)
struct MustacheSpecTests {
    @Test("every spec file is found and holds its tests")
    func everySpecFileIsFound() throws {
        for file in SpecCase.files {
            let cases = try SpecCase.load(file)
            #expect(!cases.isEmpty, "\(file).json holds no test")
        }
        #expect(SpecCase.all.count == 184)
    }

    @Test("a spec test renders exactly the expected text", arguments: SpecCase.all)
    func specTestRendersExpectedText(_ spec: SpecCase) throws {
        let partials = try spec.partials.map { try Template(name: TemplateName($0.key), text: $0.value) }
        let library = try TemplateLibrary(partials, mode: .lenient)
        let template = try Template(name: "spec", text: spec.template)
        #expect(try library.render(template, with: spec.data) == spec.expected)
    }
}
