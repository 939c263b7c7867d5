import EventCore
import FoundationEssentials
import Glibc
import Synchronization
import SystemSupport
import Widgets

/// One widget instance as the run loop keeps it: its timeline, its fetch in flight, and its
/// error state.
final class WidgetRuntime {
    /// A number no other runtime of the process has: a provider's answer finds its runtime
    /// by it, whatever a reload did to the list meanwhile.
    let serial = WidgetRuntime.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<Int>(0)
    let id: String
    let descriptor: WidgetDescriptor
    let context: TimelineProviderContext
    /// What is drawn before the first timeline arrives (redacted).
    let placeholder: any TimelineEntry
    /// The last good timeline; kept through failures.
    private(set) var timeline: AnyTimeline?
    /// Counts timelines received, so a slot knows its drawing is stale.
    private(set) var timelineGeneration = 0
    /// When the provider last gave a timeline.
    private(set) var lastUpdate: Date?
    /// When to ask the provider again; `nil`: only on request.
    var nextReload: Date?
    /// The fetch in flight and when it times out.
    private(set) var fetch: (task: Task<Void, Never>, deadline: Date, generation: Int)?
    /// The last failure's message, to log once per change of state.
    private(set) var lastError: String?
    private var failures = 0
    private var fetchGeneration = 0

    /// The shortest time between two fetches, so a timeline whose reload date is already past
    /// can't spin.
    static let minimumReloadInterval: TimeInterval = 60

    init(id: String, descriptor: WidgetDescriptor, family: WidgetFamily, now: Date) {
        self.id = id
        self.descriptor = descriptor
        context = TimelineProviderContext(family: family, date: now)
        placeholder = descriptor.provider.placeholder(in: context)
        nextReload = now
    }

    /// The entry to show at `date`, and whether it is the placeholder.
    func entry(at date: Date) -> (entry: any TimelineEntry, isPlaceholder: Bool) {
        if let entry = timeline?.entry(at: date) { return (entry, false) }
        return (placeholder, true)
    }

    /// The next entry's date after `date`, when the timeline has one.
    func nextEntryDate(after date: Date) -> Date? {
        timeline?.entries.first { $0.date > date }?.date
    }

    /// The current entry's relevance score at `date` (0 without one, or once it lapsed).
    func relevance(at date: Date) -> (score: Float, until: Date?) {
        let (entry, placeholder) = entry(at: date)
        guard !placeholder, let relevance = entry.relevance else { return (0, nil) }
        if relevance.duration > 0 {
            let end = entry.date.addingTimeInterval(relevance.duration)
            return date < end ? (relevance.score, end) : (0, nil)
        }
        return (relevance.score, nil)
    }

    /// Starts a fetch on its own task; its result arrives on `events`.
    func startFetch(now: Date, timeout: TimeInterval, events: Mailbox<HostEvent>) {
        guard fetch == nil else { return }
        fetchGeneration += 1
        let generation = fetchGeneration
        let provider = descriptor.provider
        let context = TimelineProviderContext(family: context.family, date: now)
        let serial = serial
        let task = Task(executorPreference: ThreadExecutor.providers) {
            let result: Result<AnyTimeline, TimelineFailure>
            do {
                result = .success(try await provider.timeline(in: context))
            } catch is CancellationError {
                return
            } catch {
                result = .failure(TimelineFailure(description: "\(error)"))
            }
            events.post(
                HostEvent(internal: "timeline of widget \(serial)") { host in
                    host.finishFetch(serial: serial, generation: generation, result: result)
                })
        }
        fetch = (task, now.addingTimeInterval(timeout), generation)
        nextReload = nil
    }

    /// Cancels a fetch that ran past its deadline and records it as a failure; returns the
    /// change of error state to log, if any.
    func timeOutFetch(now: Date, timeout: TimeInterval) -> StateChange? {
        guard let fetch, now >= fetch.deadline else { return nil }
        fetch.task.cancel()
        let failure = TimelineFailure(
            description: "the provider did not answer within \(DurationWords.seconds(timeout))")
        return finishFetch(generation: fetch.generation, result: .failure(failure), now: now)
    }

    /// Takes a fetch's result; returns the change of error state to log, if any.
    func finishFetch(
        generation: Int, result: Result<AnyTimeline, TimelineFailure>, now: Date
    ) -> StateChange? {
        guard let fetch, fetch.generation == generation else { return nil }
        self.fetch = nil
        switch result {
        case .success(let timeline):
            self.timeline = timeline
            timelineGeneration += 1
            lastUpdate = now
            failures = 0
            let lastEntry = timeline.entries.last?.date
            nextReload = timeline.policy.reloadDate(lastEntry: lastEntry, now: now).map {
                max($0, now.addingTimeInterval(Self.minimumReloadInterval))
            }
            defer { lastError = nil }
            return lastError == nil ? nil : .recovered
        case .failure(let failure):
            failures += 1
            // Back off: 30 s, 1, 2, 4, 8 min, then every 15 min.
            let delay = min(30 * pow(2, Double(failures - 1)), 900)
            nextReload = now.addingTimeInterval(delay)
            defer { lastError = failure.description }
            return lastError == failure.description ? nil : .failed(failure.description)
        }
    }

    /// Cancels any fetch (shutdown).
    func cancelFetch() {
        fetch?.task.cancel()
        fetch = nil
    }

    /// A change of a widget's error state, logged once.
    enum StateChange: Equatable {
        case failed(String)
        case recovered
    }
}
