import Clocks

/// User commands: play, pause, seeks, stop.
extension HLSEngine {
    mutating func apply(_ command: EngineCommand, events: inout [EngineEvent]) {
        guard !lifecycle.isOver || command == .stop else { return }
        switch command {
        case .play:
            switch lifecycle {
            case .ready: startPlaying(events: &events)
            case .paused:
                lifecycle = bufferEnd > playhead ? .playing : .buffering
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
        case .seekToPosition(let position):
            seek(toPosition: position, events: &events)
        case .seekToTime(let time):
            guard let range = seekableTimeRange else { return }
            if !range.contains(time) {
                events.append(.seekOutsideRange(.time(time, seekable: range, positions: seekableRange)))
            }
            let clamped = min(max(time, range.lowerBound), range.upperBound)
            seek(toPosition: timeline.position(atTime: clamped) ?? seekableRange.lowerBound, events: &events)
        case .seekToLive:
            seek(toPosition: seekableRange.upperBound, events: &events)
        case .selectTracks(let audio, let text):
            selection = TrackSelection(audio: audio, text: text)
            updateTracks()
            if lifecycle == .playing && bufferEnd <= playhead {
                lifecycle = .buffering
                events.append(.bufferingStarted)
            }
        case .limitBitrate(let cap):
            selector?.capBitsPerSecond = cap
            if let choice = selector?.choice(current: variantIndex, at: now), choice != variantIndex {
                wantedVariant = choice
            }
        case .stop:
            if !lifecycle.isOver { lifecycle = .stopped }
            fetches.abandon()
        }
    }

    /// Moves the playhead, keeping the buffer when the target is inside it and otherwise
    /// refetching from the segment that holds the target.
    private mutating func seek(toPosition requested: Duration, events: inout [EngineEvent]) {
        guard lifecycle.isStartPlaced else { return }
        let range = seekableRange
        if !range.contains(requested) {
            events.append(.seekOutsideRange(.position(requested, seekable: range)))
        }
        let target = min(max(requested, range.lowerBound), range.upperBound)
        id3Cues.seek(to: target)
        if target < bufferStart || target >= bufferEnd {
            place(at: target)
            // Anything in flight now belongs to the old position.
            fetches.abandon()
        } else {
            playhead = target
        }
        if lifecycle == .playing && bufferEnd <= playhead {
            lifecycle = .buffering
            events.append(.bufferingStarted)
        }
        events.append(.seeked(position: target))
    }

    /// Empties the buffer (variant and renditions) and puts the playhead at `position`.
    mutating func place(at position: Duration) {
        playhead = position
        if let index = timeline.index(containing: position) {
            let segment = timeline.segments[index]
            nextSequence = segment.sequence
            bufferStart = segment.start
            variantBufferEnd = segment.start
            for index in tracks.indices { tracks[index].restart(atSequence: segment.sequence, position: segment.start) }
        }
    }
}
