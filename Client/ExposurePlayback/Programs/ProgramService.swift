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
        var warnedGapAt: WallTime?
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
    private static let loadedSpan: Duration = .seconds(6 * 3_600)
    /// How far before the loaded window's end the playhead may come before the EPG is loaded again.
    private static let reloadMargin: Duration = .seconds(3_600)

    package init(channelId: String, assetId: String, entitlementCheck: Bool, epg: FetchEpg, entitlement: Entitlement) {
        self.channelId = channelId
        self.assetId = assetId
        self.entitlementCheck = entitlementCheck
        self.epg = epg
        self.entitlement = entitlement
    }

    /// The program on air at the playhead.
    package var currentProgram: Program? { state.withLock { $0.current } }

    /// Loads the EPG around `time` unless already loaded; a failure is a warning.
    package func ensureLoaded(around time: WallTime) async -> PlayerWarning? {
        do throws(ExposureError) {
            try await load(around: time)
            return nil
        } catch {
            return .epgUnavailable(reason: "\(error)")
        }
    }

    /// Loads the EPG around `time` unless already loaded.
    package func load(around time: WallTime) async throws(ExposureError) {
        if state.withLock({ $0.schedule.covers(time, margin: Self.reloadMargin) }) { return }
        let window = (time - Self.loadedSpan)..<(time + Self.loadedSpan)
        let channel = try await epg.channel(id: channelId).show(page: 1, spanning: 500)
            .filter(starting: window.lowerBound.date, ending: window.upperBound.date).request()
        state.withLock { $0.schedule.load(channel.programs, window: window) }
    }

    /// The program at `time` from the loaded EPG.
    package func program(at time: WallTime) -> Program? { state.withLock { $0.schedule.program(at: time) } }

    /// The program after (or before) the one at `time`.
    package func neighbour(of time: WallTime, next: Bool) -> Program? {
        state.withLock { next ? $0.schedule.program(after: time) : $0.schedule.program(before: time) }
    }

    /// The next program boundary after `time`, for the tech to stop at.
    package func nextBoundary(after time: WallTime) -> WallTime? { state.withLock { $0.schedule.nextBoundary(after: time) } }

    /// Looks at the playhead, at wall-clock `time`: reports a new program (checking entitlement
    /// first when asked to), or a gap.
    package func follow(playheadTime time: WallTime) async -> Update {
        var update = Update()
        if let warning = await ensureLoaded(around: time) { update.events.append(.warning(warning)) }
        let (program, changed, first) = state.withLock { state -> (Program?, Bool, Bool) in
            let program = state.schedule.program(at: time)
            return (program, !state.started || program?.programId != state.current?.programId, !state.started)
        }
        guard changed else { return update }
        guard let program else {
            let warn = state.withLock { state -> Bool in
                state.started = true
                state.current = nil
                defer { state.warnedGapAt = time }
                return state.warnedGapAt == nil
            }
            if warn { update.events.append(.warning(.gapInEpg(timeMs: time.millisecondsSince1970))) }
            return update
        }
        // The play request already checked the first program, and a seek the one it went to.
        let checked = state.withLock { $0.checkedProgramId == program.programId }
        if entitlementCheck && !first && !checked {
            update = await check(program, at: time, adding: update)
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

    /// Before a seek to `time`: the entitlement check of the program there, when checks are on
    /// and it is not the current program; nil when there is nothing to check.
    package func checkBeforeSeek(to time: WallTime) async -> Update? {
        guard entitlementCheck else { return nil }
        var update = Update()
        if let warning = await ensureLoaded(around: time) { update.events.append(.warning(warning)) }
        guard let program = program(at: time), program.programId != currentProgram?.programId else {
            return update.events.isEmpty ? nil : update
        }
        update = await check(program, at: time, adding: update)
        if update.stop == nil { state.withLock { $0.checkedProgramId = program.programId } }
        return update
    }

    /// Asks whether the user may watch at `time` (in `program`): a no stops playback, a
    /// failed check is a warning.
    private func check(_ program: Program, at time: WallTime, adding update: Update) async -> Update {
        var update = update
        do {
            let validation = try await entitlement.validate(assetId: assetId, time: time.date).request()
            if !validation.isSuccess { update.stop = .notEntitled(status: validation.status, programId: program.programId) }
        } catch {
            update.events.append(.warning(.entitlementCheckFailed(programId: program.programId, reason: "\(error)")))
        }
        return update
    }
}
