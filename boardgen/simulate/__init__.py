"""The simulator: players for any game's rules, games played in parallel, win rates with their intervals."""
