"""Long Card Academy."""
