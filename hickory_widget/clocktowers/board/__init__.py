"""The board of Clocktowers: the view model the front end draws, the static picture, intents, time travel.

May import: the core, rules, positions, words and analysis.
"""
