"""The Raspberry Pi's devices behind small interfaces: the camera sources (Pi Camera Module,
USB webcams, files for demos and tests) and the button panel. Each has a real implementation
and a stand-in with the same interface, chosen at start-up.
"""
