import ExposureDownload
import Foundation
import Testing

/// `import ExposureDownload` alone reaches the request layer of `Exposure`, as the official module does.
@Suite struct DownloadModuleLayoutTests {
    @Test func theRequestLayerIsReexported() throws {
        let environment = Environment(baseUrl: "http://127.0.0.1:1", customer: "Sandbox", businessUnit: "Dev")
        let token = SessionToken(value: "crm|acc|usr|opaque|1764400000000|1764486400000|false")
        let request = try GetDownloadableInfo(assetId: "arctic-journey", environment: environment, sessionToken: token)
            .transportRequest()
        #expect(request.url.path == "/v2/customer/Sandbox/businessunit/Dev/entitlement/arctic-journey/downloadinfo")
    }
}
