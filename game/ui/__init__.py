"""Drawing helpers: card faces, layout maths, widgets."""
