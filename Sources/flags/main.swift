print("flags: not yet built")
