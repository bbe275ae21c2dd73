import Testing
import WenjinModel
@testable import WenjinSite

/// One table of the row digests kept between builds, sorted by ID and read as it lies: a
/// lookup must find what was put in, a patch must replace exactly the rows digested anew, and
/// words read back that are not such a table must be refused.
@Suite("Row digest table")
struct RowDigestTableTests {
    @Test("A table made of pairs in any order finds each ID's digest, the first of two with one ID, and nothing for an ID it lacks")
    func lookups() {
        let table = RowDigestTable<AnswerID>([(id: 30, digest: 3), (id: -5, digest: 9), (id: 10, digest: 1), (id: 30, digest: 4)])
        #expect(table.count == 3)
        #expect(table[AnswerID(10)] == 1)
        #expect(table[AnswerID(30)] == 3)
        #expect(table[AnswerID(-5)] == 9)
        #expect(table[AnswerID(20)] == nil)
        #expect(table[AnswerID(31)] == nil)
        #expect(RowDigestTable<AnswerID>()[AnswerID(1)] == nil)
        // Past 64 pairs they are sorted by their digits: negative IDs first, the first of two still kept.
        let many = RowDigestTable<AnswerID>((-100...100).reversed().map { (id: $0, digest: UInt64(bitPattern: Int64($0))) }
                                            + [(id: 7, digest: 0), (id: -7, digest: 0)])
        #expect(many.count == 201)
        #expect(many[AnswerID(7)] == 7)
        #expect(many[AnswerID(-7)] == UInt64(bitPattern: -7))
        #expect(RowDigestTable<AnswerID>(words: many.words) != nil, "ascending, so it reads back")
    }

    @Test("Merging rows digested anew replaces the rows kept under their IDs, adds the new ones, and keeps the rest")
    func merging() {
        let kept = RowDigestTable<QuestionID>((1...1000).map { (id: $0 * 2, digest: UInt64($0)) })
        let fresh = RowDigestTable<QuestionID>([(id: 2, digest: 100), (id: 3, digest: 200), (id: 2000, digest: 300), (id: 5000, digest: 400)])
        let merged = kept.patched(with: fresh)
        #expect(merged.count == 1002)
        #expect(merged[QuestionID(2)] == 100)
        #expect(merged[QuestionID(3)] == 200)
        #expect(merged[QuestionID(4)] == 2)
        #expect(merged[QuestionID(2000)] == 300)
        #expect(merged[QuestionID(5000)] == 400)
        #expect(merged[QuestionID(1998)] == 999)
        #expect(RowDigestTable<QuestionID>(words: merged.words) != nil, "still sorted, so it reads back")
        #expect(kept.patched(with: RowDigestTable()).words == kept.words)
        // Rows named as removed leave, whether the fresh rows come with them or not.
        let removed = kept.patched(with: fresh, removing: [4, 1998, 7])
        #expect(removed.count == 1000)
        #expect(removed[QuestionID(4)] == nil && removed[QuestionID(1998)] == nil && removed[QuestionID(6)] == 3)
        #expect(kept.patched(with: RowDigestTable(), removing: [2]).count == 999)
    }

    @Test("The IDs a table lacks, and those it holds that are not among the IDs, are found whether the IDs come sorted or not")
    func differences() {
        let table = RowDigestTable<AnswerID>([(id: 1, digest: 1), (id: 2, digest: 2), (id: 5, digest: 5), (id: 9, digest: 9)])
        #expect(table.differences(from: [1, 2, 3, 5, 9, 10]).lacking == [3, 10])
        #expect(table.differences(from: [1, 2, 3, 5, 9, 10]).removed == [])
        #expect(table.differences(from: [10, 9, 0, 5, 2, 1]).lacking == [0, 10])
        #expect(table.differences(from: [9, 1, 5]).removed == [2])
        #expect(table.differences(from: [3]).removed == [1, 2, 5, 9])
        let repeated = table.differences(from: [-4, 2, 2, 7])
        #expect(repeated.lacking == [-4, 7])
        #expect(repeated.removed == [1, 5, 9])
        #expect(table.differences(from: [1, 2, 5, 9]).lacking.isEmpty && table.differences(from: [1, 2, 5, 9]).removed.isEmpty)
        #expect(RowDigestTable<AnswerID>().differences(from: [4, 4]).lacking == [4])
        #expect(table[AnswerID(5)] == 5 && table[AnswerID(9)] == 9 && table[AnswerID(3)] == nil, "found past the gaps")
    }

    @Test("The digest of a table's IDs is that of the same IDs in any order, and differs when one ID differs")
    func idDigest() {
        let table = RowDigestTable<UserID>((1...500).map { (id: $0 * 3, digest: UInt64($0)) })
        var same = IDSetDigest()
        for id in (1...500).reversed() { same.add(id * 3) }
        #expect(table.idDigest == same)
        var other = IDSetDigest()
        for id in 1...500 { other.add(id == 250 ? 751 : id * 3) }
        #expect(table.idDigest != other)
        #expect(RowDigestTable<UserID>().idDigest == IDSetDigest())
        #expect(RowDigestTable<UserID>([(id: -1, digest: 0)]).idDigest != IDSetDigest())
    }

    @Test("Words that do not pair up, or whose IDs repeat or go down, are refused as a damaged file")
    func damagedWords() {
        #expect(RowDigestTable<UserID>(words: [1, 10, 2, 20]) != nil)
        #expect(RowDigestTable<UserID>(words: [1, 10, 2]) == nil)
        #expect(RowDigestTable<UserID>(words: [2, 10, 1, 20]) == nil)
        #expect(RowDigestTable<UserID>(words: [2, 10, 2, 20]) == nil)
        #expect(RowDigestTable<UserID>(words: []) != nil)
    }
}
