// Apps that play see the clocks playback runs on (RealClock, VirtualClock) without another import.
@_exported import Clocks
