"""Hanabi Table Companion: referee, memory and scorer for a real game of Hanabi."""

import os

# numpy's BLAS on one thread (read when numpy is first loaded: the app and the command line load
# this package first; a program that loads numpy before it keeps its own setting). The card
# reader's products are small (a face is 60 x 90 pixels), and BLAS threads spinning on them beside
# other busy work made the reader several times slower (on two cores, both busy: 13-158 ms a
# frame, against 13-27 with fewer such products)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
