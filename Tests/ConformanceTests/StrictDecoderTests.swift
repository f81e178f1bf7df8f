import Exposure
import Foundation
import Testing

/// The mirrors are as strict as the official models: a real answer with one required key
/// taken out fails to decode, and one with only the required keys left still decodes. Without
/// this, a catalog test could pass on a decoder that requires nothing.
@Suite struct StrictDecoderTests {
    /// Decodes `json` as `model`, reporting whether it succeeded.
    private func decodes<Model: Decodable>(_ model: Model.Type, _ json: Any) -> Bool {
        guard let data = try? JSONSerialization.data(withJSONObject: json) else { return false }
        return (try? JSONDecoder().decode(model, from: data)) != nil
    }

    private func check<Model: Decodable>(_ model: Model.Type, answer: Data, required: [String]) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
        #expect(decodes(model, object))
        for key in required {
            var missing = object
            missing[key] = nil
            #expect(!decodes(model, missing), "\(Model.self) decoded without \(key)")
        }
        #expect(decodes(model, object.filter { required.contains($0.key) }), "\(Model.self) requires more than \(required)")
    }

    @Test func requiredKeysOfTheOfficialModels() async throws {
        let platform = try await ConformancePlatform()
        let token = try await platform.login()
        try check(
            OfficialCredentials.self, answer: try await platform.send(OfficialCatalog.login(version: "v3")).body, required: ["sessionToken"]
        )
        try check(
            OfficialSessionResponse.self,
            answer: try await platform.send(OfficialCatalog.validateSession(version: "v1", token: token)).body,
            required: ["crmToken", "accountId", "userId"])
        try check(
            OfficialPlaybackEntitlement.self, answer: try await platform.send(OfficialCatalog.play("arctic-journey", token: token)).body,
            required: ["playSessionId", "playTokenExpiration", "productId"])
        let program = try await platform.programOnAir()
        try check(
            OfficialProgram.self, answer: try await platform.send(OfficialCatalog.program(program.programId, channelId: "news-24")).body,
            required: ["programId", "assetId", "channelId"])
        try check(
            OfficialContinueTVShow.self,
            answer: try await platform.send(OfficialCatalog.continueTVShow("harbour-tales", token: token)).body,
            required: ["asset", "startedWatching", "lastViewedOffset"])
        try check(OfficialAsset.self, answer: try await platform.send(OfficialCatalog.asset("arctic-journey")).body, required: ["assetId"])
        try check(
            OfficialErrorMessage.self, answer: try await platform.send(OfficialCatalog.asset("no-such-asset")).body,
            required: ["httpCode", "message"])
    }

    @Test func formatsNeedFormatAndLocatorAndAssetTypesAreClosed() throws {
        #expect(decodes(OfficialPlaybackEntitlement.Format.self, ["format": "HLS", "mediaLocator": "http://h/x.m3u8"]))
        #expect(!decodes(OfficialPlaybackEntitlement.Format.self, ["format": "HLS"]))
        #expect(!decodes(OfficialPlaybackEntitlement.Format.self, ["mediaLocator": "http://h/x.m3u8"]))
        #expect(decodes(OfficialAsset.self, ["assetId": "a", "type": "MOVIE"]))
        #expect(!decodes(OfficialAsset.self, ["assetId": "a", "type": "FILM"]))
        #expect(!decodes(OfficialAsset.self, ["assetId": "a", "duration": "long"]))
    }
}
