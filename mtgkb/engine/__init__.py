"""The engine: the game state, the stepper that moves it through a scenario's sentences,
and the outcomes a block's claims are read in."""
