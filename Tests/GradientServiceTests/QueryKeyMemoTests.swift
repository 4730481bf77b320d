import GradientCore
import Testing

@testable import GradientService

struct QueryKeyMemoTests {
    private func entry(_ key: String) -> QueryKeyMemo.Entry {
        QueryKeyMemo.Entry(keys: [(.png, key)], isNegotiated: false)
    }

    @Test func remembersExactQueriesAndEmptiesWhenFull() {
        let memo = QueryKeyMemo(capacity: 2)
        memo.remember(entry("k1"), for: "colors=red")
        memo.remember(entry("k2"), for: "colors=blue")
        #expect(memo.entry(for: "colors=red")?.key(accept: []) == "k1")
        #expect(memo.entry(for: "colors=Red") == nil)
        memo.remember(entry("k3"), for: "colors=lime")
        #expect(memo.entry(for: "colors=red") == nil)
        #expect(memo.entry(for: "colors=lime")?.key(accept: []) == "k3")
    }

    @Test func aNegotiatedEntryPicksItsKeyByAccept() {
        let entry = QueryKeyMemo.Entry(keys: [(.avif, "a"), (.webp, "w"), (.png, "p")], isNegotiated: true)
        #expect(entry.key(accept: ["image/avif,image/webp,*/*;q=0.8"]) == "a")
        #expect(entry.key(accept: ["text/html", "image/webp"]) == "w")
        #expect(entry.key(accept: ["image/avif;q=0,image/*"]) == "p")
        #expect(entry.key(accept: []) == "p")
        let fixed = QueryKeyMemo.Entry(keys: [(.webp, "w")], isNegotiated: false)
        #expect(fixed.key(accept: ["image/avif"]) == "w")
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
