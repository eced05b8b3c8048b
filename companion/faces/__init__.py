"""Cards read by their printed faces, without tags: a deck is taught once from photos (one per
face), then the camera names the cards it sees.

  finder.py     card outlines in a frame, and a card's face put upright at a fixed size
  side_lines.py card outlines put together from straight edges, where an outline does not close
  features.py   what a face is compared by: its colours and its figures, light evened out
  deck_file.py  the taught faces, saved and loaded (a .npz file without pickles)
  teach.py      teaching: one photo, a folder of photos, the self-check of a taught deck
  reader.py     naming the cards in a frame, only when sure

numpy and OpenCV only: no UI, no hardware.
"""
