"""The reference: the least a PDF board could cost, 100 squares drawn with reportlab."""

import sys

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

canvas = Canvas(sys.argv[1], pagesize=A4, invariant=1)
for row in range(10):
    for column in range(10):
        canvas.setFillColorRGB((row * 10 + column) / 100, 0.5, 0.5)
        canvas.rect((26 + column * 15.8) * mm, (69 + row * 15.8) * mm, 15.8 * mm, 15.8 * mm, fill=1)
canvas.save()
