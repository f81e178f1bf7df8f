import ExposureModels
import Foundation
import HTTPServer

extension AdminAPI {
    /// The web dashboard: its start page at `/` and `/_mock/ui`, every file of `Dashboard/` under
    /// `/_mock/ui/`. The pages use only documented endpoints (docs/admin-api.md).
    mutating func registerDashboard() {
        let control = self.control
        let files = DashboardFiles(folder: DashboardFiles.folder(in: control.dataFolder))
        add(.get, "/", prefixed: false) { request, _ throws(ExposureErrorMessage) in
            files.response(for: DashboardFiles.indexFile, to: request)
        }
        add(.get, "/ui") { request, _ throws(ExposureErrorMessage) in
            files.response(for: DashboardFiles.indexFile, to: request)
        }
        add(.get, "/ui/{path...}") { request, parameters throws(ExposureErrorMessage) in
            files.response(for: parameters["path"] ?? "", to: request)
        }
    }
}
