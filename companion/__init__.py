"""Hanabi Table Companion: referee, memory and scorer for a real game of Hanabi."""

__version__ = "0.1.0"
