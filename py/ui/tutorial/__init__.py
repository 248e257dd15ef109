"""Learn to play: a guided first deal of each game on a prepared deck (plain Python, no DOM).

``lessons`` holds the two lessons (the cards, the scripted seats' moves, the steps), ``steps``
what a step is and how a move is judged against it, ``lesson`` the lesson under way (its
table, its step, the way back to a step's start). The commands are ``ui.commands.tutorial``.
"""
