"""Cards read by their printed faces, without tags: a deck is taught once from photos (one per
face), then the camera names the cards it sees.

  finder.py     card outlines in a frame, and a card's face put upright at a fixed size
  side_lines.py card outlines put together from straight edges, where an outline does not close
  features.py   what a face is compared by: its colours and its figures, light evened out
  variations.py the views a camera might give of a taught face, for the discriminant to learn
  discriminant.py what tells a deck's faces apart in those views: the whole card, each rank corner
  pixel_judge.py a face against the taught faces pixel by pixel, and by the discriminant
  figures.py    the rank figure in a face's corners, matched with the taught figures at full size
  corner_colours.py the colour of the figure in a face's corners, against the other suits' same rank
  face_net.py   the face network (face_net.onnx, run by OpenCV): an upright face as 64 numbers
  net_judge.py  a face against the taught faces by the network's numbers
  deck_file.py  the taught faces, saved and loaded (a .npz file without pickles)
  teach.py      teaching: one photo, a folder of photos, the self-check of a taught deck
  reader.py     naming the cards in a frame, only when both judges agree and one is sure (or the
                figure tells the rank where both agree on the suit, or all three agree)

numpy and OpenCV only: no UI, no hardware. The network is trained by training/train_face_net.py.
"""
