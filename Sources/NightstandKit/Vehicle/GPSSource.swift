import Standby
import SystemSupport
import Vehicle

/// GPS for `nightstand run`: a gpsd client (``Vehicle/GPSDClient``, a thread each) for every
/// address the `gps` widgets read, started with the loop, matched again to the widgets on a
/// reload, and stopped with the loop.
///
/// The clients hand their reports to ``Vehicle/GPSBoard``, which asks the host to reload the
/// widgets: nothing runs on the loop's thread, and without a `gps` widget nothing runs at all.
final class GPSSource: EventSource {
    private let board: GPSBoard
    private var clients: [GPSDAddress: GPSDClient] = [:]

    init(board: GPSBoard = .shared) {
        self.board = board
    }

    func start(_ context: SourceContext) throws {
        match(context.configuration, log: context.log)
    }

    func stop() {
        for client in clients.values { client.stop() }
        clients = [:]
    }

    func configurationChanged(_ configuration: Configuration) {
        match(configuration, log: nil)
    }

    /// The gpsd addresses the `gps` widgets of `configuration` read (their kind checked the
    /// `host` option when it made them).
    static func addresses(in configuration: Configuration) -> Set<GPSDAddress> {
        Set(
            configuration.widgets.filter { $0.kind == GPSBoard.kindName }.map { instance in
                ((try? instance.options.string("host")) ?? nil).flatMap(
                    GPSDAddress.init(parsing:)) ?? .local
            })
    }

    /// A client for each address `configuration`'s widgets read, and none for another.
    private func match(_ configuration: Configuration, log: Logger?) {
        let wanted = Self.addresses(in: configuration)
        for (address, client) in clients where !wanted.contains(address) {
            client.stop()
            clients[address] = nil
        }
        for address in wanted where clients[address] == nil {
            let client = GPSDClient(address: address, board: board)
            if client.start() {
                clients[address] = client
            } else {
                log?.warning("gps: no thread for the gpsd client of \(address)")
            }
        }
    }
}
