import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// `/_mock/health`, `/_mock/reset` and `/_mock/fixtures/reload` over HTTP.
@Suite struct AdminResetReloadTests {
    @Test func health() async throws {
        try await withPlatform { platform, client in
            let health = try await client.admin.health()
            #expect(health.status == "ok")
            #expect(health.assets == 16 && health.channels == 3 && health.users == 2)
            #expect(health.fixtures == platform.control.fixturesDirectory.path)
        }
    }

    @Test func resetForgetsStateFaultsJournalActivityAndClock() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("basic")
            let play = try await client.play("city-lights", token: token)
            let sessionId = try #require(play.body["playSessionId"] as? String)
            #expect(try await client.sendEvents([("Playback.Heartbeat", 5_000)], sessionId: sessionId, token: token) == 200)
            try await client.admin.addFault(.status(500, path: "^/nothing$"))
            try await client.admin.setClock(ClockUpdate(offset: .seconds(7_200), rate: 0))
            #expect(try await client.send("GET", "/_mock/beacons").status == 200)

            #expect(try await client.send("POST", "/_mock/reset").status == 204)

            #expect(try await client.admin.requests().requests.isEmpty)
            #expect(try await client.send("GET", client.api("v2", "/auth/session"), token: token).status == 401, "sessions gone")
            #expect(try await client.admin.faults().isEmpty)
            #expect(try await client.admin.analytics().isEmpty)
            #expect(try await client.admin.playSessions().isEmpty)
            let clock = try await client.admin.clock()
            #expect(abs(clock.offset.wholeMilliseconds) < 1_000 && clock.rate == 1)
            #expect(platform.context.state.bookmarks(accountId: "acc-basic").isEmpty)
        }
    }

    @Test func reloadSwitchesToAnotherGoodDirectory() async throws {
        try await withPlatform { _, client in
            let other = try controlPlaneFixtures()
            try other.editJSON("catalog/users.json") { users in users[1]["password"] = .string("changed") }
            try await client.admin.reloadFixtures(directory: other.directory.path)
            let oldPassword = try await client.send(
                "POST", client.api("v3", "/auth/login"), json: #"{"username":"basic","password":"sandbox"}"#)
            #expect(oldPassword.status == 401)
            _ = try await client.login("basic", password: "changed")
            #expect(try await client.admin.health().fixtures == other.directory.path)
        }
    }

    /// Playlists and media files are kept in memory once served; a reload must not leave the old
    /// directory's copies in place.
    @Test func reloadServesTheNewDirectorysPlaylistsAndMediaFiles() async throws {
        try await withPlatform { _, client in
            let playlist = "/streams/vod/arctic-journey/default/video/360p.m3u8"
            let segment = "/media/reel/video/360p/seg-000.ts"
            let before = try await client.send("GET", playlist)
            #expect(try await client.send("GET", segment).body.count > 10_000)
            let other = try controlPlaneFixtures()
            try other.editJSON("catalog/assets.json") { assets in
                #expect(assets[0]["assetId"] == .string("arctic-journey"))
                assets[0]["duration"] = .integer(3_600_000)
            }
            try other.write("media/reel/video/360p/seg-000.ts", "the new directory's segment")

            try await client.admin.reloadFixtures(directory: other.directory.path)

            let after = try await client.send("GET", playlist)
            let segments = { (body: Data) in String(decoding: body, as: UTF8.self).components(separatedBy: "#EXTINF").count - 1 }
            #expect(segments(before.body) == 1_350 && segments(after.body) == 1_800, "45 min, then 60 min in 2 s segments")
            #expect(try await client.send("GET", segment).body == Data("the new directory's segment".utf8))
        }
    }

    @Test func brokenFixturesAre422WithEveryProblemAndTheOldCatalogStays() async throws {
        try await withPlatform { platform, client in
            let broken = try controlPlaneFixtures()
            try broken.editJSON("catalog/users.json") { users in users[1]["password"] = .string("changed") }
            try broken.editJSON("catalog/ads.json") { ads in ads[0]["id"] = .string("ad-404") }
            try broken.write("catalog/platform.json", "{ not json")
            let answer = try await client.send("POST", "/_mock/fixtures/reload", json: #"{"directory":"\#(broken.directory.path)"}"#)
            #expect(answer.status == 422)
            let report = try ExposureJSON.decode(FixtureReport.self, from: answer.body)
            #expect(report.message == "INVALID_FIXTURES")
            #expect(report.problems.contains { $0.file == "catalog/platform.json" })
            _ = try await client.login("basic")  // the old password still works: old catalog in force
            #expect(platform.control.fixturesDirectory.path != broken.directory.path)

            await #expect { try await client.admin.reloadFixtures(directory: broken.directory.path) } throws: { error in
                let error = error as? MockAdminError
                return error?.status == 422 && error?.problems.isEmpty == false
            }
        }
    }

    @Test func reloadOfTheCurrentDirectoryPicksUpEdits() async throws {
        let fixtures = try controlPlaneFixtures()
        let platform = try await MockPlatform.start(fixtures: fixtures.directory)
        defer { platform.stop() }
        let client = ControlPlaneClient(baseURL: platform.baseURL)
        try fixtures.editJSON("catalog/platform.json") { settings in settings["anonymousLoginAllowed"] = .bool(false) }
        #expect(try await client.send("POST", client.api("v2", "/auth/anonymous"), json: "{}").status == 200)
        #expect(try await client.send("POST", "/_mock/fixtures/reload").status == 200)
        #expect(try await client.send("POST", client.api("v2", "/auth/anonymous"), json: "{}").status == 403)
    }
}
