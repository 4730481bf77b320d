import Dispatch
import Foundation
import Testing

/// Allocations leaked on purpose, to show that LeakSanitizer reports leaks made in project code whatever runs it:
/// the test itself, a Dispatch block, a Foundation `Thread`. Runs only when `GRADIENTD_LEAK_CANARY` is set (the CI
/// step of .ci/run that expects the three reports); a plain `swift test` skips it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["GRADIENTD_LEAK_CANARY"] != nil))
struct LeakCanaryTests {
    @Test func leaksFromATestADispatchBlockAndAThread() {
        leakCanaryFromTest()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { leakCanaryFromDispatch() }
        group.wait()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            leakCanaryFromThread()
            finished.signal()
        }
        thread.start()
        finished.wait()
    }
}

/// Leaks 1 KiB allocated in the test.
@inline(never)
func leakCanaryFromTest() {
    leak(byteCount: 1024)
}

/// Leaks 2 KiB allocated in a Dispatch block, eight times: the worker thread outlives the block, and a stale copy of
/// the last address on its stack can make that one allocation look reachable; the earlier ones cannot.
@inline(never)
func leakCanaryFromDispatch() {
    for _ in 0..<8 { leak(byteCount: 2048) }
}

/// Leaks 3 KiB allocated on a Foundation thread.
@inline(never)
func leakCanaryFromThread() {
    leak(byteCount: 3072)
}

/// Allocates `byteCount` bytes and forgets the address.
@inline(never)
private func leak(byteCount: Int) {
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
    bytes.initializeMemory(as: UInt8.self, repeating: 0xA5, count: byteCount)
}
