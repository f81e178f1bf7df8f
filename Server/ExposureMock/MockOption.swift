import Foundation

/// One setting of `exposure-mock`: a flag, the environment variable that sets the same, and how a
/// value is checked and applied. `source` in `apply` is the flag or the variable, for errors.
/// A switch (`--tls`) takes no value as a flag and a yes or no as a variable; `apply` gets
/// `true` or `false` for it.
struct MockOption: Sendable {
    let flag: String
    let variable: String
    let placeholder: String
    let help: String
    var isSwitch = false
    let apply: @Sendable (inout MockConfiguration, _ value: String, _ source: String) throws(UsageError) -> Void

    /// Every setting, in the order `--help` lists them.
    static let all: [MockOption] = [
        MockOption(flag: "--host", variable: "EXPOSURE_MOCK_HOST", placeholder: "ADDR", help: "address to bind (default 127.0.0.1)") {
            (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("\(source) needs an address such as 127.0.0.1") }
            configuration.host = value
        },
        MockOption(
            flag: "--port", variable: "EXPOSURE_MOCK_PORT", placeholder: "N", help: "port to listen on; 0 picks a free one (default 8080)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            configuration.port = try port(value, source)
        },
        MockOption(
            flag: "--tls", variable: "EXPOSURE_MOCK_TLS", placeholder: "1",
            help:
                "serve HTTPS on --port instead of HTTP, with a certificate for localhost,\n127.0.0.1 and ::1 from a development CA made on first use in\n$XDG_DATA_HOME/exposure-mock/tls (the CA's path is printed: trust it)",
            isSwitch: true
        ) { (configuration: inout MockConfiguration, value, _) throws(UsageError) in
            configuration.tls = value == "true"
        },
        MockOption(
            flag: "--tls-port", variable: "EXPOSURE_MOCK_TLS_PORT", placeholder: "N",
            help: "serve HTTPS on this port too, HTTP staying on --port; 0 picks a free one"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            configuration.tlsPort = try port(value, source)
        },
        file(
            flag: "--tls-cert", variable: "EXPOSURE_MOCK_TLS_CERT",
            help: "serve HTTPS with this PEM certificate (chain) instead of the development\nCA's; needs --tls-key",
            into: \.tlsCertificate),
        file(
            flag: "--tls-key", variable: "EXPOSURE_MOCK_TLS_KEY", help: "the unencrypted PEM private key of --tls-cert", into: \.tlsKey),
        MockOption(
            flag: "--fixtures", variable: "EXPOSURE_MOCK_FIXTURES", placeholder: "DIR",
            help: "fixtures folder (default: the bundled fixtures, next to the executable,\nin PREFIX/share/exposure-mock or in ./Fixtures)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError("\(source): no fixtures folder at \(value); pass a folder holding catalog/ and media/")
            }
            configuration.fixtures = URL(fileURLWithPath: value, isDirectory: true)
        },
        MockOption(
            flag: "--state", variable: "EXPOSURE_MOCK_STATE", placeholder: "FILE",
            help:
                "keep sessions, bookmarks, play sessions and downloads in this SQLite\nfile across restarts (default: in memory, forgotten at exit)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("\(source) needs a file path") }
            configuration.statePath = value
        },
        MockOption(
            flag: "--admin-token", variable: "EXPOSURE_MOCK_ADMIN_TOKEN", placeholder: "TOKEN",
            help:
                "require `Authorization: Bearer TOKEN` on /_mock/ (needed to have the\nadmin API at all when the host is not a loopback address)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("\(source) needs a non-empty token") }
            configuration.adminToken = value
        },
        MockOption(
            flag: "--journal-capacity", variable: "EXPOSURE_MOCK_JOURNAL_CAPACITY", placeholder: "N",
            help: "requests the journal keeps before dropping the oldest (default 10000)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard let capacity = Int(value), capacity >= 1 else { throw UsageError("\(source) takes a number of at least 1, not \(value)") }
            configuration.journalCapacity = capacity
        },
        MockOption(
            flag: "--fault-seed", variable: "EXPOSURE_MOCK_FAULT_SEED", placeholder: "N",
            help: "seed of fault rules' probability draws, so a run is repeatable\n(default: random; also PUT /_mock/faults/seed)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard let seed = UInt64(value), seed <= UInt64(Int.max) else {
                throw UsageError("\(source) takes a whole number from 0 to \(Int.max), not \(value)")
            }
            configuration.faultSeed = seed
        },
        MockOption(
            flag: "--log-format", variable: "EXPOSURE_MOCK_LOG_FORMAT", placeholder: "FORMAT",
            help: "text, or json for one JSON object per line (default text)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard let format = LogFormat(rawValue: value) else { throw UsageError("\(source) takes text or json, not \(value)") }
            configuration.logFormat = format
        },
        MockOption(
            flag: "--log-level", variable: "EXPOSURE_MOCK_LOG_LEVEL", placeholder: "LEVEL",
            help: "debug, info (a line per request), warning (4xx and worse), error\n(5xx and dropped) or quiet (default info)"
        ) { (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard let level = LogLevel(rawValue: value) else {
                throw UsageError("\(source) takes \(LogLevel.allCases.map(\.rawValue).joined(separator: ", ")), not \(value)")
            }
            configuration.logLevel = level
        }
    ]

    /// The flag without its dashes, as ``ArgumentScanner`` names it.
    var name: String { String(flag.dropFirst(2)) }

    /// The setting whose flag is `--name`.
    static func named(_ name: String) -> MockOption? { all.first { $0.name == name } }

    /// A port number, 0 for a free one.
    private static func port(_ value: String, _ source: String) throws(UsageError) -> Int {
        guard let port = Int(value), (0...65_535).contains(port) else { throw UsageError("\(source) takes 0…65535, not \(value)") }
        return port
    }

    /// A setting naming a file, kept with the flag or variable it came from (read later, once
    /// its pair is known).
    private static func file(
        flag: String, variable: String, help: String, into field: any WritableKeyPath<MockConfiguration, NamedFile?> & Sendable
    ) -> MockOption {
        MockOption(flag: flag, variable: variable, placeholder: "FILE", help: help) {
            (configuration: inout MockConfiguration, value, source) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("\(source) needs a file path") }
            configuration[keyPath: field] = NamedFile(path: value, source: source)
        }
    }
}
