"""The app's shell: the window, the frame loop, the scene flow, the turn controller and the frame gate."""
