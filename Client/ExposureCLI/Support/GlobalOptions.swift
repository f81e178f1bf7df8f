/// Options every command takes: where the backend is and how to print.
enum GlobalOptions {
    static let defaultBaseURL = "http://127.0.0.1:8080"
    static let defaultCustomer = "Sandbox"
    static let defaultBusinessUnit = "Dev"

    static let valueOptions: Set<String> = ["base-url", "customer", "business-unit", "data-dir", "ca-file"]
    static let flagOptions: Set<String> = ["json", "verbose", "help"]

    static let help = [
        "--base-url URL          server root (default $EXPOSURE_BASE_URL, else the logged-in session's, else \(defaultBaseURL))",
        "--customer NAME         customer (default \(defaultCustomer), or the session's)",
        "--business-unit NAME    business unit (default \(defaultBusinessUnit), or the session's)",
        "--ca-file FILE          trust the certificate authorities in this PEM file for HTTPS (default $EXPOSURE_CA_FILE), e.g. the CA exposure-mock --tls prints",
        "--data-dir DIR          the analytics outbox and downloads (default $XDG_DATA_HOME/exposure, else ~/.local/share/exposure)",
        "--json                  JSON Lines on standard output (one compact object per line), errors as one JSON object on standard error",
        "--verbose               each API request and answer on standard error (credentials redacted, bodies counted, not shown)",
        "--help, -h              show help"
    ]

    static func isHelp(_ argument: String) -> Bool { argument == "--help" || argument == "-h" }
}
