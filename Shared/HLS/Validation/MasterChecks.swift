import Foundation

/// The rules of a multivariant playlist.
struct MasterChecks {
    let playlist: MasterPlaylist
    let sourceMap: MasterPlaylistSourceMap?

    func run(into findings: inout Findings) {
        let renditions = playlist.renditions
        for (index, variant) in playlist.variants.enumerated() {
            checkVariant(variant, index: index, renditions: renditions, into: &findings)
        }
        for (index, rendition) in renditions.enumerated() {
            checkRendition(rendition, index: index, into: &findings)
        }
        checkGroups(renditions, into: &findings)
    }

    private func variantLocation(_ index: Int) -> HLSViolation.Location {
        let lines = sourceMap?.variantLines ?? []
        return .init(line: index < lines.count ? lines[index] : nil, variantIndex: index)
    }

    private func renditionLocation(_ index: Int) -> HLSViolation.Location {
        let lines = sourceMap?.renditionLines ?? []
        return .init(line: index < lines.count ? lines[index] : nil, renditionIndex: index)
    }

    private func checkVariant(_ variant: VariantStream, index: Int, renditions: [Rendition], into findings: inout Findings) {
        var missing: [String] = []
        if variant.bandwidth <= 0 { missing.append("BANDWIDTH") }
        if variant.averageBandwidth == nil { missing.append("AVERAGE-BANDWIDTH") }
        if variant.codecs == nil { missing.append("CODECS") }
        // RESOLUTION and FRAME-RATE describe video: an audio-only variant (CODECS naming no
        // video codec) has neither (RFC 8216 §4.3.4.2; Apple authoring spec, "video variants").
        if !Self.isAudioOnly(variant) {
            if variant.resolution == nil { missing.append("RESOLUTION") }
            if variant.frameRate == nil { missing.append("FRAME-RATE") }
        }
        if !missing.isEmpty {
            findings.add(.variantAttributes, "The variant \(variant.uri) lacks \(missing.joined(separator: ", ")).", variantLocation(index))
        }
        var groups: [(String, Rendition.MediaType, String?)] = [
            ("AUDIO", .audio, variant.audioGroup), ("VIDEO", .video, variant.videoGroup),
            ("SUBTITLES", .subtitles, variant.subtitlesGroup)
        ]
        if case .group(let captions)? = variant.closedCaptions { groups.append(("CLOSED-CAPTIONS", .closedCaptions, captions)) }
        for case (let attribute, let type, let group?) in groups
        where !renditions.contains(where: { $0.type == type && $0.groupID == group }) {
            findings.add(
                .variantGroupsExist, "\(attribute)=\"\(group)\" names a group without \(type.rawValue) renditions.",
                variantLocation(index))
        }
    }

    /// Whether CODECS lists only audio codecs (unknown codecs count as video, to stay strict).
    static func isAudioOnly(_ variant: VariantStream) -> Bool {
        guard let codecs = variant.codecs, !codecs.isEmpty else { return false }
        let audio = ["mp4a", "ac-3", "ec-3", "ac-4", "opus", "flac", "mp3", "alac"]
        return codecs.split(separator: ",").allSatisfy { codec in
            let name = codec.trimmingCharacters(in: .whitespaces).lowercased()
            return audio.contains { name == $0 || name.hasPrefix($0 + ".") }
        }
    }

    private func checkRendition(_ rendition: Rendition, index: Int, into findings: inout Findings) {
        let location = renditionLocation(index)
        if rendition.groupID.isEmpty || rendition.name.isEmpty {
            findings.add(.renditionRequiredAttributes, "The rendition has an empty GROUP-ID or NAME.", location)
        }
        if rendition.type == .audio || rendition.type == .subtitles, (rendition.language ?? "").isEmpty {
            findings.add(.renditionLanguage, "The \(rendition.type.rawValue) rendition \"\(rendition.name)\" has no LANGUAGE.", location)
        }
        if rendition.isDefault == true, rendition.autoselect != true {
            findings.add(.renditionDefaultAutoselect, "\"\(rendition.name)\" is DEFAULT=YES without AUTOSELECT=YES.", location)
        }
        if rendition.forced != nil, rendition.type != .subtitles {
            findings.add(
                .renditionForcedSubtitlesOnly, "The \(rendition.type.rawValue) rendition \"\(rendition.name)\" has FORCED.", location)
        }
        if rendition.type == .closedCaptions, rendition.uri != nil {
            findings.add(.renditionClosedCaptionsNoURI, "The CLOSED-CAPTIONS rendition \"\(rendition.name)\" has a URI.", location)
        }
    }

    private func checkGroups(_ renditions: [Rendition], into findings: inout Findings) {
        var seenNames: Set<[String]> = []
        var groupsWithDefault: Set<[String]> = []
        for (index, rendition) in renditions.enumerated() {
            let group = [rendition.type.rawValue, rendition.groupID]
            if !seenNames.insert(group + [rendition.name]).inserted {
                findings.add(
                    .renditionNameUnique, "NAME \"\(rendition.name)\" appears twice in group \"\(rendition.groupID)\".",
                    renditionLocation(index))
            }
            if rendition.isDefault == true, !groupsWithDefault.insert(group).inserted {
                findings.add(
                    .renditionSingleDefault, "Group \"\(rendition.groupID)\" has more than one DEFAULT=YES.",
                    renditionLocation(index))
            }
        }
    }
}
