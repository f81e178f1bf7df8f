import Exposure
import ExposurePlayback
import Synchronization
import TestSupport
import Testing

/// Releasing the player at any point of a playback: nothing crashes, the playback stops with
/// Aborted (unless it had already ended), and every `events` stream finishes.
@Suite(.onItsOwnQueue) struct PlayerLifetimeTests {
    /// A VOD clip, a live channel with an EPG (no DVR, so cheap reloads), and SSAI; live never ends, so its runs stop at `limit` events.
    @Test(arguments: [("behind-the-scenes", 60), ("kids-fun", 12), ("mountain-ssai", 60)])
    func releasingThePlayerAtEachEventStopsCleanly(assetId: String, limit: Int) async throws {
        // A fresh mock and clock per run, so every run sees the same playback.
        let reference = try await Self.play(assetId, harness: PlayerHarness(), releaseAt: nil, limit: limit).map(\.name)
        #expect(reference.count >= 10)
        let released = try await Self.runsReleased(at: reference.indices, assetId: assetId, limit: limit)
        for index in reference.indices {
            let names = try #require(released[index])
            // What came before the release is what always comes first.
            #expect(Array(names.prefix(index + 1)) == Array(reference.prefix(index + 1)), "released at \(index)")
            let terminal = names.filter { ["playbackAborted", "playbackCompleted", "error"].contains($0) }
            #expect(terminal.count == 1 && terminal.first == names.last, "released at \(index): \(names.suffix(3))")
            if index + 1 < reference.count, !["playbackCompleted", "error"].contains(reference[index]) {
                #expect(names.last == "playbackAborted", "released at \(index): \(names.suffix(3))")
            }
        }
    }

    @Test func aNewPlaybackEndsTheOldOneFirst() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        let second = Mutex<Task<Void, Never>?>(nil)
        player.onPlaybackStarted { player, source in
            guard source?.assetId == "news-24" else { return player.stop() }
            second.withLock { $0 = player.startPlayback(playable: AssetPlayable(assetId: "behind-the-scenes")) }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        await second.withLock { $0 }?.value
        let names = log.names
        let aborted = try #require(names.firstIndex(of: "playbackAborted"))
        let created = names.indices.filter { names[$0] == "playbackCreated" }
        #expect(created.count == 2 && aborted < created[1])
        #expect(names.filter { $0 == "playbackAborted" }.count == 2)
    }

    @Test func streamsFinishWhenAnIdlePlayerIsReleased() async throws {
        let harness = try PlayerHarness()
        var player: Player? = try await harness.player()
        let events = try #require(player).events
        player = nil
        var count = 0
        for await _ in events { count += 1 }
        #expect(count == 0)
    }

    @Test func anUnreadStreamKeepsOnlyTheNewestEvents() async throws {
        let harness = try PlayerHarness()
        var player: Player? = try await harness.player()
        let events = try #require(player).events
        // With no playback, each call is refused with a warning: events nobody reads yet.
        for _ in 0..<(Player.eventBufferLimit + 100) { player?.nextProgram() }
        player = nil
        var count = 0
        for await _ in events { count += 1 }
        #expect(count == Player.eventBufferLimit)
    }

    /// Plays `assetId` with a player only the playback knows of, dropped from inside the
    /// listener of event `releaseAt` (or stopped at `limit` events); returns what a stream saw,
    /// which must finish on its own.
    /// How many of ``runsReleased(at:assetId:limit:)``'s runs are under way at once.
    static let runsAtOnce = 4

    /// The event names of a run released at each of `indices`, by index. The runs are
    /// independent (each its own mock and clock), and each is a chain of requests that mostly
    /// waits for the next answer, so they go ``runsAtOnce`` at a time: one after another they
    /// made this the suite's longest test, and one of the last to end.
    private static func runsReleased(at indices: Range<Int>, assetId: String, limit: Int) async throws -> [Int: [String]] {
        try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            var waiting = indices[...]
            let start = { (index: Int) in
                group.addTask { (index, try await play(assetId, harness: PlayerHarness(), releaseAt: index, limit: limit).map(\.name)) }
            }
            for _ in 0..<runsAtOnce { waiting.popFirst().map(start) }
            var released: [Int: [String]] = [:]
            while let (index, names) = try await group.next() {
                released[index] = names
                waiting.popFirst().map(start)
            }
            return released
        }
    }

    private static func play(_ assetId: String, harness: PlayerHarness, releaseAt: Int?, limit: Int) async throws -> [PlayerEvent] {
        let (events, playback) = try await startReleasable(assetId, harness: harness, releaseAt: releaseAt, limit: limit)
        var received: [PlayerEvent] = []
        for await event in events { received.append(event) }
        await playback.value
        return received
    }

    private static func startReleasable(
        _ assetId: String, harness: PlayerHarness, releaseAt: Int?, limit: Int
    ) async throws -> (AsyncStream<PlayerEvent>, Task<Void, Never>) {
        let owner = Mutex<Player?>(try await harness.player())
        let counted = Mutex(0)
        let player = try #require(owner.withLock { $0 })
        let events = player.events
        player.onEvent { player, _, _ in
            let index = counted.withLock { count in
                defer { count += 1 }
                return count
            }
            if index == releaseAt { owner.withLock { $0 = nil } }
            if index + 1 == limit { player.stop() }
        }
        .onServerSideAdShouldSkip { _ in }
        let playback = player.startPlayback(playable: AssetPlayable(assetId: assetId))
        if releaseAt == nil {
            // The reference run releases the player once its playback is over.
            let task = Task {
                await playback.value
                owner.withLock { $0 = nil }
            }
            return (events, task)
        }
        return (events, playback)
    }
}
