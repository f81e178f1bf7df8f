import Exposure

/// The user's commands to one playback, with the contract's restrictions enforced: a refused
/// command is a warning, never a silent no-op.
extension PlaybackSession {
    func play() { tech.perform(.play) }

    func pause() {
        if source?.contractRestrictions.canTimeshift == false { return warn(.timeshiftDisabled) }
        tech.perform(.pause)
    }

    func seek(toPosition positionMs: Int64) {
        guard allowed(from: status.playheadPositionMs, to: positionMs) else { return }
        tech.perform(.seekToPosition(positionMs))
    }

    func seek(toTime timeMs: Int64) {
        if let now = status.playheadTimeMs, !allowed(from: now, to: timeMs) { return }
        tech.perform(.seekToTime(timeMs))
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
        guard let time = status.playheadTimeMs, let program = programs?.neighbour(of: time, next: next), let start = program.startTime
        else {
            return warn(.noProgram)
        }
        seek(toTime: ProgramSchedule.ms(start))
    }

    /// Whether the contract, and the ad policy while an ad plays, let the playhead move so.
    private func allowed(from currentMs: Int64, to targetMs: Int64) -> Bool {
        guard let restrictions = source?.contractRestrictions else { return true }
        let inAd = isPresentingAd
        if targetMs > currentMs && (!restrictions.canFastForward || inAd) {
            warn(.fastForwardDisabled)
            return false
        }
        if targetMs < currentMs && (!restrictions.canRewind || inAd) {
            warn(.rewindDisabled)
            return false
        }
        return true
    }

    func warn(_ warning: PlayerWarning) {
        publish(.warning(warning))
    }
}
