import Foundation

extension DeviceInfo {
    /// A description of the machine this process runs on, for logins and entitlement requests.
    ///
    /// The id is derived from `/etc/machine-id` (stable across runs, not the raw id, which
    /// systemd asks not to expose), else from the host name. Pass your own `DeviceInfo` wherever
    /// this is the default to control what the server sees.
    public static var current: DeviceInfo {
        let process = ProcessInfo.processInfo
        let hostName = process.hostName
        return DeviceInfo(
            deviceId: machineFingerprint(fallback: hostName),
            type: "WEB",
            model: architecture,
            name: hostName,
            os: operatingSystemName,
            osVersion: process.operatingSystemVersionString,
            manufacturer: "Generic",
            height: 1080,
            width: 1920
        )
    }

    private static var operatingSystemName: String {
        #if os(Linux)
        "Linux"
        #elseif os(macOS)
        "macOS"
        #else
        "Unknown"
        #endif
    }

    private static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "unknown"
        #endif
    }

    /// A hex digest of the machine id, so the id is stable yet does not reveal the raw value.
    private static func machineFingerprint(fallback: String) -> String {
        let machineId =
            (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let seed = (machineId.isEmpty ? fallback : machineId) + "|exposure-sdk"
        // FNV-1a, 64 bits twice with different offsets: enough to tell devices apart, no crypto needed.
        func fnv(_ offset: UInt64) -> UInt64 {
            seed.utf8.reduce(offset) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        let hex = [fnv(0xcbf2_9ce4_8422_2325), fnv(0x8422_2325_cbf2_9ce4)].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return "device-" + hex.joined()
    }
}
