import ExposurePlayback
import Foundation
import Testing

/// `import ExposurePlayback` alone reaches the request layer and the analytics of `Exposure`,
/// as the official module does.
@Suite struct PlaybackModuleLayoutTests {
    @Test func theRequestLayerIsReexported() throws {
        let environment = Environment(baseUrl: "http://127.0.0.1:1", customer: "Sandbox", businessUnit: "Dev")
        let request = try Search(environment: environment).query(for: "arctic").transportRequest()
        #expect(request.url.path == "/v1/customer/Sandbox/businessunit/Dev/content/search/query/arctic")
        let error = ExposureError.exposureResponse(reason: ExposureResponseMessage(httpCode: 403, message: "NOT_ENTITLED"))
        #expect(error.code == 403)
        #expect(try AnalyticsOutbox.inMemory().pendingEventCount() == 0)
    }
}
