"""The rules of Clocktowers: the state as data, the flow, and one module per rulebook concept.

May import: the core only (never positions, words, board or analysis).
"""
