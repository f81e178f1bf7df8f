import ExposureModels
import Foundation
import HTTPServer

extension AdminAPI {
    /// `GET /_mock/openapi.json`: the OpenAPI document of everything the mock serves, read from
    /// where the checkout keeps it; 404 when the mock runs without it.
    mutating func registerOpenAPIDocument() {
        let control = self.control
        add(.get, "/openapi.json") { _, _ throws(ExposureErrorMessage) in
            let location = Self.openAPIDocument(besideFixtures: control.fixturesDirectory)
            guard let document = try? Data(contentsOf: location) else {
                throw ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND",
                    extendedMessage: "No OpenAPI document at \(location.path): the mock runs without the docs folder of its checkout.")
            }
            return Responses.json(body: document)
        }
    }

    /// Where the OpenAPI document lies for a fixtures folder: `docs/openapi.json` beside it, as
    /// in the repository (`Fixtures/` and `docs/` share the root).
    static func openAPIDocument(besideFixtures fixtures: URL) -> URL {
        fixtures.deletingLastPathComponent().appendingPathComponent("docs").appendingPathComponent("openapi.json")
    }
}
