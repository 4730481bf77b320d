import Foundation
import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit that fails a hung test rather than the whole run: `minutes` by default, or
    /// `GRADIENTD_TEST_TIME_LIMIT_MINUTES` when that is larger. Swift Testing's clock starts before the test gets a
    /// thread, so on two cores under a sanitizer a test can wait minutes for one; CI raises the limit for those runs.
    public static func hangGuard(minutes: Int) -> Self {
        let configured = ProcessInfo.processInfo.environment["GRADIENTD_TEST_TIME_LIMIT_MINUTES"].flatMap { Int($0) }
        return .timeLimit(.minutes(max(minutes, min(configured ?? 0, 60))))
    }
}
