import Testing
@testable import WenjinPreview

@Suite("Preview watcher: one save is one change")
struct ChangeSettlingTests {
    /// The looks (fingerprints) at which `ChangeSettling` reports a change, by look number.
    private func reports(from initial: Int, looks: [Int], patience: Int = 10) -> [Int] {
        var settling = ChangeSettling(initial: initial, patience: patience)
        return looks.indices.filter { settling.look(looks[$0]) }
    }

    @Test("a save in place seen emptied and then written is reported once, when it has settled")
    func inPlaceSave() {
        // 1: as started; 2: truncated; 3: written; 4, 5: unchanged.
        #expect(reports(from: 1, looks: [1, 2, 3, 3, 3]) == [3])
    }

    @Test("an unchanged tree is never reported, and each settled change once")
    func settledChanges() {
        #expect(reports(from: 1, looks: [1, 1, 1]).isEmpty)
        #expect(reports(from: 1, looks: [2, 2, 2, 5, 5, 5]) == [1, 4])
    }

    @Test("a change undone before it settled is not reported")
    func undone() {
        #expect(reports(from: 1, looks: [2, 1, 1, 1]).isEmpty)
    }

    @Test("files that never stop changing are still reported after the patience runs out")
    func steadyChange() {
        #expect(reports(from: 0, looks: Array(1...9), patience: 3) == [3, 7])
    }
}
