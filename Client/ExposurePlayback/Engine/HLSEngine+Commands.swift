/// User commands: play, pause, seeks, stop.
extension HLSEngine {
    mutating func apply(_ command: EngineCommand, events: inout [EngineEvent]) {
        guard ![.ended, .stopped, .failed].contains(phase) || command == .stop else { return }
        switch command {
        case .play:
            wantsToPlay = true
            switch phase {
            case .ready: startPlaying(events: &events)
            case .paused:
                phase = bufferEndMs > playheadMs ? .playing : .buffering
                events.append(.resumed)
            default: break
            }
        case .pause:
            wantsToPlay = false
            if phase == .playing || phase == .buffering {
                phase = .paused
                events.append(.paused)
            }
        case .seekToPosition(let positionMs):
            seek(toPosition: positionMs, events: &events)
        case .seekToTime(let timeMs):
            guard let range = seekableTimeRange else { return }
            let clamped = min(max(timeMs, range.lowerBound), range.upperBound)
            seek(toPosition: timeline.position(atTime: clamped) ?? seekableRange.lowerBound, events: &events)
        case .seekToLive:
            seek(toPosition: seekableRange.upperBound, events: &events)
        case .stop:
            if ![.ended, .failed].contains(phase) { phase = .stopped }
            inFlight = nil
        }
    }

    /// Moves the playhead, keeping the buffer when the target is inside it and otherwise
    /// refetching from the segment that holds the target.
    private mutating func seek(toPosition requestedMs: Int64, events: inout [EngineEvent]) {
        guard startResolved else { return }
        let range = seekableRange
        let target = min(max(requestedMs, range.lowerBound), range.upperBound)
        if target < bufferStartMs || target >= bufferEndMs {
            place(at: target)
            // Anything in flight now belongs to the old position.
            inFlight = nil
        } else {
            playheadMs = target
        }
        if phase == .playing && bufferEndMs <= playheadMs {
            phase = .buffering
            events.append(.bufferingStarted)
        }
        events.append(.seeked(positionMs: target))
    }

    /// Empties the buffer and puts the playhead at `positionMs`.
    mutating func place(at positionMs: Int64) {
        playheadMs = positionMs
        if let index = timeline.index(containing: positionMs) {
            let segment = timeline.segments[index]
            nextSequence = segment.sequence
            bufferStartMs = segment.startMs
            bufferEndMs = segment.startMs
        }
    }
}
