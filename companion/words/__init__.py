"""Every text a person reads about the game, in English and Italian (through companion.i18n).

The rules core gives keys and figures; the modules here turn them into words.
"""
