"""Drawing without a file format: scenes in millimetres with style roles, palettes, boards and diagrams."""
