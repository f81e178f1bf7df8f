import Exposure
import Foundation
import Testing

/// The registry where a playable made without a key source finds the one holding its package:
/// by asset and package URL, holding no source alive.
@Suite struct OfflineKeyRegistryTests {
    /// A source holding one package.
    final class Holder: OfflineKeySource {
        let assetId: String
        let package: URL
        init(assetId: String, package: URL) {
            self.assetId = assetId
            self.package = package
        }
        func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage> { .success(Array(0..<16)) }
        func holdsPackage(_ url: URL, assetId: String) -> Bool { assetId == self.assetId && url == package }
    }

    /// A source that says nothing of its packages (written before the registry).
    final class Silent: OfflineKeySource {
        func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage> { .success(Array(0..<16)) }
    }

    static let package = URL(fileURLWithPath: "/data/offline/media/1/master.m3u8")

    @Test func theSourceHoldingAPackageIsFoundByItsAssetAndURLAndNoOtherIs() {
        let registry = OfflineKeyRegistry()
        let silent = Silent()
        let holder = Holder(assetId: "a", package: Self.package)
        registry.register(silent)
        registry.register(holder)
        registry.register(holder)

        #expect(registry.source(forPackage: Self.package, assetId: "a") === holder)
        #expect(registry.source(forPackage: Self.package, assetId: "b") == nil, "another asset")
        #expect(registry.source(forPackage: URL(fileURLWithPath: "/copy/master.m3u8"), assetId: "a") == nil, "a copied folder")
        #expect(!silent.holdsPackage(Self.package, assetId: "a"))
        withExtendedLifetime(silent) {}
    }

    @Test func aReleasedSourceIsGoneAndWasNeverKeptAlive() {
        let registry = OfflineKeyRegistry()
        weak var released: Holder?
        do {
            let holder = Holder(assetId: "a", package: Self.package)
            released = holder
            registry.register(holder)
            #expect(registry.source(forPackage: Self.package, assetId: "a") === holder)
        }
        #expect(released == nil, "the registry holds it weakly")
        #expect(registry.source(forPackage: Self.package, assetId: "a") == nil)
    }

    @Test func aLeaseFromASourceThatKnowsNoExpiryHasNoEnd() async throws {
        let lease = try await Silent().offlineKeyLease(URL(string: "exposure-offline-key:0")!, assetId: "a").get()
        #expect(lease == OfflineKeyLease(key: Array(0..<16), timeLeft: nil))
    }
}
