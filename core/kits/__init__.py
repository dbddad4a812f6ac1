"""Kits: mechanics that several games share, each kit named by what it is; a game builds on a
kit by importing it, and a kit never names a game (contract 8)."""
