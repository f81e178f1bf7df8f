/// User commands: play, pause, seeks, stop.
extension HLSEngine {
    mutating func apply(_ command: EngineCommand, events: inout [EngineEvent]) {
        guard !lifecycle.isOver || command == .stop else { return }
        switch command {
        case .play:
            switch lifecycle {
            case .ready: startPlaying(events: &events)
            case .paused:
                lifecycle = bufferEndMs > playheadMs ? .playing : .buffering
                events.append(.resumed)
            default: lifecycle = lifecycle.wantingToPlay(true)
            }
        case .pause:
            switch lifecycle {
            case .playing, .buffering:
                lifecycle = .paused
                events.append(.paused)
            default: lifecycle = lifecycle.wantingToPlay(false)
            }
        case .seekToPosition(let positionMs):
            seek(toPosition: positionMs, events: &events)
        case .seekToTime(let timeMs):
            guard let range = seekableTimeRange else { return }
            if !range.contains(timeMs) { events.append(.seekOutsideRange(requestedMs: timeMs, seekableRange: range)) }
            let clamped = min(max(timeMs, range.lowerBound), range.upperBound)
            seek(toPosition: timeline.position(atTime: clamped) ?? seekableRange.lowerBound, events: &events)
        case .seekToLive:
            seek(toPosition: seekableRange.upperBound, events: &events)
        case .selectTracks(let audio, let text):
            selection = TrackSelection(audio: audio, text: text)
            updateTracks()
            if lifecycle == .playing && bufferEndMs <= playheadMs {
                lifecycle = .buffering
                events.append(.bufferingStarted)
            }
        case .limitBitrate(let cap):
            selector?.capBitsPerSecond = cap
            if let choice = selector?.choice(current: variantIndex, atMs: lastTickMs ?? 0), choice != variantIndex {
                wantedVariant = choice
            }
        case .stop:
            if !lifecycle.isOver { lifecycle = .stopped }
            fetches.abandon()
        }
    }

    /// Moves the playhead, keeping the buffer when the target is inside it and otherwise
    /// refetching from the segment that holds the target.
    private mutating func seek(toPosition requestedMs: Int64, events: inout [EngineEvent]) {
        guard lifecycle.isStartPlaced else { return }
        let range = seekableRange
        if !range.contains(requestedMs) { events.append(.seekOutsideRange(requestedMs: requestedMs, seekableRange: range)) }
        let target = min(max(requestedMs, range.lowerBound), range.upperBound)
        id3Cues.seek(to: target)
        if target < bufferStartMs || target >= bufferEndMs {
            place(at: target)
            // Anything in flight now belongs to the old position.
            fetches.abandon()
        } else {
            playheadMs = target
        }
        if lifecycle == .playing && bufferEndMs <= playheadMs {
            lifecycle = .buffering
            events.append(.bufferingStarted)
        }
        events.append(.seeked(positionMs: target))
    }

    /// Empties the buffer (variant and renditions) and puts the playhead at `positionMs`.
    mutating func place(at positionMs: Int64) {
        playheadMs = positionMs
        if let index = timeline.index(containing: positionMs) {
            let segment = timeline.segments[index]
            nextSequence = segment.sequence
            bufferStartMs = segment.startMs
            variantBufferEndMs = segment.startMs
            for index in tracks.indices { tracks[index].restart(atSequence: segment.sequence, positionMs: segment.startMs) }
        }
    }
}
