import Testing

@testable import GradientService

/// The render job's states and the only transitions between them.
struct RenderJobLifecycleTests {
    typealias Lifecycle = RenderJobLifecycle

    static let allStates: [Lifecycle] = [
        .queued, .rendering, .parked(reservedBytes: 7), .resumed, .finished, .abandoned, .failed,
    ]
    static let allEvents: [Lifecycle.Event] = [
        .stepStarted, .parked(bytes: 7), .drained, .clientsLeft, .ended(.succeeded), .ended(.abandoned),
        .ended(.failed),
    ]

    /// Every transition the job makes, and where it leads.
    static let transitions: [(Lifecycle, Lifecycle.Event, Lifecycle)] = [
        (.queued, .stepStarted, .rendering),
        (.resumed, .stepStarted, .rendering),
        (.rendering, .parked(bytes: 7), .parked(reservedBytes: 7)),
        (.parked(reservedBytes: 7), .drained, .resumed),
        (.queued, .clientsLeft, .abandoned),
        (.rendering, .clientsLeft, .abandoned),
        (.resumed, .clientsLeft, .abandoned),
        (.rendering, .ended(.succeeded), .finished),
        (.abandoned, .ended(.abandoned), .abandoned),
        (.queued, .ended(.failed), .failed),
        (.rendering, .ended(.failed), .failed),
        (.resumed, .ended(.failed), .failed),
    ]

    @Test func everyTransitionLeadsWhereTheDiagramSays() throws {
        for (from, event, to) in Self.transitions {
            #expect(try from.after(event) == to, "\(from) on \(event)")
        }
    }

    @Test func everyOtherTransitionIsRefused() {
        for from in Self.allStates {
            for event in Self.allEvents
            where !Self.transitions.contains(where: { $0.0 == from && $0.1 == event }) {
                #expect(throws: Lifecycle.InvalidTransition(from: from, event: event)) { try from.after(event) }
            }
        }
    }

    @Test func onlyARenderThatStoppedOrFailedRefusesNewRequests() {
        for state in Self.allStates {
            #expect(state.admitsRequests == (state != .abandoned && state != .failed), "\(state)")
        }
        #expect(Lifecycle.finished.outcome == .succeeded)
        #expect(Lifecycle.abandoned.outcome == .abandoned)
        #expect(Lifecycle.failed.outcome == .failed)
        #expect(Lifecycle.parked(reservedBytes: 1).outcome == nil)
    }
}
