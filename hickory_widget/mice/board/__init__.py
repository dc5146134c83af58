"""The board of Mice!: the view model its front end draws and the static SVG picture.

May import: the core, rules, positions and words.
"""
