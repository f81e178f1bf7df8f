import Foundation
import MockPlatform
import TestSupport
import Testing

/// ffprobe opens every stream kind the mock serves over HTTP, as a real player would, and
/// finds video and audio in it (audio alone in the podcast). CI installs ffmpeg with
/// `scripts/install-deps test`; without ffprobe these tests fail, they do not skip.
@Suite(.onItsOwnQueue, .serialized) struct FFprobeEndToEndTests {
    @Test(arguments: StreamKinds.all)
    func ffprobeReadsTheStream(_ kind: StreamKinds.Kind) async throws {
        let mock = try StreamPlatform(nowMs: kind.atMs)
        let url = try await mock.streamURL(kind.assetId(mock), material: kind.material)
        let result = try await FFprobe.streams(of: url)
        #expect(result.status == 0, "ffprobe failed on \(kind.name) \(url): \(result.errors)")
        let types = Set(result.codecTypes)
        #expect(types.contains("audio"), "\(kind.name): no audio stream in \(result.codecTypes)")
        if kind.audioOnly {
            #expect(!types.contains("video"), "\(kind.name): an audio-only stream has video")
        } else {
            #expect(types.contains("video"), "\(kind.name): no video stream in \(result.codecTypes)")
        }
    }
}

/// ffmpeg decodes encrypted streams from the mock as a player would: the key fetched from the
/// key server with the play token the playlists pass on, every segment decrypted (a wrong key
/// or IV breaks the MPEG-TS sync and fails the decode). A live window is read from its start
/// (`-live_start_index 0`): the platform clock stands still, and ffmpeg's default start, three
/// segments from the live edge, can end at a discontinuity (an ad break, the reel's wrap)
/// whose reset timestamps never make up `-t 4`, so ffmpeg would wait for segments that never come.
@Suite(.onItsOwnQueue, .serialized) struct FFmpegEncryptedStreamTests {
    @Test(arguments: [("harbour-tales-s1e3", StreamPlatform.noon), ("sport-max", StreamPlatform.noon + 905_000)])
    func ffmpegDecodesTheEncryptedStream(_ assetId: String, _ nowMs: Int64) async throws {
        let mock = try StreamPlatform(nowMs: nowMs)
        let url = try await mock.streamURL(assetId)
        let ffmpeg = try FFprobe.executable().deletingLastPathComponent().appendingPathComponent("ffmpeg")
        // Four seconds of every stream: video and audio segments of two key-tagged playlists.
        let run = try await ChildProcess.run(
            ffmpeg,
            [
                "-v", "error", "-rw_timeout", "20000000", "-live_start_index", "0", "-i", url.absoluteString, "-t", "4",
                "-f", "null", "-"
            ],
            environment: ["no_proxy": "127.0.0.1"], removing: ["http_proxy"])
        #expect(run.status == 0, "ffmpeg failed on \(assetId): \(run.errors)")
        #expect(run.errors.isEmpty, "decode errors on \(assetId): \(run.errors)")
        let keys = mock.platform.control.journal.entries(matching: JournalFilter(pathPrefix: "/keys/"))
        #expect(!keys.isEmpty && keys.allSatisfy { $0.status == 200 }, "\(assetId): \(keys.map { "\($0.path) \($0.status ?? 0)" })")
    }
}

/// Runs `ffprobe -v error -show_streams -of json URL`.
enum FFprobe {
    struct Result {
        let status: Int32
        let codecTypes: [String]
        let errors: String
    }

    /// The ffprobe on PATH; a test failure telling how to install it otherwise.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ffprobe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw StreamTestError("ffprobe is not installed (not on PATH): run `scripts/install-deps test` (apt-get install ffmpeg)")
    }

    /// Probes `url`; runs off the cooperative pool, which the mock's other tests share.
    static func streams(of url: URL) async throws -> Result {
        let run = try await ChildProcess.run(
            try executable(), ["-v", "error", "-rw_timeout", "20000000", "-show_streams", "-of", "json", url.absoluteString],
            environment: ["no_proxy": "127.0.0.1"], removing: ["http_proxy"])
        struct Probe: Decodable {
            struct Stream: Decodable { let codec_type: String? }
            let streams: [Stream]?
        }
        let probe = try? JSONDecoder().decode(Probe.self, from: Data(run.output.utf8))
        return Result(status: run.status, codecTypes: probe?.streams?.compactMap(\.codec_type) ?? [], errors: run.errors)
    }
}
