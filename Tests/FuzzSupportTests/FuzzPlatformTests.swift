import FuzzSupport
import HTTPServer
import Testing

/// The fuzz targets' platform answers an input the same way in every process and after any
/// earlier input, so a crash input found in one run replays in the next.
@Suite struct FuzzPlatformTests {
    static let time = Array("GET /v2/customer/Sandbox/businessunit/Dev/time".utf8)

    /// Adds a rule failing half of the time requests, then asks for the time 40 times: which of
    /// them the rule failed.
    static func faultedRequests(on platform: FuzzPlatform) -> [Bool] {
        let rule = #"{"path":"/time$","status":503,"probability":0.5}"#
        let added = platform.respond(to: Array("POST /_mock/faults\nContent-Type: application/json\n\n\(rule)".utf8))
        #expect(added?.status == 201)
        return (0..<40).map { _ in platform.respond(to: time)?.status == 503 }
    }

    @Test func probabilityDrawsAreTheSameInEveryProcess() {
        let first = Self.faultedRequests(on: FuzzPlatform())
        #expect(first.contains(true) && first.contains(false), "a probability of 0.5 faults some requests, not all")
        #expect(Self.faultedRequests(on: FuzzPlatform()) == first, "a new platform, as in the next run, draws the same")
    }

    @Test func aResetStartsTheDrawsAgainFromTheFixedSeedWhateverAnInputSet() {
        let platform = FuzzPlatform()
        let first = Self.faultedRequests(on: platform)
        platform.reset()
        let seeded = platform.respond(to: Array("PUT /_mock/faults/seed\nContent-Type: application/json\n\n{\"seed\":7}".utf8))
        #expect(seeded?.status == 200)
        platform.reset()
        #expect(Self.faultedRequests(on: platform) == first)
    }
}
