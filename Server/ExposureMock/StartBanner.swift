import Foundation
import MockPlatform
import ServerTLS

/// What `exposure-mock` prints when it is up: where, who can log in, and how to try it; with
/// the development CA's certificate to trust when HTTPS serves one of its certificates.
enum StartBanner {
    static func text(for platform: MockPlatform, authority: DevelopmentCA?) -> String {
        let catalog = platform.context.catalog.catalog
        let settings = catalog.settings
        let api = "\(platform.baseURL)/v1/customer/\(settings.customer)/businessunit/\(settings.businessUnit)"
        let login = "\(platform.baseURL)/v3/customer/\(settings.customer)/businessunit/\(settings.businessUnit)/auth/login"
        let users = catalog.users.values.sorted { $0.username < $1.username }
            .map { "    \($0.username) / \($0.password)  (products: \($0.products.joined(separator: ", ")))" }
        let admin =
            switch platform.configuration.adminAccess {
            case .open: "open at \(platform.baseURL)/_mock/"
            case .token: "at \(platform.baseURL)/_mock/ (Bearer admin token required)"
            case .disabled: "disabled (not loopback and no --admin-token)"
            }
        let dashboard =
            switch platform.configuration.adminAccess {
            case .open: "\(platform.baseURL)/"
            case .token: "\(platform.baseURL)/ (sign in with the admin token)"
            case .disabled: "disabled, as the admin API is"
            }
        let caFile = authority?.certificateFile.path
        let curl = platform.baseURL.hasPrefix("https:") ? caFile.map { "curl --cacert \($0)" } ?? "curl" : "curl"
        let trust =
            caFile.map {
                "\n  HTTPS certificate for localhost, 127.0.0.1 and ::1 from the development CA: trust\n    \($0)\n"
                    + "    (curl --cacert, CurlTransport(caBundle:), exposure --ca-file; devices: docs/https.md)"
            } ?? ""
        return """
            Exposure mock listening on \(platform.baseURLs.joined(separator: " and "))\(trust)
              customer \(settings.customer), business unit \(settings.businessUnit)
              \(catalog.assets.count) assets, \(catalog.channels.count) live channels
              admin API \(admin)
              dashboard \(dashboard)

            Demo users:
            \(users.joined(separator: "\n"))

            Try:
              \(curl) -s \(api)/content/asset?pageSize=5
              \(curl) -s -X POST \(login) -H 'Content-Type: application/json' -d '{"username":"premium","password":"sandbox"}'
              \(curl) -s \(api)/time

            Press Ctrl-C to stop.
            """
    }
}
