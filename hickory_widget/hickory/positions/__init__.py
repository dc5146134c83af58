"""Positions of Hickory Dickory: the data format of a state, its validation, and what each seat may see.

May import: the core and rules.
"""
