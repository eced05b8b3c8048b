"""The touchscreen table: a Kivy app that shows the public state of the game and forwards taps.

The screens are thin: they show what companion.session and companion.rules say and pass every
tap on to the session. Nothing here decides a rule. Importing this package imports no Kivy;
`companion.app.main.run_app` starts the app.
"""
