"""The rules of Hickory Dickory: the state as data, the flow, and one module per rulebook concept.

May import: the core only (never positions, words, board or analysis).

Imports sit at the top of each module, never inside a function (an import statement run per call cost about a
tenth of a playout's time). Rules that call each other in a cycle (activation, actions, favors, outer_ring and
storage; end_of_round and solo) import each other as modules (``from . import actions``, then
``actions.resolve(...)``), which works whichever of them is imported first; every other import names what it uses.
"""
