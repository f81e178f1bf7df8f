import ExposureModels
import Foundation
import HTTPServer

extension AdminAPI {
    /// The JSON Schema (draft 2020-12) file of each fixture file, as docs/schemas/ holds them.
    static let fixtureSchemaNames: Set<String> = ["platform", "users", "assets", "ads", "media"].reduce(into: []) {
        $0.insert("\($1).schema.json")
    }

    /// `GET /_mock/schemas/{name}`: the JSON Schema of a fixture file, read from `docs/schemas/`
    /// in the mock's data folder, as the OpenAPI document is; 404 for another name or when the
    /// mock runs without the docs folder.
    mutating func registerFixtureSchemas() {
        let control = self.control
        add(.get, "/schemas/{name}") { _, parameters throws(ExposureErrorMessage) in
            let name = parameters["name"] ?? ""
            guard Self.fixtureSchemaNames.contains(name) else {
                throw ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND",
                    extendedMessage: "No fixture schema \(name); there are \(Self.fixtureSchemaNames.sorted().joined(separator: ", ")).")
            }
            let location = Self.documents(in: control.dataFolder).appendingPathComponent("schemas").appendingPathComponent(name)
            guard let schema = try? Data(contentsOf: location) else {
                throw ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND",
                    extendedMessage: "No schema at \(location.path): the mock runs without the docs folder of its data folder.")
            }
            return Responses.json(body: schema)
        }
    }
}
