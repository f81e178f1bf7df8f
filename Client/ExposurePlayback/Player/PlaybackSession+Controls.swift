import Clocks
import Exposure

/// The user's commands to one playback, with the contract's restrictions enforced: a refused
/// command is a warning, never a silent no-op.
extension PlaybackSession {
    func play() { tech.perform(.play) }

    func pause() {
        if source?.contractRestrictions.canTimeshift == false { return warn(.timeshiftDisabled) }
        tech.perform(.pause)
    }

    func seek(to position: Duration) {
        guard allowed(from: status.playhead, to: position) else { return }
        tech.perform(.seekToPosition(position))
    }

    func seek(to time: WallTime) {
        if let now = status.playheadTime, !allowed(from: now, to: time) { return }
        tech.perform(.seekToTime(time))
    }

    /// Caps the bitrate at the app's `cap` and the contract's, whichever is lower.
    func limitBitrate(_ cap: Int?) {
        let caps = [cap, source?.contractRestrictions.maxBitrate].compactMap { $0 }.filter { $0 > 0 }
        tech.perform(.limitBitrate(caps.min()))
    }

    func seekToLive() {
        if source?.contractRestrictions.canFastForward == false { return warn(.fastForwardDisabled) }
        tech.perform(.seekToLive)
    }

    /// Seeks to the start of the next (or previous) program in the EPG.
    func jumpToProgram(next: Bool) {
        guard let time = status.playheadTime, let program = programs?.neighbour(of: time, next: next),
            let start = program.startTime
        else {
            return warn(.noProgram)
        }
        seek(to: ProgramSchedule.instant(start))
    }

    /// Whether the contract, and the ad policy while an ad plays, let the playhead move so
    /// (from one position to another, or from one wall-clock time to another).
    private func allowed<Instant: Comparable>(from current: Instant, to target: Instant) -> Bool {
        guard let restrictions = source?.contractRestrictions else { return true }
        let inAd = isPresentingAd
        if target > current && (!restrictions.canFastForward || inAd) {
            warn(.fastForwardDisabled)
            return false
        }
        if target < current && (!restrictions.canRewind || inAd) {
            warn(.rewindDisabled)
            return false
        }
        return true
    }

    func warn(_ warning: PlayerWarning) {
        publish(.warning(warning))
    }
}
