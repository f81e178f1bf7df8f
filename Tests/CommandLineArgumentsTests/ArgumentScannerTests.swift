import CommandLineArguments
import Testing

/// The one argument parser as values: a command line in, arguments or the failure out.
@Suite struct ArgumentScannerTests {
    private func scan(_ arguments: [String], takesPositionals: Bool = true) throws(ArgumentScanner.Failure) -> [ArgumentScanner.Argument] {
        var scanner = ArgumentScanner(
            arguments, valueOptions: ["port", "password"], flags: ["json", "help"], aliases: ["-h": "help"],
            takesPositionals: takesPositionals)
        var read: [ArgumentScanner.Argument] = []
        while let argument = try scanner.next() { read.append(argument) }
        return read
    }

    private func failure(_ arguments: [String], takesPositionals: Bool = true) -> ArgumentScanner.Failure? {
        do throws(ArgumentScanner.Failure) {
            _ = try scan(arguments, takesPositionals: takesPositionals)
            return nil
        } catch {
            return error
        }
    }

    @Test func anOptionTakesItsValueAfterASpaceOrAnEqualsSignAndOnlyTheFirstEqualsSplits() throws {
        #expect(try scan(["--port", "8093"]) == [.option("port", value: "8093")])
        #expect(try scan(["--port=8093"]) == [.option("port", value: "8093")])
        #expect(try scan(["--password=a=b"]) == [.option("password", value: "a=b")])
        #expect(
            try scan(["--password", "--json"]) == [.option("password", value: "--json")], "the next argument is the value, dashes or not")
    }

    @Test func flagsAliasesAndPositionalsKeepTheirOrder() throws {
        #expect(try scan(["user", "--json", "-h", "-5"]) == [.positional("user"), .flag("json"), .flag("help"), .positional("-5")])
    }

    @Test func doubleDashMakesEveryLaterArgumentPositional() throws {
        #expect(try scan(["--json", "--", "--port", "-h"]) == [.flag("json"), .positional("--port"), .positional("-h")])
    }

    @Test func mistakesAreNamedValues() {
        #expect(failure(["--colour"]) == .unknown(argument: "--colour", name: "colour"))
        #expect(failure(["--colour=red"]) == .unknown(argument: "--colour=red", name: "colour"))
        #expect(failure(["--json=1"]) == .valueGiven(flag: "json"))
        #expect(failure(["--port"]) == .valueMissing(option: "port"))
    }

    @Test func withoutPositionalsEveryOtherArgumentAndDoubleDashAreUnknown() {
        #expect(failure(["serve"], takesPositionals: false) == .unknown(argument: "serve", name: "serve"))
        #expect(failure(["--"], takesPositionals: false) == .unknown(argument: "--", name: ""))
    }

    @Test func scanningIsLazySoACallerCanStopBeforeALaterMistake() throws {
        var scanner = ArgumentScanner(["--help", "--colour"], valueOptions: [], flags: ["help"], takesPositionals: false)
        #expect(try scanner.next() == .flag("help"))
    }
}
