import Foundation
import Testing

@testable import ExposureMock

/// `exposure-mock`'s flags and `EXPOSURE_MOCK_*` variables as values: arguments and an
/// environment in, an invocation or a one-line error out.
@Suite struct MockCommandLineTests {
    private func configuration(_ arguments: [String], _ environment: [String: String] = [:]) throws -> MockConfiguration {
        guard case .serve(let configuration) = try MockCommandLine.parse(arguments, environment: environment) else {
            throw UsageError("not a serve invocation")
        }
        return configuration
    }

    private func error(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
        do {
            _ = try MockCommandLine.parse(arguments, environment: environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func defaultsServeTheBundledFixturesOnLoopback8080() throws {
        #expect(try configuration([]) == MockConfiguration())
        #expect(MockConfiguration().host == "127.0.0.1" && MockConfiguration().port == 8080 && MockConfiguration().fixtures == nil)
    }

    @Test func aFlagTakesItsValueAfterASpaceOrAnEqualsSign() throws {
        #expect(try configuration(["--port", "8093"]).port == 8093)
        #expect(try configuration(["--port=8093"]).port == 8093)
        #expect(try configuration(["--admin-token=a=b"]).adminToken == "a=b", "only the first = splits")
    }

    @Test func everySettingComesFromItsVariable() throws {
        let fixtures = FileManager.default.currentDirectoryPath + "/Fixtures"
        let parsed = try configuration(
            [],
            [
                "EXPOSURE_MOCK_HOST": "0.0.0.0", "EXPOSURE_MOCK_PORT": "0", "EXPOSURE_MOCK_FIXTURES": fixtures,
                "EXPOSURE_MOCK_STATE": "/tmp/state.sqlite", "EXPOSURE_MOCK_ADMIN_TOKEN": "secret", "EXPOSURE_MOCK_JOURNAL_CAPACITY": "5",
                "EXPOSURE_MOCK_LOG_FORMAT": "json", "EXPOSURE_MOCK_LOG_LEVEL": "warning", "EXPOSURE_MOCK_FAULT_SEED": "42"
            ])
        #expect(
            parsed
                == MockConfiguration(
                    host: "0.0.0.0", port: 0, fixtures: URL(fileURLWithPath: fixtures, isDirectory: true), statePath: "/tmp/state.sqlite",
                    adminToken: "secret", journalCapacity: 5, faultSeed: 42, logFormat: .json, logLevel: .warning))
    }

    @Test func aFlagWinsOverItsVariableAndAnEmptyVariableIsUnset() throws {
        #expect(try configuration(["--port", "9000"], ["EXPOSURE_MOCK_PORT": "9001"]).port == 9000)
        #expect(try configuration([], ["EXPOSURE_MOCK_PORT": ""]).port == 8080)
        #expect(try configuration(["--port", "9000"], ["EXPOSURE_MOCK_PORT": "banana"]).port == 9000, "an overridden variable is not read")
    }

    @Test func aBadValueNamesTheFlagOrTheVariableItCameFrom() {
        #expect(error(["--port", "99999"]) == "exposure-mock: --port takes 0…65535, not 99999")
        #expect(error([], ["EXPOSURE_MOCK_PORT": "http"]) == "exposure-mock: EXPOSURE_MOCK_PORT takes 0…65535, not http")
        #expect(error(["--log-format=yaml"]) == "exposure-mock: --log-format takes text or json, not yaml")
        #expect(
            error([], ["EXPOSURE_MOCK_LOG_LEVEL": "loud"])
                == "exposure-mock: EXPOSURE_MOCK_LOG_LEVEL takes debug, info, warning, error, quiet, not loud")
        #expect(error(["--journal-capacity", "0"]) == "exposure-mock: --journal-capacity takes a number of at least 1, not 0")
        #expect(error(["--fault-seed", "-1"]) == "exposure-mock: --fault-seed takes a whole number from 0 to \(Int.max), not -1")
        #expect(error(["--admin-token="]) == "exposure-mock: --admin-token needs a non-empty token")
        #expect(error(["--fixtures", "/no/such/folder"])?.contains("--fixtures: no fixtures folder at /no/such/folder") == true)
        #expect(
            error([], ["EXPOSURE_MOCK_FIXTURES": "/no/such"])?.contains("EXPOSURE_MOCK_FIXTURES: no fixtures folder at /no/such") == true)
    }

    @Test func mistakesInTheCommandLineAreOneLine() {
        #expect(error(["--prot", "8080"]) == "exposure-mock: unknown argument --prot")
        #expect(error(["--port"]) == "exposure-mock: --port needs a value (--port N or --port=N)")
        #expect(error(["--version=2"]) == "exposure-mock: --version takes no value")
        #expect(error(["--check-fixtures=yes"]) == "exposure-mock: --check-fixtures takes no value")
    }

    @Test func helpVersionAndCheckFixtures() throws {
        #expect(try MockCommandLine.parse(["--help"], environment: [:]) == .help)
        #expect(try MockCommandLine.parse(["-h"], environment: [:]) == .help)
        #expect(try MockCommandLine.parse(["--port", "1", "--version"], environment: [:]) == .version)
        #expect(
            try MockCommandLine.parse(["--check-fixtures", "--port", "1"], environment: [:]) == .checkFixtures(MockConfiguration(port: 1)))
    }

    @Test func theHelpListsEveryFlagWithItsVariable() {
        for option in MockOption.all {
            #expect(option.variable == "EXPOSURE_MOCK_" + option.flag.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_"))
            #expect(
                MockCommandLine.help.contains(option.isSwitch ? "  \(option.flag)\n" : "\(option.flag) \(option.placeholder)"),
                "\(option.flag)")
            #expect(MockCommandLine.help.contains("\(option.variable)=\(option.placeholder)"), "\(option.variable)")
        }
        #expect(MockCommandLine.help.contains("--version") && MockCommandLine.help.contains("--check-fixtures"))
    }
}
