import Testing
@testable import WenjinSanitizer

@Suite struct ConcurrencyTests {
    @Test func severalThreadsSanitizingAtOnceGetTheSameResultsAsOne() async {
        let bodies = (Html5libCase.all.map(\.input) + WeCenterBodyFormsTests.renderedHTML.map(\.0))
        let expected = bodies.map(Fixture.sanitize)
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<10).flatMap { _ in bodies.map(Fixture.sanitize) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        for result in results {
            #expect(result == Array((0..<10).flatMap { _ in expected }))
        }
    }
}
