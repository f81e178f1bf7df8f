print("exposure-mock")
