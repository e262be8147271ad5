"""The board: SVG drawing, geometry, gestures and motion. It knows no rules: it is given
legal destinations and reports intents.
"""
