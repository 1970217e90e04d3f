"""Putting drawings on paper: paper sizes, pages and tiles, sheets of cut-out parts, nets, flowing text."""
