/// Where a ``RenderJob`` is in its life: every state it can be in and every transition between them, in one place.
///
/// ```
/// queued ──step──▶ rendering ──park──▶ parked ──drained──▶ resumed ──step──▶ rendering
/// queued, rendering, resumed ──clients left──▶ abandoned  (a step that finds it abandoned ends at once)
///                  rendering ──end(succeeded)──▶ finished
/// abandoned ──end(abandoned)──▶ abandoned
/// queued, rendering, resumed ──end(failed)──▶ failed     (queued, resumed: the pool stopped)
/// ```
enum RenderJobLifecycle: Equatable, Sendable {
    /// Created, its first step queued on the pool.
    case queued
    /// A step runs on a worker.
    case rendering
    /// Waiting, on no thread, for a client that has no room; `reservedBytes` are held in the parked budget.
    case parked(reservedBytes: Int)
    /// Its clients have room again and its next step is queued on the pool.
    case resumed
    /// The image is complete; clients are caught up as their connections drain.
    case finished
    /// Every client left before the image was complete; the render stopped at its next row.
    case abandoned
    /// The render or its encoder failed, or the pool stopped.
    case failed

    /// What happens to a job.
    enum Event: Equatable, Sendable {
        /// A worker starts a step.
        case stepStarted
        /// The step stopped for a full client, reserving `bytes` of the parked budget.
        case parked(bytes: Int)
        /// Every client that was full has room again or is gone.
        case drained
        /// No client is left and none is admitted.
        case clientsLeft
        /// Rendering ended with `outcome`.
        case ended(RenderJob.Outcome)
    }

    /// A transition the job's code does not make: a bug, reported with both ends.
    struct InvalidTransition: Error, Equatable {
        let from: RenderJobLifecycle
        let event: Event
    }

    /// The state after `event`.
    func after(_ event: Event) throws(InvalidTransition) -> RenderJobLifecycle {
        switch (self, event) {
        case (.queued, .stepStarted), (.resumed, .stepStarted): return .rendering
        case (.rendering, .parked(let bytes)): return .parked(reservedBytes: bytes)
        case (.parked, .drained): return .resumed
        case (.queued, .clientsLeft), (.rendering, .clientsLeft), (.resumed, .clientsLeft): return .abandoned
        case (.rendering, .ended(.succeeded)): return .finished
        case (.abandoned, .ended(.abandoned)): return .abandoned
        case (.queued, .ended(.failed)), (.rendering, .ended(.failed)), (.resumed, .ended(.failed)): return .failed
        default: throw InvalidTransition(from: self, event: event)
        }
    }

    /// Whether a request may still join: the render goes on or has completed.
    var admitsRequests: Bool {
        switch self {
        case .queued, .rendering, .parked, .resumed, .finished: return true
        case .abandoned, .failed: return false
        }
    }

    /// How the job ended, once it has.
    var outcome: RenderJob.Outcome? {
        switch self {
        case .finished: return .succeeded
        case .abandoned: return .abandoned
        case .failed: return .failed
        case .queued, .rendering, .parked, .resumed: return nil
        }
    }
}
