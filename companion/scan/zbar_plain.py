"""zbar's QR texts without pyzbar's symbol details, for the codes pyzbar cannot describe.

pyzbar.decode names each symbol's orientation, and raises ValueError when zbar reports none
(it does for the parts of a structured-append code): the whole image would be lost. This reads
the same scan through pyzbar's own zbar bindings and keeps only each QR symbol's data.
"""

from __future__ import annotations

from ctypes import c_void_p, cast, string_at

import numpy as np
from pyzbar import pyzbar
from pyzbar.pyzbar import ZBarSymbol
from pyzbar.wrapper import (ZBarConfig, zbar_image_scanner_set_config, zbar_image_set_data,
                            zbar_image_set_format, zbar_image_set_size, zbar_scan_image,
                            zbar_symbol_get_data, zbar_symbol_get_data_length)


def qr_data(gray: np.ndarray) -> list[bytes]:
    """The data of every QR symbol zbar finds in a grey uint8 image."""
    gray = np.ascontiguousarray(gray, dtype=np.uint8)
    height, width = gray.shape[:2]
    pixels = gray.tobytes()
    out: list[bytes] = []
    with pyzbar._image_scanner() as scanner:
        for symbol in ZBarSymbol:
            zbar_image_scanner_set_config(scanner, symbol, ZBarConfig.CFG_ENABLE,
                                          int(symbol == ZBarSymbol.QRCODE))
        with pyzbar._image() as image:
            zbar_image_set_format(image, pyzbar._FOURCC["L800"])
            zbar_image_set_size(image, width, height)
            zbar_image_set_data(image, cast(pixels, c_void_p), len(pixels), None)
            if zbar_scan_image(scanner, image) < 0:
                return []
            for symbol in pyzbar._symbols_for_image(image):
                if symbol.contents.type == ZBarSymbol.QRCODE:
                    out.append(string_at(zbar_symbol_get_data(symbol),
                                         zbar_symbol_get_data_length(symbol)))
    return out
