// Apps that play see the clocks playback runs on (RealClock, VirtualClock) without another import.
@_exported import Clocks
// …and everything iOSClientExposure offers (requests, models, errors, analytics), as
// `import ExposurePlayback` does with the official SDK.
@_exported import Exposure
