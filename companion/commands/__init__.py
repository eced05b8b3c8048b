"""The command-line tools; each module adds one sub-command (add_parser) and runs it (run)."""
