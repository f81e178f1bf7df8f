import Testing

/// The catalog: each request as the official SDK sends it is answered 2xx with an
/// `X-Request-Id`, and its body decodes with the official model's required keys.
@Suite struct ConformanceCatalogTests {
    @Test(arguments: ConformanceCase.all)
    func answeredAndDecodedAsTheOfficialSDKReadsIt(_ entry: ConformanceCase) async throws {
        let platform = try await ConformancePlatform()
        try await entry.run(platform)
    }
}
