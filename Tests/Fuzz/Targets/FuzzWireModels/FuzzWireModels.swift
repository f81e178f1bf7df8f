import ExposureModels
import Foundation

/// Decodes `body` as the SDK does (``ExposureJSON``) and encodes what decoded again, as the
/// download index stores it.
private func roundTrip<Model: Codable>(_ type: Model.Type, _ body: Data) {
    guard let model = try? ExposureJSON.decode(type, from: body) else { return }
    _ = try? ExposureJSON.encode(model)
}

/// libFuzzer's entry point: the input's first byte picks one of the bodies the SDK decodes, the
/// rest is the body. Built without `--sanitize fuzzer` it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let body = Data(bytes: data + 1, count: size - 1)
    switch data[0] % 17 {
    case 0: roundTrip(PlaybackEntitlement.self, body)
    case 1: roundTrip(Asset.self, body)
    case 2: roundTrip(AssetList.self, body)
    case 3: roundTrip(ChannelEpg.self, body)
    case 4: roundTrip([ChannelEpg].self, body)
    case 5: roundTrip(Program.self, body)
    case 6: roundTrip(ExposureErrorMessage.self, body)
    case 7: roundTrip(DownloadInfo.self, body)
    case 8: roundTrip(DownloadVerified.self, body)
    case 9: roundTrip(AllDownloads.self, body)
    case 10: roundTrip(Credentials.self, body)
    case 11: roundTrip(SessionInfo.self, body)
    case 12: roundTrip(EntitlementValidation.self, body)
    case 13: roundTrip(LastViewedOffsetList.self, body)
    case 14: roundTrip(ServerTime.self, body)
    case 15: roundTrip(EventSinkInitResponse.self, body)
    default: roundTrip(JSONValue.self, body)
    }
    return 0
}
