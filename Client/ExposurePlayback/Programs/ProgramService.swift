import Clocks
import Exposure
import Foundation
import Synchronization

/// Follows the EPG at the playhead (the seed's ExposureContext program logic): the current
/// program, a change at every boundary, and — when the entitlement asks for it — an
/// entitlement check at each boundary. Gaps in the EPG and failed checks are warnings;
/// a check that says no stops playback.
package final class ProgramService: Sendable {
    /// What following the playhead produced.
    package struct Update: Sendable {
        package var events: [PlayerEvent] = []
        /// Set when playback must stop.
        package var stop: PlayerError?
    }

    private struct State {
        var schedule = ProgramSchedule()
        var current: Program?
        var started = false
        var warnedGapAt: Int64?
        /// A program a seek already checked, so landing in it does not check again.
        var checkedProgramId: String?
    }

    private let channelId: String
    private let assetId: String
    private let entitlementCheck: Bool
    private let epg: FetchEpg
    private let entitlement: Entitlement
    private let state = Mutex(State())
    /// How much EPG to load around the playhead, each side.
    private static let windowMs: Int64 = 6 * 3_600_000

    package init(channelId: String, assetId: String, entitlementCheck: Bool, epg: FetchEpg, entitlement: Entitlement) {
        self.channelId = channelId
        self.assetId = assetId
        self.entitlementCheck = entitlementCheck
        self.epg = epg
        self.entitlement = entitlement
    }

    /// The program on air at the playhead.
    package var currentProgram: Program? { state.withLock { $0.current } }

    /// Loads the EPG around `timeMs` unless already loaded; a failure is a warning.
    package func ensureLoaded(around timeMs: Int64) async -> PlayerWarning? {
        do throws(ExposureError) {
            try await load(around: timeMs)
            return nil
        } catch {
            return .epgUnavailable(reason: "\(error)")
        }
    }

    /// Loads the EPG around `timeMs` unless already loaded.
    package func load(around timeMs: Int64) async throws(ExposureError) {
        if state.withLock({ $0.schedule.covers(timeMs, margin: 3_600_000) }) { return }
        let window = (timeMs - Self.windowMs)..<(timeMs + Self.windowMs)
        let channel = try await epg.channel(id: channelId).show(page: 1, spanning: 500)
            .filter(starting: Self.date(window.lowerBound), ending: Self.date(window.upperBound)).request()
        state.withLock { $0.schedule.load(channel.programs, window: window) }
    }

    /// The program at `timeMs` from the loaded EPG.
    package func program(atMs timeMs: Int64) -> Program? { state.withLock { $0.schedule.program(atMs: timeMs) } }

    /// The program after (or before) the one at `timeMs`.
    package func neighbour(of timeMs: Int64, next: Bool) -> Program? {
        state.withLock { next ? $0.schedule.program(after: timeMs) : $0.schedule.program(before: timeMs) }
    }

    /// The next program boundary after `timeMs`, for the tech to stop at.
    package func nextBoundary(after timeMs: Int64) -> Int64? { state.withLock { $0.schedule.nextBoundary(after: timeMs) } }

    /// Looks at the playhead: reports a new program (checking entitlement first when asked to),
    /// or a gap.
    package func follow(playheadTimeMs timeMs: Int64) async -> Update {
        var update = Update()
        if let warning = await ensureLoaded(around: timeMs) { update.events.append(.warning(warning)) }
        let (program, changed, first) = state.withLock { state -> (Program?, Bool, Bool) in
            let program = state.schedule.program(atMs: timeMs)
            return (program, !state.started || program?.programId != state.current?.programId, !state.started)
        }
        guard changed else { return update }
        guard let program else {
            let warn = state.withLock { state -> Bool in
                state.started = true
                state.current = nil
                defer { state.warnedGapAt = timeMs }
                return state.warnedGapAt == nil
            }
            if warn { update.events.append(.warning(.gapInEpg(timeMs: timeMs))) }
            return update
        }
        // The play request already checked the first program, and a seek the one it went to.
        let checked = state.withLock { $0.checkedProgramId == program.programId }
        if entitlementCheck && !first && !checked {
            update = await check(program, atMs: timeMs, adding: update)
            if update.stop != nil { return update }
        }
        state.withLock { state in
            state.started = true
            state.current = program
            state.warnedGapAt = nil
            state.checkedProgramId = nil
        }
        update.events.append(.programChanged(program))
        return update
    }

    /// Before a seek to `timeMs`: the entitlement check of the program there, when checks are on
    /// and it is not the current program; nil when there is nothing to check.
    package func checkBeforeSeek(toTimeMs timeMs: Int64) async -> Update? {
        guard entitlementCheck else { return nil }
        var update = Update()
        if let warning = await ensureLoaded(around: timeMs) { update.events.append(.warning(warning)) }
        guard let program = program(atMs: timeMs), program.programId != currentProgram?.programId else {
            return update.events.isEmpty ? nil : update
        }
        update = await check(program, atMs: timeMs, adding: update)
        if update.stop == nil { state.withLock { $0.checkedProgramId = program.programId } }
        return update
    }

    /// Asks whether the user may watch at `timeMs` (in `program`): a no stops playback, a
    /// failed check is a warning.
    private func check(_ program: Program, atMs timeMs: Int64, adding update: Update) async -> Update {
        var update = update
        do {
            let validation = try await entitlement.validate(assetId: assetId, time: Self.date(timeMs)).request()
            if !validation.isSuccess { update.stop = .notEntitled(status: validation.status, programId: program.programId) }
        } catch {
            update.events.append(.warning(.entitlementCheckFailed(programId: program.programId, reason: "\(error)")))
        }
        return update
    }

    private static func date(_ ms: Int64) -> Date { WallTime(millisecondsSince1970: ms).date }
}
