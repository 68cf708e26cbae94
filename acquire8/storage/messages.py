"""The one-line messages storage gives the player (at most 32 characters each, one line of
the 128 px screen); the full reason goes to the `acquire8.storage` logger."""

# One-line messages for the player (<= 32 characters each).
MSG_SAVE_DAMAGED = "Saved game damaged; set aside"
MSG_SAVE_NEWER = "Save is from a newer version"
MSG_SAVE_FAILED = "Could not save the game"
MSG_SETTINGS_DAMAGED = "Settings damaged; using defaults"
MSG_SETTINGS_NEWER = "Settings from a newer version"
MSG_SETTINGS_RESET = "Some settings reset to defaults"
MSG_SETTINGS_FAILED = "Could not save settings"
MSG_STATS_DAMAGED = "Stats damaged; starting afresh"
MSG_STATS_NEWER = "Stats from a newer version"
MSG_STATS_FAILED = "Could not save stats"
MSG_GAMES_DAMAGED = "Kept games damaged; set aside"
MSG_GAMES_NEWER = "Kept games from a newer version"
MSG_GAMES_FAILED = "Could not keep the game"
MSG_IMPORT_NONE = "No game file to import"
MSG_IMPORT_DAMAGED = "Game file damaged; set aside"
MSG_IMPORT_FOREIGN = "Not a game file; set aside"
MSG_IMPORT_NEWER = "Game file from a newer version"
MSG_IMPORT_MODE = "Game file: a way to play unknown"  # a mode this version does not have
MSG_IMPORT_KEPT = "That game is kept already"
MSG_EXPORT_FAILED = "Could not write the game file"
