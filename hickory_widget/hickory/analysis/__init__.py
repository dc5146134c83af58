"""Analysis of Hickory Dickory: fast playouts, bots, search and the what-if engine.

May import: the core, rules, positions and words.
"""
