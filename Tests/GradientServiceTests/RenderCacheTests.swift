import Testing

@testable import GradientService

struct RenderCacheTests {
    static func image(_ size: Int) -> CachedImage {
        CachedImage(
            bytes: [UInt8](repeating: 7, count: size), etag: "\"e\"", mediaType: "image/png", renderDuration: .zero)
    }

    @Test func evictsTheLeastRecentlyUsedWhenOverTheByteBudget() {
        let cache = RenderCache(maxBytes: 250, maxEntries: 100)
        cache.insert(Self.image(100), forKey: "a")
        cache.insert(Self.image(100), forKey: "b")
        _ = cache.lookup("a")
        cache.insert(Self.image(100), forKey: "c")
        #expect(cache.contains("a") && cache.contains("c"))
        #expect(!cache.contains("b"))
        let statistics = cache.statistics
        #expect(statistics.evictions == 1 && statistics.bytes == 200 && statistics.entries == 2)
    }

    @Test func evictsWhenOverTheEntryCount() {
        let cache = RenderCache(maxBytes: 1 << 20, maxEntries: 3)
        for key in ["a", "b", "c", "d", "e"] { cache.insert(Self.image(1), forKey: key) }
        #expect(cache.statistics.entries == 3)
        #expect(!cache.contains("a") && !cache.contains("b") && cache.contains("e"))
    }

    @Test func doesNotStoreAnImageLargerThanTheWholeBudget() {
        let cache = RenderCache(maxBytes: 100, maxEntries: 10)
        cache.insert(Self.image(50), forKey: "small")
        #expect(!cache.insert(Self.image(101), forKey: "big"))
        #expect(cache.contains("small") && !cache.contains("big"))
    }

    @Test func replacingAKeyKeepsTheByteCountRight() {
        let cache = RenderCache(maxBytes: 1000, maxEntries: 10)
        cache.insert(Self.image(300), forKey: "a")
        cache.insert(Self.image(200), forKey: "a")
        #expect(cache.statistics.bytes == 200 && cache.statistics.entries == 1)
    }

    @Test func countsHitsAndMisses() {
        let cache = RenderCache(maxBytes: 1000, maxEntries: 10)
        _ = cache.lookup("x")
        cache.insert(Self.image(1), forKey: "x")
        _ = cache.lookup("x")
        _ = cache.lookup("x")
        #expect(cache.statistics.hits == 2 && cache.statistics.misses == 1)
    }

    @Test func recencyOrderFollowsUse() {
        var storage = LRUStorage<Int>(maxCost: 100, maxCount: 100)
        for (index, key) in ["a", "b", "c", "d"].enumerated() { _ = storage.insert(index, forKey: key, cost: 1) }
        _ = storage.value(forKey: "b")
        storage.removeValue(forKey: "c")
        _ = storage.insert(9, forKey: "e", cost: 1)
        #expect(storage.keysByRecency == ["e", "b", "d", "a"])
    }

    @Test func aServiceEvictsByBytesAndServesTheEvictedImageAgainAsAMiss() throws {
        let queries = (1...4).map { "colors=red,blue&width=\(40 + $0)&height=40" }
        let sizes = try queries.map { try ServiceHarness.cliBytes($0).count }
        let budget = sizes[0] + sizes[1] + sizes[2] / 2
        let harness = ServiceHarness(configuration: GradientServiceConfiguration(cacheBytes: budget, renderWorkers: 1))
        let targets = queries.map { "/gradient?" + $0 }
        for target in targets {
            _ = try harness.record(target)
            _ = ServiceHarness.eventually { harness.service.coordinator.renderCount == 0 }
        }
        let statistics = harness.service.coordinator.cache.statistics
        #expect(statistics.bytes <= budget)
        #expect(statistics.evictions >= 1)
        let again = try harness.record(targets[0])
        #expect(again.head.status == 200)
        #expect(again.head.headers["Cache-Status"]?.hasPrefix("gradientd; fwd=miss") == true)
    }
}
