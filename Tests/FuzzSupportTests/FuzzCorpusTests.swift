import ExposureModels
import Foundation
import FuzzSupport
import HTTPServer
import Testing

/// The committed request seeds reach what they are meant to: each is taken by a route (no 404
/// or 405) and answered without a server error, so the fuzzer starts from inside every family.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: "Tests/Fuzz/Corpus/FuzzRequestDecoding")

    static var seeds: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    @Test func thereAreRequestSeeds() { #expect(Self.seeds.count >= 10) }

    @Test(arguments: seeds)
    func seedIsTakenByARoute(seed: String) throws {
        let platform = FuzzPlatform()
        let text = try Data(contentsOf: Self.corpus.appendingPathComponent(seed))
        let response = try #require(platform.respond(to: text))
        #expect(![404, 405].contains(response.status), "\(seed): \(String(decoding: response.body, as: UTF8.self))")
        #expect(response.status < 500, "\(seed): \(String(decoding: response.body, as: UTF8.self))")
    }
}
