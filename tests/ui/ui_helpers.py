"""Small helpers the UI tests share."""


def button_for(picker, card):
    """The card picker's button for `card`."""
    return next(b for b in picker.buttons() if b.card == card)
