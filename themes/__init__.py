"""Shipped themes as data files (see docs/themes.md); a package only so that installs carry them."""
