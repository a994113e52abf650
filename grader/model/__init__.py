"""What every wing shares: the results, the settings, the words."""
