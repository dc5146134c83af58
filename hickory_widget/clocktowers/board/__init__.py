"""The board of Clocktowers: the view model its front end draws and the static SVG picture.

May import: the core, rules, positions and words.
"""
