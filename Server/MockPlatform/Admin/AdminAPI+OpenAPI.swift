import ExposureModels
import Foundation
import HTTPServer

extension AdminAPI {
    /// `GET /_mock/openapi.json`: the OpenAPI document of everything the mock serves, read from
    /// `docs/` in the mock's data folder; 404 when the mock runs without it.
    mutating func registerOpenAPIDocument() {
        let control = self.control
        add(.get, "/openapi.json") { _, _ throws(ExposureErrorMessage) in
            let location = Self.documents(in: control.dataFolder).appendingPathComponent("openapi.json")
            guard let document = try? Data(contentsOf: location) else {
                throw ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND",
                    extendedMessage: "No OpenAPI document at \(location.path): the mock runs without the docs folder of its data folder.")
            }
            return Responses.json(body: document)
        }
    }

    /// The documents the admin API serves (the OpenAPI document, `schemas/`): `docs/` in the data
    /// folder, as in the repository and under `PREFIX/share/exposure-mock`.
    static func documents(in dataFolder: URL) -> URL {
        dataFolder.appendingPathComponent("docs", isDirectory: true)
    }
}
