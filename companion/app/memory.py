"""Handing back to the system the memory freed after one-time work.

Drawing something for the first time makes the OpenGL driver compile a shader (Mesa's llvmpipe
takes tens of megabytes for a moment to do it), and starting the camera loads OpenCV, numpy and
zbar. glibc's malloc keeps what is freed for later use, and a freed page with live data above
it in the heap stays resident for good. malloc_trim(0) returns every whole free page, wherever
it lies, in well under a millisecond once done; the app asks every TRIM_SECONDS on its UI
thread (bench/bench_startup.py shows what it saves).

    release_free_memory() -> True if it could ask (glibc), False where there is no such call
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys

log = logging.getLogger(__name__)

TRIM_SECONDS = 2.0  # between two calls while the app runs

_trim = None  # glibc's malloc_trim once looked up; False where there is none


def _find_trim():
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim  # glibc only (musl has none)
    except (OSError, AttributeError):
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_free_memory() -> bool:
    """Gives the whole free pages malloc holds back to the system. Never raises."""
    global _trim
    if _trim is None:
        _trim = _find_trim()
    if _trim is False:
        return False
    try:
        _trim(0)
    except Exception as err:  # not the C library it claimed to be: stop asking
        log.info("malloc_trim failed: %s", err)
        _trim = False
        return False
    return True
