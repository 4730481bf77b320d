print("gradient")
