print("exposure")
