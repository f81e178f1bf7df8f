// HLS: placeholder until the module lands.
