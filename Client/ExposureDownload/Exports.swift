// Apps that download see the clocks licenses and reports run on without another import.
@_exported import Clocks
