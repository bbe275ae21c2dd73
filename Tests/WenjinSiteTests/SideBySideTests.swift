import Dispatch
import Synchronization
import Testing
import WenjinBuildSupport

/// `SideBySide`: its pieces run at once even when it is called from work already spread over the
/// cores, where libdispatch would have run a nested `concurrentPerform` one piece after another.
@Suite struct SideBySideTests {
    @Test("Pieces run at the same time inside parallel work: each of two waits for the other's signal")
    func piecesMeetInsideParallelWork() {
        let met = Mutex<[Bool]>([])
        // Called from both iterations of an outer apply, as the build calls it from `ParallelWork`
        // and from another `SideBySide`'s piece.
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let (left, right) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            let (_, second, third) = SideBySide.run({ 0 }, { () -> Bool in
                left.signal()
                return right.wait(timeout: .now() + 10) == .success
            }, { () -> Bool in
                right.signal()
                return left.wait(timeout: .now() + 10) == .success
            })
            met.withLock { $0 += [second, third] }
        }
        #expect(met.withLock { $0 } == [true, true, true, true])
    }

    @Test("Each piece's value comes back in its place")
    func valuesInPlace() {
        let (a, b, c) = SideBySide.run({ "一" }, { 2 }, { [3.0] })
        #expect(a == "一" && b == 2 && c == [3.0])
    }
}
