"""The words of Clocktowers: labels, explanations, why-not answers and the en/it/de catalogs.

May import: the core, rules and positions.
"""
