"""The table's parts: each thing on the table's screen has one owner here.

A part holds its own state, is given its rectangle by the scene, draws only there (on a surface or a
`DrawList`, which notes the rectangles it changes), turns its own input into intents, and reads the
game through the `TableView` it is handed (see view.py). Parts never import or reach into each other:
the scene (scenes/table.py) wires them together.
"""
