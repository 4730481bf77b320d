import Testing

@testable import GradientService

struct CacheStatusTests {
    @Test func aMissTooLargeForTheCacheDoesNotClaimToBeStored() throws {
        let harness = ServiceHarness(configuration: GradientServiceConfiguration(cacheBytes: 10_000, renderWorkers: 1))
        let small = try harness.record("/gradient?colors=red,blue&width=10&height=10")
        let large = try harness.record("/gradient?colors=red,blue&width=100&height=100")
        #expect(small.head.headers["Cache-Status"] == "gradientd; fwd=miss; stored")
        #expect(large.head.headers["Cache-Status"] == "gradientd; fwd=miss")
        #expect(large.body == (try ServiceHarness.cliBytes("colors=red,blue&width=100&height=100")))
    }
}
