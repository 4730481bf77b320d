import Testing

@testable import GradientService

struct QueryKeyMemoTests {
    @Test func remembersExactQueriesAndEmptiesWhenFull() {
        let memo = QueryKeyMemo(capacity: 2)
        memo.remember("k1", for: "colors=red")
        memo.remember("k2", for: "colors=blue")
        #expect(memo.key(for: "colors=red") == "k1")
        #expect(memo.key(for: "colors=Red") == nil)
        memo.remember("k3", for: "colors=lime")
        #expect(memo.key(for: "colors=red") == nil)
        #expect(memo.key(for: "colors=lime") == "k3")
    }

    @Test func aRememberedQueryWhoseImageWasEvictedIsRenderedAgain() throws {
        let harness = ServiceHarness(configuration: GradientServiceConfiguration(cacheBytes: 1, renderWorkers: 1))
        let target = "/gradient?colors=red,blue&width=20&height=20"
        let first = try harness.record(target)
        _ = ServiceHarness.eventually { harness.service.coordinator.renderCount == 0 }
        let second = try harness.record(target)
        #expect(first.body == second.body)
        #expect(second.head.headers["Cache-Status"] == "gradientd; fwd=miss")
        #expect(harness.service.coordinator.cache.statistics.misses == 2)
    }
}
