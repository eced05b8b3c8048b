"""Freed memory goes back to the system when the app asks (glibc's malloc_trim)."""

import ctypes
import ctypes.util
import sys

import pytest

from companion.app.memory import release_free_memory


def resident_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


def libc():
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        lib.malloc_trim
    except (OSError, AttributeError):
        return None
    return lib


@pytest.mark.skipif(not sys.platform.startswith("linux") or libc() is None,
                    reason="malloc_trim is glibc's")
def test_pages_freed_under_live_data_are_given_back():
    c = libc()
    c.malloc.restype = ctypes.c_void_p
    c.malloc.argtypes = [ctypes.c_size_t]
    c.free.argtypes = [ctypes.c_void_p]
    # 48 MB in blocks small enough to come from the heap, each written to (resident), and
    # blocks kept alive above them, so that the heap cannot simply shrink from its top
    blocks = [c.malloc(32 * 1024) for _ in range(1536)]
    for block in blocks:
        ctypes.memset(block, 1, 32 * 1024)
    keep = [c.malloc(32 * 1024) for _ in range(8)]
    for block in blocks:
        c.free(block)
    before = resident_mb()
    assert release_free_memory() is True
    after = resident_mb()
    for block in keep:
        c.free(block)
    assert before - after > 24, (before, after)


def test_asking_again_is_harmless():
    first = release_free_memory()
    assert release_free_memory() is first
