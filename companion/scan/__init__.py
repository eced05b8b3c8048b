"""Card tags and the camera path: the tag codec, the frame decoder, the stability tracker,
the background scan service, the synthetic table frames and the printable sticker sheets.

Nothing here imports the UI; the app receives cards and statuses through callbacks.
"""
