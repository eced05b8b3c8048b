"""Hanabi Table Companion: referee, memory and scorer for a real game of Hanabi."""

import os

# numpy's BLAS on one thread (read when numpy is first loaded, which the package comes before):
# the card reader's products are small (a face is 60 x 90 pixels), and BLAS threads spinning
# beside the screen and the camera made them several times slower where the other cores were busy
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
