"""The «Эволюция» kit: what classic «Эволюция» (`CL` rulings) and «Эволюция. Новый мир» (`NW`)
share — animals with property cards, food and fat tokens, attacks and their defences, paired
properties, extinction — written once, parameterised by what differs (each game's events,
queries, data and texts). Where a rule is shared, the code cites the ruling of both specs.
"""
